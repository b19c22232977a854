import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BULK_LOAD_TIMEOUT_MS } from '../../../test/test-database';
import { signedInMember } from '../../../test/members';
import {
  explainRequest,
  planNodes,
  recordStatements,
  rowsLookedAt,
  type PlanNode,
  type Statement,
} from '../../../test/query-plans';
import { okBody, readAnswer } from '../../../test/test-browser';

/**
 * The plans behind pending sales, history and an order page, on PostgreSQL with generated orders
 * (docs/payments.md): a power seller with 5,000 orders (a handful open), among other members' 50,000.
 * Timings are not tested; what each statement reads is: an index walk from the page's position that
 * reads about a page of orders, never the table, whatever the seller's history.
 */
const HISTORY = 5_000;
const OTHERS = 50_000;
/** Rows of `orders` (or `user`) one statement may look at for one page. */
const PAGE_BUDGET = 120;

/** Orders of `sellerId` to buyers `buyer-<n>`, every 50th one still open (shipped), newest last. */
const seedOrders = (sellerId: string, count: number, buyers: number) => sql`
  insert into orders (listing_title, buyer_id, seller_id, status, delivery, item_cents, shipping_cents,
    total_cents, fee_cents, fee_basis_points, processing_cents, payout_cents, seller_level, held, demo,
    created_at, updated_at)
  select 'Part ' || g, 'plans-buyer-' || (g % ${buyers}), ${sellerId},
    case when g % 50 = 0 then 'shipped' else 'completed' end, 'ship', 10000, 0, 10000, 200, 200, 320,
    9480, 'power', false, true,
    now() - make_interval(mins => ${count} - g), now() - make_interval(mins => ${count} - g)
  from generate_series(1, ${count}) g`;

describe('orders at scale on PostgreSQL', () => {
  let t: TestApp;
  let seller: Awaited<ReturnType<typeof signedInMember>>;
  let recorded: Statement[] = [];

  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: BULK_LOAD_TIMEOUT_MS });
    const { db } = t.database;
    seller = await signedInMember(t);
    // 200 buyers among 5,000 members: with a couple of hundred rows, reading the whole members table
    // costs about what an index look-up per order costs, and the planner took either from one run to
    // the next.
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      select 'plans-buyer-' || g, 'Buyer', 'plans-buyer-' || g || '@example.com', true
      from generate_series(0, 4999) g`);
    await db.execute(seedOrders(seller.id, HISTORY, 200));
    await db.execute(seedOrders('plans-buyer-0', OTHERS, 200));
    await db.execute(sql`vacuum analyze orders, "user"`);
    recorded = recordStatements(t.database, /"orders"/);
  }, 300_000);
  afterAll(() => t.close());

  const plans = (request: () => Promise<unknown>) => explainRequest(t.database, recorded, request);

  function expectIndexed(explained: { text: string; plan: PlanNode }[], label: string) {
    for (const { text, plan } of explained) {
      const all = planNodes(plan);
      const described = `${label}\n${text}\n${JSON.stringify(plan, null, 1)}`;
      for (const table of ['orders', 'user']) {
        const on = all.filter((node) => node['Relation Name'] === table);
        expect(
          on.filter((node) => node['Node Type'] === 'Seq Scan'),
          described,
        ).toEqual([]);
        expect(rowsLookedAt(on), described).toBeLessThanOrEqual(PAGE_BUDGET);
      }
    }
  }

  const indexesUsed = (explained: { plan: PlanNode }[]) =>
    new Set(explained.flatMap(({ plan }) => planNodes(plan).flatMap((node) => node['Index Name'] ?? [])));

  it('pending sales walk the open orders’ own indexes: two statements, a page each', async () => {
    const explained = await plans(() =>
      readAnswer(seller.browser.api.orders.$get({ query: { status: 'open' } })),
    );
    expect(explained).toHaveLength(2);
    expectIndexed(explained, 'pending sales');
    // The seller's side (100 open among 5,000) from its own index; the buyer's side is empty here.
    expect(indexesUsed(explained)).toContain('orders_seller_open_idx');
    const pending = await okBody(seller.browser.api.orders.$get({ query: { status: 'open' } }));
    expect(pending.items).toHaveLength(20);
    expect(pending.items.every((item) => item.status === 'shipped')).toBe(true);
  });

  it('history far back reads about a page from the position, and an order page one row', async () => {
    let cursor = (await okBody(seller.browser.api.orders.$get({ query: { status: 'closed' } }))).nextCursor!;
    for (let page = 2; page < 60; page += 1)
      cursor = (await okBody(seller.browser.api.orders.$get({ query: { status: 'closed', cursor } })))
        .nextCursor!;
    const farBack = await plans(() =>
      readAnswer(seller.browser.api.orders.$get({ query: { status: 'closed', cursor } })),
    );
    expectIndexed(farBack, 'history page 60');
    expect(indexesUsed(farBack)).toContain('orders_seller_idx');

    const one = await okBody(seller.browser.api.orders.$get({ query: { status: 'closed', cursor } }));
    const opened = await plans(() =>
      readAnswer(seller.browser.api.orders[':id'].$get({ param: { id: one.items[0]!.id } })),
    );
    expect(opened).toHaveLength(1);
    expectIndexed(opened, 'order page');
    expect(indexesUsed(opened)).toContain('orders_pkey');
  }, 120_000);

  it('a member’s referral earnings read the referrers’ own index, never the orders table', async () => {
    const earnings = await plans(() => seller.browser.request('GET', '/api/referrals'));
    expectIndexed(earnings, 'referral earnings');
    expect(indexesUsed(earnings)).toContain('orders_referrer_idx');
  });
});
