import { hc, type ClientResponse } from 'hono/client';
import type { SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '@server/app';
import { currentLanguage } from './i18n';

/**
 * The one way the client talks to the server. A feature's `api.ts` calls `call(client.<path>.$<method>())`:
 * paths, parameters, bodies and answers are all typed by the server's route table, never by hand.
 * Nothing else calls `fetch` (lint enforces it).
 */

/** An API failure: the server's stable code and translated message, or NETWORK_ERROR when unreachable. */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly fields: Record<string, string> = {},
  ) {
    super(message);
  }
}

/** This origin's `/api` as an absolute URL (`$url()` needs one); a fixed origin where there is no page (tests). */
function apiBase(): string {
  return new URL('/api', globalThis.location?.href ?? 'http://localhost/').href;
}

/**
 * How requests reach the server: the browser's `fetch`, or, while the server renders a page, the
 * server's own handler (set once by the server entry, so a page's data never leaves the process).
 */
let transport: typeof fetch = (input, init) => fetch(input, init);

export function setApiTransport(next: typeof fetch): void {
  transport = next;
}

/** Every endpoint under `/api`, typed: `client.vehicles[':id'].$put({ param: { id }, json })`. */
export const client = hc<ApiRoutes>(apiBase(), {
  headers: () => ({ Accept: 'application/json', 'Accept-Language': currentLanguage() }),
  init: { credentials: 'same-origin' },
  fetch: (input: RequestInfo | URL, init?: RequestInit) => transport(input, init),
});

/** The body of an answer's success statuses (the error statuses are thrown as `ApiClientError`). */
export type Success<R> =
  R extends ClientResponse<infer Body, infer Status, infer _Format>
    ? Status extends SuccessStatusCode
      ? Body
      : never
    : never;

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/** The error a failed answer stands for, from its status and parsed body (shared with the photo upload). */
export function errorFromAnswer(status: number, body: unknown): ApiClientError {
  const error = (body as ErrorBody | null)?.error;
  return new ApiClientError(
    status,
    error?.code ?? (status >= 500 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR'),
    error?.message ?? '',
    error?.fields ?? {},
  );
}

/** Waits for a typed call and gives its JSON body; throws `ApiClientError` for a failure or no network. */
export async function call<R extends ClientResponse<unknown, number, string>>(
  request: Promise<R>,
): Promise<Success<R>> {
  let response: R;
  try {
    response = await request;
  } catch {
    throw new ApiClientError(0, 'NETWORK_ERROR', '');
  }
  let text: string;
  try {
    text = await response.text();
  } catch {
    throw new ApiClientError(0, 'NETWORK_ERROR', '');
  }
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) throw errorFromAnswer(response.status, data);
  return data as Success<R>;
}

/**
 * A query that failed is tried twice more (after 0.5 and 1 s) when the failure may pass: no network, an
 * outage. A refusal (4xx) would be the same again, so its screen says so at once.
 */
export function retryTransient(failures: number, error: unknown): boolean {
  const transient = !(error instanceof ApiClientError) || error.status === 0 || error.status >= 500;
  return transient && failures < 2;
}
