import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { enqueueJob, queueLag, runJobs, startJobWorker, type JobHandler } from './queue';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('the job worker', () => {
  it('keeps running other kinds while the jobs of one kind hang', async () => {
    const { db } = database;
    const done: string[] = [];
    let release: () => void = () => undefined;
    const handlers: Record<string, JobHandler> = {
      // Mail to an SMTP server that never answers.
      'mail.stuck': () => new Promise<void>((resolve) => (release = resolve)),
      'alerts.match': async () => void done.push('alert'),
      'offers.expiry': async () => void done.push('expiry'),
    };
    // The stuck kind's jobs are the oldest: a worker taking jobs in order would wait on them first.
    for (let i = 0; i < 3; i++)
      await db.execute(sql`insert into jobs (kind, payload, run_at)
        values ('mail.stuck', '{}'::jsonb, now() - interval '1 minute')`);
    await enqueueJob(db, 'alerts.match', {});
    await enqueueJob(db, 'offers.expiry', {});
    await enqueueJob(db, 'alerts.match', {});
    const worker = startJobWorker(db, handlers, pino({ level: 'silent' }), 20);
    try {
      worker.wake();
      await expect.poll(() => [...done].sort(), { timeout: 10_000 }).toEqual(['alert', 'alert', 'expiry']);
      // One stuck job at a time holds its kind's one slot; the other two wait their turn.
      expect((await queueLag(db)).due).toEqual({ 'mail.stuck': 2 });
    } finally {
      await worker.stop(50);
    }
    // Stopping handed the stuck job back: all three are due again.
    const left = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from jobs where kind = 'mail.stuck' and run_at <= now()`,
    );
    expect(left.rows[0]!.n).toBe(3);
    release();
    await db.execute(sql`delete from jobs`);
  });

  it('runs the jobs due by a given time as well as those due by the database’s, never fewer', async () => {
    const { db } = database;
    const ran: string[] = [];
    const handlers: Record<string, JobHandler> = {
      'test.now': async () => void ran.push('now'),
      'test.tomorrow': async () => void ran.push('tomorrow'),
    };
    const logger = pino({ level: 'silent' });
    const DAY = 86_400_000;
    await enqueueJob(db, 'test.now', {});
    await enqueueJob(db, 'test.tomorrow', {}, { runAt: new Date(Date.now() + DAY) });
    // A time behind the database's (a clock rounded to milliseconds, read a moment early) still runs
    // the job just queued.
    expect(await runJobs(db, handlers, logger, { now: new Date(Date.now() - 60_000) })).toBe(1);
    expect(ran).toEqual(['now']);
    // A time a day ahead (a test's clock moved on) runs tomorrow's.
    expect(await runJobs(db, handlers, logger, { now: new Date(Date.now() + DAY + 60_000) })).toBe(1);
    expect(ran).toEqual(['now', 'tomorrow']);
  });

  it('says how far behind the queue is', async () => {
    const { db } = database;
    await db.execute(sql`insert into jobs (kind, payload, run_at) values
      ('mail.send', '{}'::jsonb, now() - interval '90 seconds'),
      ('mail.send', '{}'::jsonb, now() - interval '5 seconds'),
      ('alerts.match', '{}'::jsonb, now() - interval '10 seconds'),
      ('alerts.match', '{}'::jsonb, now() + interval '1 hour')`);
    await db.execute(
      sql`insert into jobs (kind, payload, failed_at) values ('mail.send', '{}'::jsonb, now())`,
    );
    const lag = await queueLag(db);
    expect(lag.due).toEqual({ 'mail.send': 2, 'alerts.match': 1 });
    expect(lag.failed).toEqual({ 'mail.send': 1 });
    expect(lag.oldestDueSeconds).toBeGreaterThanOrEqual(90);
    await db.execute(sql`delete from jobs`);
    expect(await queueLag(db)).toEqual({ oldestDueSeconds: 0, due: {}, failed: {} });
  });
});
