import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase, type Database } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';

/** The PostgreSQL server the tests run against (TEST_DATABASE_URL), or undefined: embedded. */
export function postgresServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL;
}

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the API tests both ways), dropped afterwards.
 */
export async function createTestDatabase(): Promise<Database & { url?: string }> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    const database = await openDatabase({ dataDir: 'memory://', inThread: true, statementTimeoutMs: 10_000 });
    await migrateDatabase(database.db);
    return database;
  }

  const name = `modmarket_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), poolMax: 4, statementTimeoutMs: 10_000 });
  await migrateDatabase(database.db);
  return {
    ...database,
    url: url.toString(),
    async close() {
      await database.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
