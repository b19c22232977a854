import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { isDatabaseUnavailable } from './unavailable';
import { migrateDatabase } from './migrate';

describe('embedded PostgreSQL in a worker thread', () => {
  let database: Database;
  beforeAll(async () => {
    // Statements may run long here, but a request waits at most 300 ms for the connection (see the last test).
    database = await openDatabase({ dataDir: 'memory://', statementTimeoutMs: 5_000, queueTimeoutMs: 300 });
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

  it('prepares a named statement again on a new connection (the one session keeps the old one)', async () => {
    const named = { name: 'n_embedded_again', text: 'select $1::int + 1 as n', values: [1] };
    expect((await database.pool.query<{ n: number }>(named)).rows[0]?.n).toBe(2);
    // The pool's connection closed (as after 30 s idle, or a failed query), and a new one takes its place.
    const client = await database.pool.connect();
    client.release(true);
    expect((await database.pool.query<{ n: number }>({ ...named, values: [2] })).rows[0]?.n).toBe(3);
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

  it('queues requests while it is busy, with the wait and the statement limited apart', async () => {
    // One statement at a time: requests wait their turn for longer than a statement may run.
    const queued = await openDatabase({
      dataDir: 'memory://',
      statementTimeoutMs: 150,
      queueTimeoutMs: 5_000,
    });
    try {
      const started = performance.now();
      const busy = [1, 2, 3].map(() => queued.pool.query('select pg_sleep(0.15)'));
      const waiting = [1, 2, 3, 4].map((n) => queued.pool.query<{ n: number }>('select $1::int as n', [n]));
      await Promise.all(busy);
      expect((await Promise.all(waiting)).map((result) => result.rows[0]?.n)).toEqual([1, 2, 3, 4]);
      // The last one waited well past the statement limit, and was answered.
      expect(performance.now() - started).toBeGreaterThan(400);

      // A statement past its own limit fails, whatever the queue allows.
      await expect(queued.pool.query('select pg_sleep(2)')).rejects.toSatisfy(isDatabaseUnavailable);

      // A wait past the queue's limit fails as unavailable (503), whatever the statements allow.
      const holding = database.pool.query('select pg_sleep(0.8)');
      await expect(database.pool.query('select 1')).rejects.toSatisfy(isDatabaseUnavailable);
      await holding;
    } finally {
      await queued.close();
    }
  }, 30_000);
});

describe('embedded PostgreSQL on this thread', () => {
  it('takes its shared buffers from the options, and PostgreSQL’s default without them', async () => {
    // A copy of the run's migrated database (src/test/global-setup.ts): creating one is seconds of CPU.
    const startFrom = await readFile(inject('migratedDatabase')!);
    for (const [sharedBuffers, expected] of [
      ['16MB', '16MB'],
      [undefined, '128MB'],
    ] as const) {
      const database = await openDatabase({
        dataDir: 'memory://',
        inThread: true,
        statementTimeoutMs: 5_000,
        startFrom,
        ...(sharedBuffers ? { sharedBuffers } : {}),
      });
      try {
        const shown = await database.pool.query<{ shared_buffers: string }>('show shared_buffers');
        expect(shown.rows[0]?.shared_buffers).toBe(expected);
      } finally {
        await database.close();
      }
    }
  });

  it('closes once, however often it is told to', async () => {
    const database = await openDatabase({
      dataDir: 'memory://',
      inThread: true,
      statementTimeoutMs: 5_000,
      startFrom: await readFile(inject('migratedDatabase')!),
    });
    await database.close();
    // As a test's clean-up after the test closed it itself: the second waits, and the first did the work
    // (it had failed on the ended pool before stopping the database and removing its socket's folder).
    await expect(database.close()).resolves.toBeUndefined();
  });
});
