import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from './app-env';
import { networkOf } from '../security/rate-limit';

interface NodeBindings {
  incoming?: { socket?: { remoteAddress?: string } };
}

/**
 * The asker's IP, for rate limits: the socket's address, or, only when TRUST_PROXY is set, the last
 * address in X-Forwarded-For (the one our own proxy appended; earlier entries are the client's word).
 */
export function clientIp(trustProxy: boolean): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    let ip = (c.env as NodeBindings | undefined)?.incoming?.socket?.remoteAddress;
    if (trustProxy) {
      const forwarded = c.req.header('x-forwarded-for')?.split(',').at(-1)?.trim();
      if (forwarded) ip = forwarded;
    }
    const address = ip?.replace(/^::ffff:/, '') ?? 'unknown';
    c.set('clientIp', address);
    c.set('clientNet', networkOf(address));
    await next();
  };
}
