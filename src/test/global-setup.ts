import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync } from 'node:zlib';
import { sql } from 'drizzle-orm';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';
import { createServerDatabase, postgresServerUrl } from './test-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped: each test file's fresh database starts as a copy of it. */
    migratedDatabase: string | null;
    /** On PostgreSQL, a migrated database each test file's fresh database is created from. */
    postgresTemplate: string | null;
    /**
     * Embedded: the migrated database as a folder of PGlite's files, for a test that runs the app on a
     * data folder (DATA_DIR) to start from a copy (`migratedDataDir`).
     */
    migratedDataDir: string | null;
  }
}

/**
 * Once per run, before any test file, the migrations are applied once: each file's fresh database then
 * starts as a copy, which takes a fraction of what an empty database and forty migrations take (on the
 * embedded database about 0.8 s against 2 to 3 s, for some ninety databases a run). Embedded, the
 * migrated database is dumped to a file; on PostgreSQL (TEST_DATABASE_URL) it is a template database.
 */
export default async function setup(project: TestProject) {
  if (postgresServerUrl()) {
    const template = await createServerDatabase('modmarket_template');
    const database = await openDatabase({ url: template.url, poolMax: 1, statementTimeoutMs: 60_000 });
    try {
      await migrateDatabase(database.db);
    } finally {
      // A template may have no connection open while it is copied.
      await database.close();
    }
    project.provide('migratedDatabase', null);
    project.provide('postgresTemplate', template.name);
    project.provide('migratedDataDir', null);
    return () => template.drop();
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'modmarket-migrated-'));
  const file = path.join(folder, 'database.tar');
  const database = await openDatabase({ dataDir: 'memory://', inThread: true, statementTimeoutMs: 60_000 });
  let dump: Buffer;
  try {
    await migrateDatabase(database.db);
    // Without the two template databases, which nothing here creates a database from: the copy each
    // test file opens is 29 MB instead of 44, and opens in about 1.2 CPU-seconds instead of 1.5.
    for (const template of ['template0', 'template1']) {
      await database.db.execute(sql.raw(`alter database ${template} is_template false`));
      await database.db.execute(sql.raw(`drop database ${template}`));
    }
    dump = await database.dumpEmbedded!();
    // Kept as a plain archive: each of some hundred test files opens a copy, and a gzipped one costs
    // each about 0.35 s more to open.
    await writeFile(file, gunzipSync(dump));
  } finally {
    await database.close();
  }
  // The same database laid out on disk: a new data folder's first start creates its database (about
  // 5 s of CPU) and migrates it (1 s more); a copy of this folder takes a fraction of a second.
  const dataDir = path.join(folder, 'db');
  const onDisk = await openDatabase({ dataDir, inThread: true, statementTimeoutMs: 60_000, startFrom: dump });
  await onDisk.close();
  project.provide('migratedDatabase', file);
  project.provide('postgresTemplate', null);
  project.provide('migratedDataDir', dataDir);
  return () => rm(folder, { recursive: true, force: true });
}
