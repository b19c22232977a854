import type { Logger } from 'pino';

/** Per-request values handlers read with `c.get(...)`. */
export interface AppEnv {
  Variables: {
    requestId: string;
    logger: Logger;
  };
}
