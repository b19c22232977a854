import { randomBytes } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { inject } from 'vitest';
import pg from 'pg';
import { openDatabase, type Database } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';

/** The PostgreSQL server the tests run against (TEST_DATABASE_URL), or undefined: embedded. */
export function postgresServerUrl(): string | undefined {
  return process.env.TEST_DATABASE_URL;
}

/** The run's migrated database (src/test/global-setup.ts), read once per test file's process. */
let migratedCopy: Promise<Buffer> | null | undefined;
function migrated(): Promise<Buffer> | null {
  if (migratedCopy === undefined) {
    const file = inject('migratedDatabase');
    migratedCopy = file ? readFile(file) : null;
  }
  return migratedCopy;
}

/** How long a statement may run in a test that seeds a large generated catalogue before reading plans. */
export const BULK_LOAD_TIMEOUT_MS = 180_000;

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or a new database on the
 * PostgreSQL server named by TEST_DATABASE_URL (CI runs the API tests both ways), dropped afterwards.
 * Statements time out after 10 s, as the app's do by default; a test that loads a large generated
 * catalogue asks for longer, since a busy CI machine may take more than that per bulk insert.
 */
export async function createTestDatabase(
  options: { statementTimeoutMs?: number } = {},
): Promise<Database & { url?: string }> {
  const statementTimeoutMs = options.statementTimeoutMs ?? 10_000;
  const serverUrl = postgresServerUrl();
  if (!serverUrl) {
    // A copy of the run's migrated database; migrating it again finds nothing to do, and would catch
    // a copy left behind by a new migration.
    const copy = migrated();
    const database = await openDatabase({
      dataDir: 'memory://',
      inThread: true,
      statementTimeoutMs,
      startFrom: copy ? await copy : undefined,
    });
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
  const database = await openDatabase({ url: url.toString(), poolMax: 4, statementTimeoutMs });
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
