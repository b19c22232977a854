import type { Logger } from 'pino';
import type { SessionUser } from '@common/schemas/auth';

/** Per-request values handlers read with `c.get(...)`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
    clientIp: string;
    /** The address as abuse limits count it (IPv6 by its /64). */
    clientNet: string;
    /** The signed-in member, or null; set by the session middleware on /api. */
    user: SessionUser | null;
    sessionId: string | null;
  };
}
