import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COUNT_LIMIT } from '@common/schemas/browse';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';

/*
 * A browse page's statement (issue 37): one named statement whose rows are each one JSON array, mapped
 * by hand, with a plan PostgreSQL keeps; and counts over the limit not taken again for a minute.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * The rows `text` gives on each of the pool's connections (the embedded database has one): prepared
 * statements belong to a connection.
 */
async function onEveryConnection<Row extends object>(text: string): Promise<Row[]> {
  const pool = t.database.pool;
  const clients = await Promise.all(Array.from({ length: pool.totalCount }, () => pool.connect()));
  try {
    const rows: Row[] = [];
    for (const client of clients) rows.push(...(await client.query<Row>(text)).rows);
    return rows;
  } finally {
    for (const client of clients) client.release();
  }
}

describe('a browse page', () => {
  it('shows each card as every other list of cards does: photo, dates, boost, part number, seller', async () => {
    const seller = await signedInMember(t, { plan: 'platinum' });
    const listing = await okBody(
      seller.browser.api.listings.$post({ json: partInput('Quokka titanium downpipe') }),
    );
    const photo = (n: number) => ({
      key: `listings/${seller.id}/${crypto.randomUUID()}`,
      width: 1600 + n,
      height: 1200,
      variants: [320, 640],
    });
    // Two photos (a card shows the first), a boost running out tomorrow, a part number, and dates
    // with microseconds, which the card shows to the millisecond.
    await t.database.db.execute(sql`
      update listings set photos = ${JSON.stringify([photo(1), photo(2)])}::jsonb,
        boosted_until = now() + interval '1 day', part_id = 'QK-77-1',
        created_at = '2026-03-04 05:06:07.891234+00'
      where id = ${listing.id}`);
    await t.database.db.execute(
      sql`update "user" set rating_sum = 14, rating_count = 3 where id = ${seller.id}`,
    );

    const visitor = new TestBrowser(t);
    const page = await okBody(visitor.api.listings.$get({ query: { search: 'quokka' } }));
    const sellerPage = await okBody(visitor.api.sellers[':id'].$get({ param: { id: seller.id } }));
    const card = page.items.find((item) => item.id === listing.id);
    expect(card).toEqual(sellerPage.activeListings.find((item) => item.id === listing.id));
    expect(card).toMatchObject({
      partNumber: 'QK-77-1',
      createdAt: '2026-03-04T05:06:07.891Z',
      sellerVerified: true,
      sellerRating: { average: 4.7, count: 3 },
      photo: { width: 1601, sources: [{ width: 320 }, { width: 640 }] },
    });
    expect(card!.boostedUntil).not.toBeNull();
  });

  it('is one statement prepared by name whose plan PostgreSQL keeps (no planning on each page)', async () => {
    const seller = await signedInMember(t);
    await okBody(seller.browser.api.listings.$post({ json: partInput('Numbat strut brace') }));
    const visitor = new TestBrowser(t);
    for (let n = 0; n < 8; n++) {
      const page = await okBody(visitor.api.listings.$get({ query: { sort: 'newest' } }));
      expect(page.items.length).toBeGreaterThan(0);
    }
    // After five runs PostgreSQL weighs a generic plan; it takes it only where the partial
    // indexes and the limit are in the text, not parameters.
    const found = await onEveryConnection<{ generic: number }>(
      `select generic_plans::int as generic from pg_prepared_statements
       where name like 'n\\_%' and statement like '%order by "listings"."listed_at" desc, "listings"."id" desc limit 25'`,
    );
    expect(found.length).toBeGreaterThan(0);
    expect(found.reduce((sum, row) => sum + row.generic, 0)).toBeGreaterThan(0);
  });

  it('filtered by a category and a make of the list, is named with them in its text; another make is a parameter', async () => {
    const seller = await signedInMember(t);
    await okBody(
      seller.browser.api.listings.$post({
        json: { ...partInput('Bilby titanium exhaust'), category: 'exhaust', make: 'Subaru' },
      }),
    );
    await okBody(
      seller.browser.api.listings.$post({
        json: { ...partInput('Bilby exhaust for a rare car'), category: 'exhaust', make: 'Trabant' },
      }),
    );
    const visitor = new TestBrowser(t);
    const titles = async (make: string) =>
      (
        await okBody(visitor.api.listings.$get({ query: { category: 'exhaust', make, sort: 'newest' } }))
      ).items.map((item) => item.title);
    for (let n = 0; n < 3; n++) {
      expect(await titles('Subaru')).toContain('Bilby titanium exhaust');
      expect(await titles('Trabant')).toEqual(['Bilby exhaust for a rare car']);
    }
    const prepared = (
      await onEveryConnection<{ statement: string }>(
        `select statement from pg_prepared_statements where name like 'n\\_%'`,
      )
    ).map((row) => row.statement);
    expect(
      prepared.filter(
        (text) =>
          text.includes(`"listings"."category" = 'exhaust'`) && text.includes(`"listings"."make" = 'Subaru'`),
      ),
    ).not.toHaveLength(0);
    expect(prepared.filter((text) => text.includes('Trabant') || text.includes('$1'))).toEqual([]);
  });

  it('is not counted again for a minute once its count is over the limit; under it, always', async () => {
    const seller = await signedInMember(t, { plan: 'platinum' });
    // Over the limit: the bench's shape of listings, made in one statement.
    await t.database.db.execute(sql`
      insert into listings (user_id, title, price_cents, category, condition, make, model)
      select ${seller.id}, 'Wombat coilover ' || n, 10000 + n, 'suspension', 'used', 'Subaru', 'WRX'
      from generate_series(1, ${COUNT_LIMIT + 20}) as n`);
    await okBody(seller.browser.api.listings.$post({ json: partInput('Wombat intake, the only one') }));
    const visitor = new TestBrowser(t);
    const count = async (search: string) =>
      (await okBody(visitor.api.listings.$get({ query: { search, make: 'Subaru' } }))).count;
    const fewCount = async () =>
      (await okBody(visitor.api.listings.$get({ query: { search: 'wombat intake' } }))).count;

    expect(await count('wombat coilover')).toEqual({ value: COUNT_LIMIT, more: true });
    expect(await fewCount()).toEqual({ value: 1, more: false });
    // Most of them sold: the "1,000+" stands for a minute, the exact count changes at once.
    await t.database.db.execute(
      sql`update listings set is_sold = true where title like 'Wombat coilover %' and price_cents > 10500`,
    );
    await okBody(seller.browser.api.listings.$post({ json: partInput('Wombat intake, a second one') }));
    expect(await count('wombat coilover')).toEqual({ value: COUNT_LIMIT, more: true });
    expect(await fewCount()).toEqual({ value: 2, more: false });
  });
});
