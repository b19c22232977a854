import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { Logger } from 'pino';
import type { AppEnv } from './app-env';

const REQUEST_ID = /^[A-Za-z0-9-]{8,64}$/;

/**
 * One JSON line per request with its id and the member's id. Logs the path only, never the query string, which may hold
 * tokens (confirmation and reset links), nor any header or body.
 */
export function requestLogger(logger: Logger): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const incoming = c.req.header('x-request-id');
    const requestId = incoming && REQUEST_ID.test(incoming) ? incoming : randomUUID();
    const child = logger.child({ requestId });
    c.set('requestId', requestId);
    c.set('logger', child);
    c.header('x-request-id', requestId);
    const started = performance.now();
    await next();
    child.info(
      {
        method: c.req.method,
        path: c.req.path,
        status: c.res.status,
        // Who asked (null for visitors): the member's id, never their email.
        memberId: c.get('user')?.id ?? null,
        ms: Math.round((performance.now() - started) * 10) / 10,
      },
      'request',
    );
  };
}
