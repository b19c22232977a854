import type { MiddlewareHandler } from 'hono';
import { errorBody } from './api-error';
import type { AppEnv } from './app-env';

/**
 * Characters no form field of ours takes: NUL (which PostgreSQL cannot store in text, and which broke
 * the embedded database's connection), the rest of C0 but tab, line feed and carriage return, and DEL;
 * and half a character, a surrogate without its pair, which JSON can write as an escape (`"\ud800"`)
 * and PostgreSQL's JSON refuses (a saved search's query, a shipping address).
 */
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/;
const HALF = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;
const unstorable = (text: string) => CONTROL.test(text) || HALF.test(text);

function hasUnstorable(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return unstorable(value);
  if (depth > 20 || value === null || typeof value !== 'object') return false;
  return Object.entries(value).some(([key, item]) => unstorable(key) || hasUnstorable(item, depth + 1));
}

/**
 * Refuses, as bad input, a request with a control character or half a character anywhere in its query
 * or its JSON body, before it reaches a handler. The parsed body stays cached for the route's validator.
 */
export function refuseUnstorableText(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    // The query as sent (the text after `?`), without parsing the whole address again on every request.
    const url = c.req.url;
    const query = url.indexOf('?');
    let bad = false;
    if (query !== -1) {
      try {
        // A %-escape decodes to whole characters or fails: only control characters can come this way.
        bad = CONTROL.test(decodeURIComponent(url.slice(query)));
      } catch {
        bad = true; // a malformed %-escape
      }
    }
    if (!bad && c.req.header('content-type')?.includes('application/json')) {
      // Malformed JSON is the validator's to refuse, with its own message.
      const body: unknown = await c.req.json().catch(() => undefined);
      bad = hasUnstorable(body);
    }
    if (bad) return c.json(errorBody(c, 'VALIDATION_ERROR'), 400);
    await next();
  };
}
