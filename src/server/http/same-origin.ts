import type { MiddlewareHandler } from 'hono';
import { ApiError } from './api-error';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Cross-site request forgery, refused for every state-changing request. A browser says where a
 * request comes from: `Sec-Fetch-Site` (every current browser) must be `same-origin` (or `none`, the
 * member's own action); without it, an `Origin` must be this site's. A request with neither is not
 * from a browser page (curl, a server), and the session cookie (SameSite=Lax) is the rest of the
 * defence. `exempt` names the few routes called cross-site by design, each checked its own way.
 */
export function refuseCrossSite(publicUrl: string, exempt: (path: string) => boolean): MiddlewareHandler {
  const ownOrigin = new URL(publicUrl).origin;
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    const site = c.req.header('sec-fetch-site');
    if (site !== undefined) {
      if (site !== 'same-origin' && site !== 'none') throw new ApiError(403, 'CROSS_SITE_REQUEST');
      return next();
    }
    // Scheme, host and port: the same host over plain http is another origin.
    const origin = c.req.header('origin');
    if (origin !== undefined && origin !== ownOrigin) throw new ApiError(403, 'CROSS_SITE_REQUEST');
    return next();
  };
}

/**
 * Requests that carry a body must say it is JSON (photo uploads and provider callbacks excepted): a
 * plain HTML form on another site can send only form or text bodies, never `application/json`.
 */
export function requireJsonBodies(exempt: (path: string) => boolean): MiddlewareHandler {
  return async (c, next) => {
    if (SAFE_METHODS.has(c.req.method) || exempt(c.req.path)) return next();
    // On the wire a body always announces itself by one of these two headers.
    const length = c.req.header('content-length');
    const hasBody =
      (length !== undefined && length !== '0') || c.req.header('transfer-encoding') !== undefined;
    if (!hasBody) return next();
    const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (type !== 'application/json') throw new ApiError(415, 'JSON_REQUIRED');
    return next();
  };
}
