import { currentLanguage } from './i18n';

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

interface ErrorBody {
  error?: { code?: string; message?: string; fields?: Record<string, string> };
}

/** Calls the API with JSON in and out, in the interface's language; throws ApiClientError. */
export async function api<T>(path: string, options: { method?: string; body?: unknown } = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api${path}`, {
      method: options.method ?? (options.body === undefined ? 'GET' : 'POST'),
      headers: {
        Accept: 'application/json',
        'Accept-Language': currentLanguage(),
        ...(options.body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      credentials: 'same-origin',
      ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    });
  } catch {
    throw new ApiClientError(0, 'NETWORK_ERROR', '');
  }
  const text = await response.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data as ErrorBody | null)?.error;
    throw new ApiClientError(
      response.status,
      error?.code ?? (response.status >= 500 ? 'SERVICE_UNAVAILABLE' : 'INTERNAL_ERROR'),
      error?.message ?? '',
      error?.fields ?? {},
    );
  }
  return data as T;
}
