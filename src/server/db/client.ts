import { drizzle, type NodePgDatabase } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import * as schema from './schema';
import './transaction-fix';

import { startEmbeddedPostgres, type EmbeddedServer } from './embedded/start-embedded';
import { createReadReplicas, type ReadReplicas, type ReplicaStatus } from './read-replicas';

export type Db = NodePgDatabase<typeof schema>;
/** A transaction's handle, as `db.transaction` passes it. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
/** Either: for work that may run inside the caller's transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  /**
   * For the reads that may come from a read replica (browse, search, listing pages, the sitemap): the
   * primary itself when there are none. Never for a transaction or a write.
   */
  reads: Db;
  /** The read replicas (DATABASE_READ_URL), or null. */
  replicas: ReadReplicas | null;
  pool: pg.Pool;
  kind: 'postgres' | 'embedded';
  /** Embedded only: the whole database as PGlite's gzipped tar of its data folder, while it serves. */
  dumpEmbedded: (() => Promise<Buffer>) | null;
  /** Resolves when the database answers a trivial query. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/** How long a request waits in the queue for a database connection when the configuration says nothing. */
export const DEFAULT_QUEUE_TIMEOUT_MS = 30_000;

export interface DatabaseOptions {
  /** A PostgreSQL server; when absent, embedded PostgreSQL (PGlite) under `dataDir`. */
  url?: string;
  /** Folder for PGlite's files, or `memory://`. */
  dataDir?: string;
  poolMax?: number;
  /** Longest a statement may run (PostgreSQL cancels it; the client stops waiting 1 s later on both paths). */
  statementTimeoutMs: number;
  /**
   * Longest a request waits for a free connection before its statement starts (the embedded database
   * runs one at a time, so a busy moment queues): past it, the database counts as unavailable (503).
   * Separate from the statement's own limit. 30 s when not given.
   */
  queueTimeoutMs?: number;
  /** Embedded only: keep PGlite on this thread (tests). */
  inThread?: boolean;
  /** Embedded on this thread only: a dump (`dumpEmbedded`) to start from instead of an empty database. */
  startFrom?: Uint8Array;
  /**
   * Embedded on this thread only: PostgreSQL's `shared_buffers` (128MB when not given). Laying out
   * 128MB is about a third of what opening a small database costs (the tests give 16MB).
   */
  sharedBuffers?: string;
  /** Streaming replicas of `url` for `reads` (DATABASE_READ_URL). */
  readUrls?: string[];
  /** How far behind (ms) a replica may be and still serve reads. */
  readMaxLagMs?: number;
  /** Told when a replica stops or starts serving reads. */
  onReplicaChange?: (status: ReplicaStatus, error?: unknown) => void;
}

/**
 * Opens the database. Both paths go through a `pg` pool and the same Drizzle instance: a real server,
 * or PGlite served on a Unix socket from a worker thread, so a slow query never holds the HTTP thread.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  let embedded: EmbeddedServer | undefined;
  let poolConfig: pg.PoolConfig;
  if (options.url) {
    poolConfig = {
      connectionString: options.url,
      max: options.poolMax ?? 10,
      // Compiling a query costs tens of milliseconds, more than any of this app's statements take when
      // an index serves them; the planner starts it on cost estimates alone (docs/decisions.md).
      options: '-c jit=off',
    };
  } else {
    embedded = await startEmbeddedPostgres({
      dataDir: options.dataDir ?? 'memory://',
      ...(options.inThread ? { inThread: true } : {}),
      startFrom: options.startFrom,
      sharedBuffers: options.sharedBuffers,
    });
    // PGlite is one backend: one connection, queries queue in the pool.
    poolConfig = { host: embedded.socketDir, database: 'postgres', user: 'postgres', max: 1 };
  }

  const pool = new pg.Pool({
    ...poolConfig,
    // Enforced by the server on PostgreSQL; PGlite cannot interrupt itself, so the client-side
    // query_timeout also bounds how long a request waits (see docs/decisions.md).
    statement_timeout: options.statementTimeoutMs,
    query_timeout: options.statementTimeoutMs + 1_000,
    // pg-pool's wait for a connection: the queue's bound, whatever the statements' own limit.
    connectionTimeoutMillis: options.queueTimeoutMs ?? DEFAULT_QUEUE_TIMEOUT_MS,
    idleTimeoutMillis: 30_000,
    // PGlite is one session, whichever connection reaches it: the statements an earlier connection
    // prepared by name (the listing page's, browse's first pages') are still there, and a new client,
    // which does not know them, would be refused preparing them again. Done before the pool hands it out.
    ...(embedded ? { onConnect: (client: pg.ClientBase) => client.query('deallocate all') } : {}),
  });
  // A client that loses its connection (the server restarted) must not crash the process: idle ones
  // are reported on the pool; one checked out between two statements of a transaction on itself. Its
  // next query fails, the request answers 503, and the pool connects anew.
  pool.on('error', () => undefined);
  pool.on('connect', (client) => client.on('error', () => undefined));

  const db = drizzle(pool, { schema });
  const replicas =
    options.url && options.readUrls?.length
      ? createReadReplicas({
          primary: pool,
          urls: options.readUrls,
          statementTimeoutMs: options.statementTimeoutMs,
          maxLagMs: options.readMaxLagMs ?? 5_000,
          ...(options.poolMax ? { poolMax: options.poolMax } : {}),
          ...(options.onReplicaChange ? { onChange: options.onReplicaChange } : {}),
        })
      : null;
  let closing: Promise<void> | undefined;
  return {
    db,
    reads: replicas ? drizzle({ client: replicas.client as unknown as pg.Pool, schema }) : db,
    replicas,
    pool,
    kind: embedded ? 'embedded' : 'postgres',
    dumpEmbedded: embedded ? () => embedded.dump() : null,
    async ping() {
      await pool.query('select 1');
    },
    // Once: a second call (a test that closed it to see the app without it, then its own clean-up)
    // waits for the first instead of failing on the ended pool and leaving the rest undone.
    close() {
      return (closing ??= (async () => {
        await replicas?.close();
        await pool.end();
        await embedded?.stop();
      })());
    },
  };
}
