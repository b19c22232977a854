import pg from 'pg';
import type { Logger } from 'pino';

/** One published event and who it is for. */
export interface Envelope {
  /** Member ids, or `*` for every open socket. */
  users: string[] | '*';
  event: unknown;
}

/** Carries events to every instance (including this one). */
export interface Bus {
  publish(envelope: Envelope): Promise<void>;
  /** `resync` runs after the feed was interrupted, when events may have been lost. */
  subscribe(deliver: (envelope: Envelope) => void, resync: () => void): void;
  close(): Promise<void>;
}

/** A single process (embedded database): events go straight to this instance's sockets. */
export function createLocalBus(): Bus {
  let deliver: (envelope: Envelope) => void = () => undefined;
  return {
    async publish(envelope) {
      queueMicrotask(() => deliver(envelope));
    },
    subscribe(handler) {
      deliver = handler;
    },
    async close() {},
  };
}

export const CHANNEL = 'modmarket_realtime';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more. */
export const MAX_PAYLOAD_BYTES = 7900;

/**
 * Several instances on one PostgreSQL server: NOTIFY through the shared pool, LISTEN on a connection
 * of its own that reconnects (1, 2, 5, then 10 s) and asks sockets to resync after a gap.
 */
export function createPostgresBus(options: { url: string; pool: pg.Pool; logger: Logger }): Bus {
  const { pool, logger } = options;
  let client: pg.Client | null = null;
  let closed = false;
  let attempts = 0;
  let deliver: (envelope: Envelope) => void = () => undefined;
  let resync: () => void = () => undefined;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString: options.url });
    next.on('notification', (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      try {
        deliver(JSON.parse(message.payload) as Envelope);
      } catch (error) {
        logger.warn({ err: error }, 'realtime: unreadable notification');
      }
    });
    const retry = () => {
      if (closed || client !== next) return;
      client = null;
      const delay = [1, 2, 5, 10][Math.min(attempts++, 3)]! * 1000;
      setTimeout(() => void connect(), delay).unref();
    };
    next.on('error', (error) => {
      logger.warn({ err: error.message }, 'realtime: feed connection lost');
      retry();
    });
    next.on('end', retry);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      if (attempts > 0) resync();
      attempts = 0;
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : error }, 'realtime: cannot listen');
      await next.end().catch(() => undefined);
      retry();
    }
  };

  return {
    async publish(envelope) {
      await pool.query('select pg_notify($1, $2)', [CHANNEL, JSON.stringify(envelope)]);
    },
    subscribe(handler, onResync) {
      deliver = handler;
      resync = onResync;
      void connect();
    },
    async close() {
      closed = true;
      const current = client;
      client = null;
      await current?.end().catch(() => undefined);
    },
  };
}
