import { systemClock } from './clock';
import path from 'node:path';
import type { Logger } from 'pino';
import type { Env } from './env';
import { createApp, type App } from './app';
import { createHttpServer, stopHttpServer } from './http/http-server';
import { openDatabase, type Database, type DatabaseOptions } from './db/client';
import { migrateDatabase } from './db/migrate';
import { createStorage } from './storage/create-storage';
import type { Storage } from './storage/storage';
import { isDatabaseEmpty, seedDemoCatalog } from './seed/seed-demo';
import { startJobWorker } from './jobs/queue';
import { housekeeping } from './jobs/housekeeping';
import { createPostgresBus } from './realtime/bus';
import { startOperatorSocket } from './backup/operator-socket';
import { setAdmin } from './features/admin/admin.service';
import { makePrivateDir, restrictNewFiles, tightenTree } from './storage/file-modes';

/** At shutdown, requests in flight get this long to finish, then the running job this long more. */
const REQUEST_GRACE_MS = 5_000;
const JOB_GRACE_MS = 2_000;
/** How often the search impressions counted in memory are written (a crash loses at most this much). */
const IMPRESSIONS_FLUSH_MS = 10_000;

export interface RunningServer {
  url: string;
  database: Database;
  app: App;
  stop(): Promise<void>;
}

/** How to open the database; `replicas: false` for work on the primary alone (the cluster's preparation). */
function databaseSettings(env: Env, logger: Logger, replicas = true): DatabaseOptions {
  return {
    ...(env.DATABASE_URL
      ? { url: env.DATABASE_URL }
      : { dataDir: path.join(path.resolve(env.DATA_DIR), 'db') }),
    poolMax: env.DB_POOL_MAX,
    statementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
    queueTimeoutMs: env.DB_QUEUE_TIMEOUT_MS,
    ...(replicas && env.DATABASE_READ_URL?.length
      ? {
          readUrls: env.DATABASE_READ_URL,
          readMaxLagMs: env.DATABASE_READ_MAX_LAG_MS,
          onReplicaChange: (replica, error) =>
            logger.warn(
              { replica: replica.name, lagMs: replica.lagMs, up: replica.up, err: error },
              replica.serving
                ? 'read replica serving'
                : 'read replica out of service: reads go to the primary',
            ),
        }
      : {}),
  };
}

/** Brings the schema up to date and, on a first start with SEED_DEMO, fills the demo catalogue. */
async function migrateAndSeed(database: Database, storage: Storage, env: Env, logger: Logger): Promise<void> {
  await migrateDatabase(database.db, database.kind === 'postgres' ? { shared: database.pool } : {});
  if (env.SEED_DEMO && (await isDatabaseEmpty(database.db))) {
    logger.info('empty database: seeding the demo catalogue (SEED_DEMO=false skips this)');
    await seedDemoCatalog({ db: database.db, storage, logger, maxPhotosPerListing: env.SEED_DEMO_PHOTOS });
  }
}

/**
 * What the processes of a cluster must find done before they start, done once by its primary
 * (cluster.ts): the schema migrated and a first start seeded. A PostgreSQL server only.
 */
export async function prepareDatabase(env: Env, logger: Logger): Promise<void> {
  const database = await openDatabase(databaseSettings(env, logger, false));
  try {
    await migrateAndSeed(database, createStorage(env, path.resolve(env.DATA_DIR)), env, logger);
  } finally {
    await database.close();
  }
}

/**
 * Opens the database, migrates it and seeds a first start (unless a cluster's primary `prepared` it),
 * and listens.
 */
export async function startServer(
  env: Env,
  logger: Logger,
  options: { clientDir?: string; prepared?: boolean } = {},
): Promise<RunningServer> {
  const dataDir = path.resolve(env.DATA_DIR);
  // DATA_DIR holds password hashes, sessions, photos and exports: the app's user alone may open it.
  restrictNewFiles();
  await makePrivateDir(dataDir);
  await tightenTree(dataDir);
  const database = await openDatabase(databaseSettings(env, logger));
  logger.info({ database: database.kind, readReplicas: env.DATABASE_READ_URL?.length ?? 0 }, 'database open');
  const storage = createStorage(env, dataDir);
  if (!options.prepared) await migrateAndSeed(database, storage, env, logger);
  // Only this process may open the embedded database: operator commands ask it through DATA_DIR's socket.
  const dumpEmbedded = database.dumpEmbedded;
  const operator = dumpEmbedded
    ? await startOperatorSocket(
        dataDir,
        { dumpDatabase: dumpEmbedded, setAdmin: (email, isAdmin) => setAdmin(database.db, email, isAdmin) },
        logger,
      )
    : null;
  logger.info({ storage: env.s3 ? `s3://${env.s3.bucket}` : 'disk' }, 'file storage');

  // The embedded database writes its files open to everyone, whatever the umask.
  const embeddedDir = env.DATABASE_URL ? null : path.join(dataDir, 'db');
  const tightenEmbedded = async () => {
    if (embeddedDir) await tightenTree(embeddedDir);
  };
  await tightenEmbedded();

  let wake = () => undefined as void;
  // Several instances share one PostgreSQL server: realtime events travel through LISTEN/NOTIFY.
  const realtimeBus = env.DATABASE_URL
    ? createPostgresBus({ url: env.DATABASE_URL, pool: database.pool, logger })
    : undefined;
  const app = createApp({
    env,
    database,
    storage,
    logger,
    wakeJobs: () => wake(),
    ...(realtimeBus ? { realtimeBus } : {}),
    ...options,
  });
  const worker = startJobWorker(database.db, app.jobHandlers, logger);
  wake = worker.wake;
  const tidying = setInterval(() => {
    housekeeping(database.db, storage, systemClock())
      .then(tightenEmbedded)
      .catch((error: unknown) => logger.warn({ err: error }, 'housekeeping'));
    app
      .reconcilePayments()
      .then((found) => {
        if (found) logger.warn({ found }, 'payment differences with Stripe: see the moderation desk');
      })
      .catch((error: unknown) => logger.warn({ err: error }, 'payment reconciliation'));
  }, 3600_000);
  tidying.unref();
  const flushing = setInterval(() => {
    app.flushImpressions().catch((error: unknown) => logger.warn({ err: error }, 'search impressions'));
  }, IMPRESSIONS_FLUSH_MS);
  flushing.unref();
  const server = createHttpServer(app.fetch);
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, resolve));
  app.realtime.attach(server);
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : env.PORT;
  const url = `http://localhost:${port}`;
  logger.info({ url, publicUrl: env.PUBLIC_URL, pid: process.pid }, 'ModMarket is listening');
  // At once, not with the next batch of lines: whoever started the server waits for this line.
  logger.flush();

  return {
    url,
    database,
    app,
    async stop() {
      // No new connections; idle keep-alive ones close once truly idle, busy ones once answered.
      const closed = stopHttpServer(server, REQUEST_GRACE_MS);
      await app.realtime.close();
      await closed;
      clearInterval(tidying);
      clearInterval(flushing);
      await app
        .flushImpressions()
        .catch((error: unknown) => logger.warn({ err: error }, 'search impressions'));
      await worker.stop(JOB_GRACE_MS);
      await operator?.close();
      await database.close();
      await tightenEmbedded();
    },
  };
}
