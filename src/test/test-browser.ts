import { expect } from 'vitest';
import { hc, type ClientResponse } from 'hono/client';
import type { StatusCode, SuccessStatusCode } from 'hono/utils/http-status';
import type { ApiRoutes } from '@server/app';
import type { ErrorResponse } from '@common/schemas/errors';
import type { TestApp } from './test-app';

export interface TestResponse<T = unknown> {
  status: number;
  body: T;
  headers: Headers;
}

/**
 * A client of the test app that keeps cookies like a browser (name=value only; attributes are read
 * from `lastSetCookies`) and comes from one IP address.
 */
export class TestBrowser {
  readonly cookies = new Map<string, string>();
  lastSetCookies: string[] = [];

  constructor(
    private readonly t: Pick<TestApp, 'app'>,
    readonly ip = '203.0.113.10',
    private readonly language = 'en',
  ) {}

  /**
   * Every endpoint under `/api`, typed by the server's route table (as the client's `hc` calls are):
   * `await readAnswer(browser.api.listings[':id'].$get({ param: { id } }))`. It goes through `send`, as
   * `request` does.
   */
  readonly api = hc<ApiRoutes>('http://localhost/api', {
    fetch: (input: RequestInfo | URL, init?: RequestInit) => this.send(input, init),
  });

  /**
   * Any request at all, untyped: for what the typed `api` cannot send (a malformed body, a wrong
   * content type, an unknown path, a raw form, a cross-site request).
   */
  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    // A form with a file goes as multipart, its boundary and length set by the request itself.
    const multipart = body instanceof FormData;
    const payload =
      body instanceof URLSearchParams
        ? body.toString()
        : body !== undefined && !multipart
          ? JSON.stringify(body)
          : undefined;
    const response = await this.send(path, {
      method,
      headers: {
        ...(body instanceof URLSearchParams
          ? { 'Content-Type': 'application/x-www-form-urlencoded' }
          : body !== undefined && !multipart
            ? { 'Content-Type': 'application/json' }
            : {}),
        ...headers,
      },
      ...(multipart ? { body } : payload !== undefined ? { body: payload } : {}),
    });
    return { status: response.status, headers: response.headers, body: (await jsonBody(response)) as T };
  }

  /**
   * Sends a request as this browser: its language, its cookies (kept from every answer), a text
   * body's length (the server reads whether a body came from it) and its IP address as the
   * connection's remote address.
   */
  private async send(input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const headers = new Headers({ 'Accept-Language': this.language });
    for (const [name, value] of new Headers(init.headers)) headers.set(name, value);
    if (cookie && !headers.has('Cookie')) headers.set('Cookie', cookie);
    if (typeof init.body === 'string' && !headers.has('Content-Length'))
      headers.set('Content-Length', String(Buffer.byteLength(init.body)));
    const response = await this.t.app.request(
      input instanceof Request ? input : String(input),
      { ...init, headers },
      { incoming: { socket: { remoteAddress: this.ip } } },
    );
    this.lastSetCookies = response.headers.getSetCookie();
    for (const line of this.lastSetCookies) {
      const [pair = '', ...attributes] = line.split(';');
      const index = pair.indexOf('=');
      const name = pair.slice(0, index).trim();
      const value = pair.slice(index + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim()));
      if (!value || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    return response;
  }

  /** Sends a file as the photo picker does: a multipart form with it as `file`. */
  upload<T = Record<string, unknown>>(path: string, file: File, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.set('file', file);
    return this.request<T>('POST', path, form, headers);
  }
}

/**
 * A typed call's answer as a test reads it: its status, its JSON body (null when empty) and its
 * headers, one member per status the route declares and one for any other status (the shared error
 * shape, as a refusal from before the route gives: a rate limit, a cross-site request), so checking
 * the status with `expectStatus` narrows the body.
 */
export type Answer<R> =
  | (R extends ClientResponse<infer Body, infer Status, infer _Format>
      ? { status: Status; body: Body; headers: Headers }
      : never)
  | { status: Exclude<StatusCode, DeclaredStatus<R>>; body: ErrorResponse; headers: Headers };

type DeclaredStatus<R> = R extends ClientResponse<unknown, infer Status, string> ? Status : never;

/** Waits for a call of `browser.api` and reads its whole answer. */
export async function readAnswer<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<Answer<R>> {
  const response = await call;
  return { status: response.status, headers: response.headers, body: await jsonBody(response) } as Answer<R>;
}

/** An answer's JSON body, or null when it has none. */
async function jsonBody(response: Response): Promise<unknown> {
  const text = await response.text();
  return text ? JSON.parse(text) : null;
}

type SuccessBody<R> = Extract<Answer<R>, { status: SuccessStatusCode }>['body'];

/** Waits for a call of `browser.api` that is to succeed and gives its body (a failure fails the test). */
export async function okBody<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<SuccessBody<R>> {
  const read = await readAnswer(call);
  if (read.status < 200 || read.status > 299)
    throw new Error(`expected a success, got ${read.status}: ${JSON.stringify(read.body)}`);
  return read.body as SuccessBody<R>;
}

/** Waits for a call of `browser.api` that is to fail and gives its error body (a success fails the test). */
export async function failureBody<R extends ClientResponse<unknown, number, string>>(
  call: Promise<R>,
): Promise<ErrorResponse> {
  const read = await readAnswer(call);
  if (read.status >= 200 && read.status <= 299)
    throw new Error(`expected a failure, got ${read.status}: ${JSON.stringify(read.body)}`);
  return read.body as ErrorResponse;
}

/** The members of an answer that may have this status. */
export type AnswerOf<A, S extends number> = A extends { status: infer T }
  ? S extends T
    ? A & { status: S }
    : never
  : never;

/** `expect(answer.status, message).toBe(status)`, narrowing the answer (and so its body) to that status. */
export function expectStatus<A extends { status: number }, S extends number>(
  answer: A,
  status: S,
  message?: string,
): asserts answer is AnswerOf<A, S> {
  expect(answer.status, message).toBe(status);
}

/** The token of the first link to `path` in an email's plain text. */
export function linkToken(text: string, path: string): string {
  const match = text.match(
    new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`),
  );
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}
