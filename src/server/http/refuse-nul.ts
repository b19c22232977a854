import type { MiddlewareHandler } from 'hono';
import { errorBody } from './api-error';
import type { AppEnv } from './app-env';

// eslint-disable-next-line no-control-regex
const NUL = /\u0000/;

/**
 * PostgreSQL stores no NUL character in text, and a query carrying one fails (on the embedded
 * database it can even break the connection): a request with one anywhere in its query or JSON body
 * is refused here, as bad input, before it reaches a handler.
 */
export function refuseNul(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let bad: boolean;
    try {
      bad = NUL.test(decodeURIComponent(new URL(c.req.url).search));
    } catch {
      bad = true; // a malformed %-escape
    }
    if (!bad && c.req.header('content-type')?.includes('application/json')) {
      // Read once here; the body stays cached for the validator.
      const text = await c.req.text();
      bad = NUL.test(text) || /\\u0000/i.test(text);
    }
    if (bad) return c.json(errorBody(c, 'VALIDATION_ERROR'), 400);
    await next();
  };
}
