import type { IncomingMessage } from 'node:http';
import { parse } from 'hono/utils/cookie';
import type { Db } from '../db/client';
import { findSessionUser, sessionCookieName, type CookieSettings } from '../features/auth/sessions';

/** Sockets use the same session cookie as the API, from this site's own pages only. */
export function sessionAuthenticator(db: Db, cookies: CookieSettings, publicUrl: string) {
  const publicOrigin = new URL(publicUrl).origin;
  return {
    async authenticate(req: IncomingMessage) {
      const token = parse(req.headers.cookie ?? '', sessionCookieName(cookies))[sessionCookieName(cookies)];
      if (!token || token.length > 100) return null;
      const found = await findSessionUser(db, token);
      return found ? { userId: found.user.id, token } : null;
    },
    async stillValid(token: string) {
      return (await findSessionUser(db, token)) !== null;
    },
    /** The public address, and the address the request itself came to (same origin). */
    allowedOrigins(req: IncomingMessage) {
      const host = req.headers.host;
      return [publicOrigin, ...(host ? [`http://${host}`, `https://${host}`] : [])];
    },
  };
}
