import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '@server/db/client';
import { migrateDatabase } from '@server/db/migrate';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated embedded database, dumped: each test file's fresh database starts as a copy of it. */
    migratedDatabase: string | null;
  }
}

/**
 * Once per run, before any test file: the migrations are applied to one embedded database, which is
 * dumped to a file. Starting each file's database from that copy takes a fraction of what an empty
 * database and 36 migrations take (about 0.8 s against 2 to 3 s, for some ninety databases a run).
 * On PostgreSQL (TEST_DATABASE_URL) each database is migrated as before.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('migratedDatabase', null);
    return;
  }
  const folder = await mkdtemp(path.join(tmpdir(), 'modmarket-migrated-'));
  const file = path.join(folder, 'database.tar.gz');
  const database = await openDatabase({ dataDir: 'memory://', inThread: true, statementTimeoutMs: 60_000 });
  try {
    await migrateDatabase(database.db);
    await writeFile(file, await database.dumpEmbedded!());
  } finally {
    await database.close();
  }
  project.provide('migratedDatabase', file);
  return () => rm(folder, { recursive: true, force: true });
}
