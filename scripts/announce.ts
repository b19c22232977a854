// Sends an announcement (a "system" notification) to every member who keeps System updates on:
//   npm run announce -- --title "Maintenance on Sunday" --body "ModMarket is read-only 2–3 AM EST." [--link /browse]
// With DATABASE_URL it runs beside live servers (open tabs are told through PostgreSQL NOTIFY). The
// embedded database belongs to the running server: stop it first, or members see it on their next visit.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { createLocalBus, createPostgresBus } from '../src/server/realtime/bus';
import { createRealtimeHub } from '../src/server/realtime/hub';
import { createNotificationsService } from '../src/server/features/notifications/notifications.service';

const { values } = parseArgs({
  options: { title: { type: 'string' }, body: { type: 'string' }, link: { type: 'string' } },
});
const title = values.title?.trim();
const body = values.body?.trim() ?? '';
if (!title || title.length > 120 || body.length > 1000 || (values.link && !values.link.startsWith('/'))) {
  console.error('Usage: npm run announce -- --title "…" (≤120) [--body "…" (≤1000)] [--link /path]');
  process.exit(2);
}

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const database = await openDatabase({
  ...(env.DATABASE_URL
    ? { url: env.DATABASE_URL }
    : { dataDir: path.join(path.resolve(env.DATA_DIR), 'db') }),
  statementTimeoutMs: 60_000,
});
try {
  await migrateDatabase(database.db);
  const bus = env.DATABASE_URL
    ? createPostgresBus({ url: env.DATABASE_URL, pool: database.pool, logger })
    : createLocalBus();
  const realtime = createRealtimeHub({
    db: database.db,
    bus,
    logger,
    authenticate: async () => null,
    stillValid: async () => false,
    allowedOrigins: () => [],
  });
  const reached = await createNotificationsService({ db: database.db, realtime }).announce({
    title,
    body,
    link: values.link ?? null,
  });
  await realtime.close();
  logger.info({ reached }, 'announcement sent');
} finally {
  await database.close();
}
