import type { MiddlewareHandler } from 'hono';
import { errorBody } from './api-error';
import type { AppEnv } from './app-env';

/**
 * Control characters no form field of ours takes: NUL (which PostgreSQL cannot store in text, and
 * which broke the embedded database's connection), the rest of C0 but tab, line feed and carriage
 * return, and DEL.
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;

function hasControl(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return CONTROL.test(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => CONTROL.test(key) || hasControl(item, depth + 1));
}

/**
 * Refuses, as bad input, a request with a control character anywhere in its query or its JSON body,
 * before it reaches a handler. The parsed body stays cached for the route's validator.
 */
export function refuseControlCharacters(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let bad: boolean;
    try {
      bad = CONTROL.test(decodeURIComponent(new URL(c.req.url).search));
    } catch {
      bad = true; // a malformed %-escape
    }
    if (!bad && c.req.header('content-type')?.includes('application/json')) {
      // Malformed JSON is the validator's to refuse, with its own message.
      const body: unknown = await c.req.json().catch(() => undefined);
      bad = hasControl(body);
    }
    if (bad) return c.json(errorBody(c, 'VALIDATION_ERROR'), 400);
    await next();
  };
}
