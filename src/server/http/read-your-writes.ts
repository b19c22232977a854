import type { Context, MiddlewareHandler } from 'hono';
import type { ReadReplicas } from '../db/read-replicas';
import { readCookie, writeCookie, type CookieSettings } from './cookies';

/** The primary's WAL position after this browser's last change (src/server/db/read-replicas.ts). */
const READ_AFTER_COOKIE = 'mm_read_after';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Each request reads from the replicas only what they hold of this browser's own last change: the
 * position in its cookie scopes the request (wrap every route, pages included).
 */
export function readAfterOwnWrites(replicas: ReadReplicas, cookies: CookieSettings): MiddlewareHandler {
  return (c, next) => replicas.within(readCookie(c, cookies, READ_AFTER_COOKIE), next);
}

/**
 * After a request that changed something, its browser's next reads must see the change: the primary's
 * position goes into the cookie for as long as a serving replica may take to pass it.
 */
export function rememberOwnWrites(replicas: ReadReplicas, cookies: CookieSettings): MiddlewareHandler {
  return async (c, next) => {
    await next();
    if (SAFE_METHODS.has(c.req.method) || c.res.status >= 400) return;
    const position = await replicas.primaryPosition().catch(() => null);
    if (position) writeCookie(c, cookies, READ_AFTER_COOKIE, position, { maxAge: replicas.cookieSeconds });
  };
}

/**
 * Whether the request carries a change of its browser's own that its reads must see (the cookie above,
 * under either of its names): such a read is never served from another request's (`shared-reads.ts`).
 */
export function carriesOwnWrite(c: Context): boolean {
  const cookie = c.req.header('Cookie');
  return cookie !== undefined && cookie.includes(READ_AFTER_COOKIE);
}
