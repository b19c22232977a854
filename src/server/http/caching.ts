import { hash } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { unencodedOpaqueTag } from './compression';

/** How long a shared cache (a CDN, a caching proxy) may answer visitors without asking again. */
export const SHARED_CACHE_SECONDS = 10;

/**
 * A visitor's answer is the same for every visitor: a CDN may keep it for a few seconds, and a browser
 * asks again every time (`max-age=0`; no `stale-while-revalidate`, which browsers honour too and would
 * show a listing as it was before its seller's edit).
 */
export const VISITOR_CACHE_CONTROL = `public, max-age=0, s-maxage=${SHARED_CACHE_SECONDS}`;
/** A member's answer holds their favourites and fitment: their browser may keep it, and must ask again. */
export const MEMBER_CACHE_CONTROL = 'private, no-cache';
/**
 * Who is asking changes the answer (the session cookie), and so may `Accept-Encoding`. The body never
 * depends on `Accept-Language`: only error messages are translated, and those are not cached.
 */
export const CACHEABLE_VARY = 'Cookie, Accept-Encoding';

/**
 * The tag of `If-None-Match` that names this body, in any encoding, as the client sent it (weak or
 * strong: the comparison for `If-None-Match` is the weak one); `*` names any body.
 */
function heldTag(ifNoneMatch: string | undefined, opaque: string): string | undefined {
  if (!ifNoneMatch) return undefined;
  if (ifNoneMatch.trim() === '*') return `"${opaque}"`;
  for (const [tag, held] of ifNoneMatch.matchAll(/(?:W\/)?"([^"]*)"/g))
    if (unencodedOpaqueTag(held!) === opaque) return tag;
  return undefined;
}

/**
 * The tags of bytes already hashed: one body answers several requests when they share a read
 * (`shared-reads.ts`). Bytes are never changed once answered with, so their tag stays theirs.
 */
const hashed = new WeakMap<Uint8Array, string>();

/** The opaque part of a body's `ETag`: its SHA-1, in base64url. */
function tagOf(body: string | Uint8Array<ArrayBuffer>): string {
  if (typeof body === 'string') return hash('sha1', body, 'base64url');
  let tag = hashed.get(body);
  if (tag === undefined) hashed.set(body, (tag = hash('sha1', body, 'base64url')));
  return tag;
}

/**
 * Makes successful GET answers revalidatable: an `ETag` that is a SHA-1 of the body (the compressed forms
 * get their own, see `encodedTag`), `Cache-Control` public for visitors and private for members, and
 * `Vary`. A request whose `If-None-Match` names the current body, in any encoding, gets `304 Not
 * Modified` with no body, carrying the tag the client holds.
 *
 * The handler's `c.json` and `c.body` are taken over for the request, so that the text it writes is
 * hashed as it is and the answer goes out as the handler made it: reading a made answer's body back
 * copied it through a web stream (issue 37's profile of browse).
 */
export function cacheableAnswers(): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let written: string | Uint8Array<ArrayBuffer> | undefined;
    const json = c.json;
    const answer = c.body;
    c.body = ((data: unknown, ...rest: unknown[]) => {
      // A body the handler wrote itself (a JSON text, or its bytes from `jsonAnswer`) is hashed as it is.
      if (typeof data === 'string' || data instanceof Uint8Array)
        written = data as string | Uint8Array<ArrayBuffer>;
      return (answer as (...args: unknown[]) => Response)(data, ...rest);
    }) as typeof answer;
    c.json = ((object: unknown, arg?: number | ResponseInit, headers?: Record<string, string>) =>
      c.body(JSON.stringify(object), arg as never, {
        'Content-Type': 'application/json',
        ...headers,
      })) as unknown as typeof json;
    await next();
    c.json = json;
    c.body = answer;
    const res = c.res;
    // (`res.body` alone would turn the light answer into a web one: asked only when the body is unknown.)
    if (res.status !== 200 || (written === undefined && !res.body)) return;
    const body = written ?? new Uint8Array(await res.arrayBuffer());
    const opaque = tagOf(body);
    // An answer that sets a cookie is never one for everybody.
    const personal = c.get('user') !== null || res.headers.has('Set-Cookie');
    const held = heldTag(c.req.header('If-None-Match'), opaque);
    if (held === undefined && written !== undefined) {
      res.headers.set('Cache-Control', personal ? MEMBER_CACHE_CONTROL : VISITOR_CACHE_CONTROL);
      res.headers.set('Vary', CACHEABLE_VARY);
      res.headers.set('ETag', `"${opaque}"`);
      return;
    }
    const headers = new Headers(res.headers);
    headers.set('Cache-Control', personal ? MEMBER_CACHE_CONTROL : VISITOR_CACHE_CONTROL);
    headers.set('Vary', CACHEABLE_VARY);
    headers.set('ETag', `"${opaque}"`);
    c.res = undefined;
    if (held === undefined) {
      c.res = new Response(body, { status: 200, headers });
      return;
    }
    for (const name of ['Content-Type', 'Content-Length', 'Content-Encoding']) headers.delete(name);
    headers.set('ETag', held);
    c.res = new Response(null, { status: 304, headers });
  };
}
