import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { networkOf } from '../security/rate-limit';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The asker's IP, for rate limits: the socket's address; or, behind `trustedProxies` proxies of ours,
 * the address the outermost of them saw. Each proxy appends to X-Forwarded-For, so that address is the
 * entry `trustedProxies` from the end; anything before it is the client's own word.
 */
export function clientIp(trustedProxies: number): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    if (trustedProxies > 0) {
      const entries = (c.req.header('x-forwarded-for') ?? '')
        .split(',')
        .map((entry) => entry.trim())
        .filter(Boolean);
      const forwarded = entries[Math.max(entries.length - trustedProxies, 0)];
      if (forwarded) ip = forwarded;
    }
    const address = ip?.replace(/^::ffff:/, '') ?? 'unknown';
    c.set('clientIp', address);
    c.set('clientNet', networkOf(address));
    await next();
  };
}
