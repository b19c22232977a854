import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { signedInMember } from '../test/members';
import { refuseInserts } from '../test/refuse-inserts';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../test/test-browser';
import { createLogger } from './logger';
import { enqueueJob, runJobs } from './jobs/queue';

/** What a member typed, which must never reach the log. */
/**
 * The part of the secret no log line may carry. Letters around the digits: digits alone turn up by
 * chance in a log line's timestamps and ids (one run found "7781" in `"time":1796185177811`).
 */
const GATE_CODE = 'QZX7781KW';
const SECRET = `Meet me at 42 Elm St, gate code ${GATE_CODE}`;
/** The gate code in any case (an email address is kept in lower case). */
const GATE = new RegExp(GATE_CODE, 'i');

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const everything = () => JSON.stringify(t.logs);

describe('the log when a query fails', () => {
  it('names the failure without the values the query carried (a message refused by the database)', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await okBody(
      seller.browser.api.listings.$post({
        json: {
          title: 'Cosworth pistons',
          priceCents: 60000,
          category: 'engine',
          condition: 'good',
          make: 'Ford',
          model: 'Focus',
        },
      }),
    );
    const allow = await refuseInserts(t.database.db, 'messages', 'content', SECRET);
    try {
      const sent = await readAnswer(
        buyer.browser.api.listings[':id'].messages.$post({
          param: { id: item.id },
          json: { content: SECRET },
        }),
      );
      expectStatus(sent, 500);
    } finally {
      await allow();
    }
    const failed = t.logs.find((line) => line.msg === 'unhandled error');
    expect(JSON.stringify(failed)).toContain('refused for a test');
    expect(everything()).not.toContain(SECRET);
    expect(everything()).not.toMatch(GATE);
  });

  it('keeps a failed job’s error without the values of its query, in the log and in jobs.last_error', async () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    const { db } = t.database;
    await db.execute(sql`delete from jobs`);
    await enqueueJob(db, 'test.bad-input', {});
    await enqueueJob(db, 'test.constraint', {});
    await runJobs(
      db,
      {
        // The database quotes a value it cannot read in its own message ("invalid input syntax ...").
        'test.bad-input': async () => void (await db.execute(sql`select ${SECRET}::int`)),
        // And puts the values of a duplicate key in the error's detail.
        'test.constraint': async () => {
          const held = sql`insert into jobs (kind, payload, dedupe_key, run_at)
            values ('test.held', '{}', ${SECRET}, now() + interval '1 day')`;
          await db.execute(held);
          await db.execute(held);
        },
      },
      logger,
    );
    const kept = await db.execute<{ kind: string; last_error: string }>(
      sql`select kind, last_error from jobs where kind in ('test.bad-input', 'test.constraint') order by kind`,
    );
    expect(kept.rows.map((row) => row.kind)).toEqual(['test.bad-input', 'test.constraint']);
    expect(kept.rows[0]!.last_error).toMatch(/22P02/);
    expect(kept.rows[1]!.last_error).toMatch(/23505/);
    for (const row of kept.rows) expect(row.last_error).not.toMatch(GATE);
    expect(lines).toHaveLength(2);
    expect(lines.join('')).not.toMatch(GATE);
    await db.execute(sql`delete from jobs`);
  });

  it('says the database cannot be used without the values of the query it could not run', async () => {
    const cut = await createTestApp();
    try {
      await cut.database.close();
      const email = `gate${GATE_CODE.toLowerCase()}.${Date.now()}@example.com`;
      const answer = await readAnswer(
        new TestBrowser(cut).api.auth['sign-in'].$post({ json: { email, password: SECRET } }),
      );
      expect(answer.status).toBeGreaterThanOrEqual(500);
      const log = JSON.stringify(cut.logs);
      expect(log).toContain('query failed');
      expect(log).not.toMatch(GATE);
      expect(log).not.toContain(SECRET);
    } finally {
      await cut.close().catch(() => undefined);
    }
  });
});
