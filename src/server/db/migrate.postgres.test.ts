import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';
import { createServerDatabase } from '../../test/test-database';

// Runs only against a PostgreSQL server (TEST_DATABASE_URL): instances starting together on a new database.
let instances: Database[] = [];
let drop: (() => Promise<void>) | undefined;

beforeAll(async () => {
  const created = await createServerDatabase('modmarket_migrate');
  drop = created.drop;
  instances = await Promise.all(
    [1, 2, 3].map(() => openDatabase({ url: created.url, poolMax: 3, statementTimeoutMs: 30_000 })),
  );
});
afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.close()));
  await drop?.();
});

it('lets instances that start at once migrate a new database together, each migration applied once', async () => {
  await Promise.all(instances.map((instance) => migrateDatabase(instance.db, { shared: instance.pool })));
  const applied = await instances[0]!.db.execute<{ n: number }>(
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  const distinct = await instances[0]!.db.execute<{ n: number }>(
    sql`select count(distinct hash)::int as n from drizzle.__drizzle_migrations`,
  );
  expect(applied.rows[0]!.n).toBeGreaterThan(30);
  expect(applied.rows[0]!.n).toBe(distinct.rows[0]!.n);
});
