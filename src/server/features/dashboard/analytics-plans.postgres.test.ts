import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BULK_LOAD_TIMEOUT_MS } from '../../../test/test-database';
import { sellerAnalytics } from './analytics';

/**
 * Seller analytics at scale, on PostgreSQL: a Platinum seller with 2,000 listings, each with a row for
 * every one of the last 30 days (60,000 rows), among 50,000 other listings with theirs (1.5 million). The
 * plans read the seller's rows through their index, never a table from end to end. Timings are not
 * tested (`npm run bench` is the place); the plans are.
 */
const SELLER_LISTINGS = 2_000;
const OTHER_LISTINGS = 50_000;

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  Plans?: PlanNode[];
}
const nodes = (plan: PlanNode): PlanNode[] => [plan, ...(plan.Plans ?? []).flatMap(nodes)];

describe('seller analytics at 2,000 listings among 52,000', () => {
  let t: TestApp;
  const recorded: { text: string; values: unknown[] }[] = [];

  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: BULK_LOAD_TIMEOUT_MS });
    const { db } = t.database;
    await db.execute(sql`insert into "user" (id, name, email, email_verified, plan)
      select 'analytics' || i, 'Seller', 'analytics' || i || '@example.com', true, 'platinum' from generate_series(0, 100) as i`);
    await db.execute(sql`
      insert into listings (user_id, title, price_cents, category, condition, make, model)
      select case when i <= ${SELLER_LISTINGS} then 'analytics0' else 'analytics' || (1 + i % 100) end,
        'Part ' || i, (20 + i % 900) * 100, (array['wheels','exhaust','brakes','engine'])[1 + i % 4], 'good',
        (array['Nissan','Toyota','Honda','Mazda','BMW'])[1 + i % 5], 'Model ' || (i % 30)
      from generate_series(1, ${SELLER_LISTINGS + OTHER_LISTINGS}) as i`);
    // A day at a time, without the per-row foreign key checks (a bulk load into a throwaway server).
    await db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      for (let d = 0; d < 30; d++)
        await tx.execute(sql`
          insert into listing_daily_stats (listing_id, user_id, day, views, impressions, favourites, conversations)
          select l.id, l.user_id, current_date - ${d}::int, abs(hashtext(l.id::text || ${d}::int)) % 20, 40, ${d % 2}::int, ${d % 3}::int
          from listings l`);
    });
    await db.execute(sql`vacuum analyze`);
    const pool = t.database.pool as unknown as { query: (...args: unknown[]) => unknown };
    const query = pool.query.bind(pool);
    pool.query = (...args: unknown[]) => {
      const first = args[0] as string | { text: string; values?: unknown[] };
      if (typeof first === 'object')
        recorded.push({ text: first.text, values: first.values ?? (args[1] as unknown[] | undefined) ?? [] });
      return query(...args);
    };
  }, 240_000);
  afterAll(async () => {
    await t.close();
  });

  it('reads the seller’s days through their index, and no table from end to end', async () => {
    const started = performance.now();
    const analytics = await sellerAnalytics(t.database.db, { id: 'analytics0', plan: 'platinum' });
    const elapsed = performance.now() - started;
    expect(analytics.listings).toHaveLength(50);
    expect(analytics.daily).toHaveLength(30);
    console.info(`seller analytics over ${SELLER_LISTINGS} listings: ${elapsed.toFixed(0)} ms`);
    const statements = recorded.filter((statement) => /listing_daily_stats|listings/.test(statement.text));
    expect(statements.length).toBeGreaterThan(2);
    for (const statement of statements) {
      const explained = await t.database.pool.query<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
        `explain (format json) ${statement.text}`,
        statement.values,
      );
      const plan = explained.rows[0]!['QUERY PLAN'][0].Plan;
      const scans = nodes(plan).filter(
        (node) =>
          node['Node Type'] === 'Seq Scan' &&
          (node['Relation Name'] === 'listings' || node['Relation Name'] === 'listing_daily_stats'),
      );
      expect(scans, `${statement.text}\n${JSON.stringify(plan, null, 1)}`).toEqual([]);
    }
  });
});
