import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BULK_LOAD_TIMEOUT_MS } from '../../../test/test-database';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import {
  explainRequest,
  planNodes,
  recordStatements,
  rowsLookedAt,
  type Statement,
} from '../../../test/query-plans';
import { TestBrowser, okBody, readAnswer } from '../../../test/test-browser';

/**
 * What the listing page's "Leave a review" card costs (docs/trust.md, "Reviews"), on PostgreSQL: a
 * listing sold to 5,000 buyers (generated sales, half of them reviewed). A visitor's page reads no
 * sale; a member's reads one statement, an index lookup of their own confirmed sale, never the table.
 */
const BUYERS = 5_000;

describe('the buyer’s review card on PostgreSQL', () => {
  let t: TestApp;
  let listingId = '';
  let buyer: Awaited<ReturnType<typeof signedInMember>>;
  let recorded: Statement[] = [];

  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: BULK_LOAD_TIMEOUT_MS });
    const { db } = t.database;
    const seller = await signedInMember(t);
    buyer = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Titanium exhaust') }));
    listingId = listing.id;
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: listingId },
      json: { content: 'Mine?' },
    });
    await seller.browser.api.listings[':id'].status.$patch({
      param: { id: listingId },
      json: { isSold: true, buyerId: buyer.id },
    });
    await buyer.browser.api.listings[':id'].purchase.$post({
      param: { id: listingId },
      json: { bought: true },
    });
    await db.execute(sql`insert into "user" (id, name, email, email_verified)
      select 'card-buyer-' || g, 'Buyer', 'card-buyer-' || g || '@example.com', true
      from generate_series(1, ${BUYERS}) g`);
    await db.execute(sql`insert into sales (listing_id, listing_title, seller_id, buyer_id, status,
        answered_at, window_ends_at)
      select ${listingId}, 'Titanium exhaust', ${seller.id}, 'card-buyer-' || g, 'confirmed', now(),
        now() + interval '30 days'
      from generate_series(1, ${BUYERS}) g`);
    await db.execute(sql`insert into reviews (sale_id, listing_id, listing_title, reviewer_id, subject_id,
        role, rating, text, window_ends_at)
      select s.id, s.listing_id, s.listing_title, s.buyer_id, s.seller_id, 'buyer', 5, 'Fine.', s.window_ends_at
      from sales s where s.buyer_id like 'card-buyer-%' and right(s.buyer_id, 1) in ('0', '2', '4', '6', '8')`);
    await db.execute(sql`vacuum analyze sales`);
    await db.execute(sql`vacuum analyze reviews`);
    recorded = recordStatements(t.database, /"sales"/);
  }, 300_000);
  afterAll(() => t.close());

  it('costs a visitor no read, and its buyer one statement on the confirmed sales’ index', async () => {
    recorded.length = 0;
    const visitor = await okBody(new TestBrowser(t).api.listings[':id'].$get({ param: { id: listingId } }));
    expect(visitor.reviewOpenUntil).toBeUndefined();
    expect(recorded).toEqual([]);

    const explained = await explainRequest(t.database, recorded, () =>
      readAnswer(buyer.browser.api.listings[':id'].$get({ param: { id: listingId } })),
    );
    expect(explained).toHaveLength(1);
    const nodes = planNodes(explained[0]!.plan);
    const described = `${explained[0]!.text}\n${JSON.stringify(explained[0]!.plan, null, 1)}`;
    for (const table of ['sales', 'reviews']) {
      const on = nodes.filter((node) => node['Relation Name'] === table);
      expect(
        on.filter((node) => node['Node Type'] === 'Seq Scan'),
        described,
      ).toEqual([]);
      expect(rowsLookedAt(on), described).toBeLessThanOrEqual(2);
    }
    expect(nodes.map((node) => node['Index Name'])).toContain('sales_confirmed_once_idx');
    const page = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: listingId } }));
    expect(page.reviewOpenUntil).toEqual(expect.any(String));
  });
});
