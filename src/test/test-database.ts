import { randomBytes } from 'node:crypto';
import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/**
 * A new data folder (DATA_DIR) in the system's temporary folder, named `<prefix>…`, whose embedded
 * database is a copy of the run's migrated one, as an app that ran before leaves it: the app opens it
 * instead of creating a database and migrating it (about 6 s of CPU a start). On PostgreSQL
 * (TEST_DATABASE_URL) it is empty. What a first start on an empty folder does is tested on one of its
 * own (src/server/storage/file-modes.test.ts, src/server/db/client.embedded.test.ts).
 */
export async function migratedDataDir(prefix: string): Promise<string> {
  const dataDir = await mkdtemp(path.join(tmpdir(), prefix));
  const template = inject('migratedDataDir');
  if (template) await cp(template, path.join(dataDir, 'db'), { recursive: true });
  return dataDir;
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
      // A test file's database holds a few hundred rows; laying out PostgreSQL's default 128MB of
      // buffers was about a third of opening it (0.3-0.4 CPU-s, a hundred times a run).
      sharedBuffers: '16MB',
    });
    await migrateDatabase(database.db);
    return database;
  }

  // A copy of the run's migrated template (src/test/global-setup.ts): PostgreSQL copies its files,
  // which is far quicker than forty migrations; migrating again finds nothing to do.
  const created = await migratedServerDatabase('modmarket_test');
  const database = await openDatabase({ url: created.url, poolMax: 4, statementTimeoutMs });
  await migrateDatabase(database.db);
  return {
    ...database,
    url: created.url,
    async close() {
      await database.close();
      await created.drop();
    },
  };
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, named `<prefix>_<random>`: a copy of the
 * run's migrated template (src/test/global-setup.ts). Its URL, and `drop`.
 */
export function migratedServerDatabase(prefix: string) {
  return createServerDatabase(prefix, inject('postgresTemplate') ?? undefined);
}

/** Runs one statement on the PostgreSQL server's maintenance database. */
async function onServer(statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: postgresServerUrl() });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * A new database on the PostgreSQL server of TEST_DATABASE_URL, named `<prefix>_<random>`: empty, or a
 * copy of `template`. Its URL, and `drop`, which removes it even with connections still open.
 */
export async function createServerDatabase(
  prefix: string,
  template?: string,
): Promise<{ name: string; url: string; drop(): Promise<void> }> {
  const serverUrl = postgresServerUrl();
  if (!serverUrl) throw new Error('createServerDatabase needs TEST_DATABASE_URL');
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  // A template's files copied as they are: PostgreSQL 15's default (WAL_LOG) writes every block of it
  // through the write-ahead log, 140-190 ms a database here against 55.
  await onServer(`create database ${name}${template ? ` template ${template} strategy file_copy` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(`drop database if exists ${name} with (force)`),
  };
}
