import type { Context, TypedResponse } from 'hono';
import type { JSONParsed } from 'hono/utils/types';

/**
 * A 200 answer whose JSON the handler wrote itself, as UTF-8, typed as `c.json` would type the value it
 * is the JSON of (the route's schema still checks it): for a page of cards made before, whose bytes are
 * kept (`pageJson`), so that the page is not serialised or encoded again on every request.
 */
export function jsonAnswer<T>(c: Context, json: Uint8Array<ArrayBuffer>): JsonAnswer<T> {
  return c.body(json, 200, { 'Content-Type': 'application/json' }) as unknown as JsonAnswer<T>;
}

type JsonAnswer<T> = Response & TypedResponse<JSONParsed<T>, 200, 'json'>;
