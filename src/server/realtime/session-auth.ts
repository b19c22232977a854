import type { IncomingMessage } from 'node:http';
import { parse } from 'hono/utils/cookie';
import type { Clock } from '../clock';
import type { Db } from '../db/client';
import { findSessionUser, sessionCookieName, type CookieSettings } from '../features/auth/sessions';

/** Sockets use the same session cookie as the API, from this site's own pages only. */
export function sessionAuthenticator(db: Db, cookies: CookieSettings, publicUrl: string, clock: Clock) {
  const publicOrigin = new URL(publicUrl).origin;
  const publicScheme = new URL(publicUrl).protocol;
  return {
    async authenticate(req: IncomingMessage) {
      const token = parse(req.headers.cookie ?? '', sessionCookieName(cookies))[sessionCookieName(cookies)];
      if (!token || token.length > 100) return null;
      const found = await findSessionUser(db, token, clock());
      return found ? { userId: found.user.id, token } : null;
    },
    async stillValid(token: string) {
      return (await findSessionUser(db, token, clock())) !== null;
    },
    /**
     * The public address, and the host the request itself came to over the public scheme (a
     * developer's Vite proxy); never the same host over plain http when the site is https.
     */
    allowedOrigins(req: IncomingMessage) {
      const host = req.headers.host;
      return [publicOrigin, ...(host ? [`${publicScheme}//${host}`] : [])];
    },
  };
}
