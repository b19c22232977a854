// Seeds the demo catalogue into the configured database on demand (`npm run seed`).
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { loadEnv } from '../src/server/env';
import { createLogger } from '../src/server/logger';
import { openDatabase } from '../src/server/db/client';
import { migrateDatabase } from '../src/server/db/migrate';
import { users } from '../src/server/db/schema';
import { createLocalStorage } from '../src/server/storage/local-storage';
import { seedDemoCatalog } from '../src/server/seed/seed-demo';
import { DEMO_SELLERS } from '../src/server/seed/demo-catalog-data';

const env = loadEnv();
const logger = createLogger(env.LOG_LEVEL);
const dataDir = path.resolve(env.DATA_DIR);
const database = await openDatabase({
  ...(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: path.join(dataDir, 'db') }),
  statementTimeoutMs: 60_000,
});
try {
  await migrateDatabase(database.db);
  const first = DEMO_SELLERS[0];
  const existing = first ? await database.db.select().from(users).where(eq(users.email, first.email)) : [];
  if (existing.length > 0) {
    logger.info('the demo catalogue is already there');
  } else {
    await seedDemoCatalog({
      db: database.db,
      storage: createLocalStorage(path.join(dataDir, 'uploads')),
      logger,
    });
  }
} finally {
  await database.close();
}
