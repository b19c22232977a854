import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/**
 * A 200 answer whose JSON the handler wrote itself, typed as `c.json` would type the value it is the
 * text of (the route's schema still checks it): for a page of cards made before, whose text is kept
 * (`pageJson`), so that the page is not serialised again on every request.
 */
export function jsonAnswer<T>(c: Context, text: string): JsonAnswer<T> {
  return c.body(text, 200, { 'Content-Type': 'application/json' }) as unknown as JsonAnswer<T>;
}

type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
