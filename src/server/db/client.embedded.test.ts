import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { migrateDatabase } from './migrate';

describe('embedded PostgreSQL in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    database = await openDatabase({ dataDir: 'memory://', statementTimeoutMs: 20_000 });
  });
  afterAll(async () => {
    await database.close();
  });

  it('answers through pg and applies the migrations, twice without harm', async () => {
    await migrateDatabase(database.db);
    await migrateDatabase(database.db);
    const tables = await database.pool.query<{ table_name: string }>(
      "select table_name from information_schema.tables where table_schema = 'public' order by 1",
    );
    expect(tables.rows.map((r) => r.table_name)).toEqual(
      expect.arrayContaining(['account', 'listings', 'profiles', 'session', 'user', 'verification']),
    );
    const trigram = await database.pool.query<{ s: number }>("select similarity('exhaust', 'exaust') as s");
    expect(trigram.rows[0]?.s).toBeGreaterThan(0.3);
  });

  it('answers the query after a failed one (pg reconnects after an error)', async () => {
    for (let round = 0; round < 5; round++) {
      await expect(database.pool.query('select 1 / 0')).rejects.toThrow(/division by zero/);
      expect((await database.pool.query<{ n: number }>('select 2 as n')).rows[0]?.n).toBe(2);
    }
  });

  it('gives its connection back when a transaction cannot even begin', async () => {
    // The embedded pool has one connection: a transaction that kept it after a failed BEGIN would
    // leave every later query waiting for ever.
    for (let round = 0; round < 3; round++)
      await expect(
        database.db.transaction(async () => undefined, { isolationLevel: 'no such level' as never }),
      ).rejects.toThrow();
    expect((await database.pool.query<{ n: number }>('select 3 as n')).rows[0]?.n).toBe(3);
  });

  it('keeps this thread free while a slow query runs', async () => {
    let longestGap = 0;
    let last = performance.now();
    const timer = setInterval(() => {
      const now = performance.now();
      longestGap = Math.max(longestGap, now - last);
      last = now;
    }, 10);
    const started = performance.now();
    await database.pool.query('select count(*) from generate_series(1, 4000000)');
    const took = performance.now() - started;
    clearInterval(timer);
    // The query held the database for a while, yet the timers here kept firing.
    expect(took).toBeGreaterThan(150);
    expect(longestGap).toBeLessThan(took / 2);
  });
});
