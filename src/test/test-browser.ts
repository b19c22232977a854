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

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    // A form with a file goes as multipart, its boundary and length set by the request itself.
    const multipart = body instanceof FormData;
    const payload =
      body instanceof URLSearchParams
        ? body.toString()
        : body !== undefined && !multipart
          ? JSON.stringify(body)
          : undefined;
    const response = await this.t.app.request(
      path,
      {
        method,
        headers: {
          'Accept-Language': this.language,
          ...(body instanceof URLSearchParams
            ? { 'Content-Type': 'application/x-www-form-urlencoded' }
            : body !== undefined && !multipart
              ? { 'Content-Type': 'application/json' }
              : {}),
          ...(cookie ? { Cookie: cookie } : {}),
          // As a browser sends it: the server reads whether a body came from this header.
          ...(payload !== undefined ? { 'Content-Length': String(Buffer.byteLength(payload)) } : {}),
          ...headers,
        },
        ...(multipart ? { body } : payload !== undefined ? { body: payload } : {}),
      },
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
    const text = await response.text();
    return {
      status: response.status,
      headers: response.headers,
      body: (text ? JSON.parse(text) : null) as T,
    };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>('GET', path);
  }

  post<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('POST', path, body);
  }

  put<T = Record<string, unknown>>(path: string, body: unknown = {}) {
    return this.request<T>('PUT', path, body);
  }

  /** Sends a file as the photo picker does: a multipart form with it as `file`. */
  upload<T = Record<string, unknown>>(path: string, file: File, headers: Record<string, string> = {}) {
    const form = new FormData();
    form.set('file', file);
    return this.request<T>('POST', path, form, headers);
  }
}

/** The token of the first link to `path` in an email's plain text. */
export function linkToken(text: string, path: string): string {
  const match = text.match(
    new RegExp(`https?://[^\\s]+${path.replace('/', '\\/')}\\?token=([A-Za-z0-9_-]+)`),
  );
  if (!match?.[1]) throw new Error(`no ${path} link in:\n${text}`);
  return match[1];
}
