import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BULK_LOAD_TIMEOUT_MS } from '../../../test/test-database';
import { signedInMember } from '../../../test/members';
import { listingReference } from '@common/listing-reference';
import { explain, planNodes, recordStatements, type Statement } from '../../../test/query-plans';
import { readAnswer, expectStatus } from '../../../test/test-browser';

/**
 * The plans behind each kind of search, on PostgreSQL with enough listings that the planner's choice
 * matters (docs/search.md). Timings are not tested; what each statement reads is: no plan that reads or
 * tests more than a small share of the listings (a sequential scan of the table, an index walked past
 * thousands of non-matching rows, every match of a common word fetched to be sorted).
 */
const LISTINGS = 50_000;
/** At most this many listing rows looked at per statement (a page is 25). */
const ROW_BUDGET = 2_500;
/** A listing's six photos, as the photo pipeline stores them. */
const SIX_PHOTOS = JSON.stringify(
  Array.from({ length: 6 }, (_, n) => ({ key: `p/${n + 1}`, width: 800, height: 600, variants: [320] })),
);

describe('search plans at 50,000 listings', () => {
  let t: TestApp;
  let member: Awaited<ReturnType<typeof signedInMember>>;
  let recorded: Statement[] = [];

  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: BULK_LOAD_TIMEOUT_MS });
    const { db } = t.database;
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified, plan) select 'seller' || i, 'Seller', 'seller' || i || '@example.com', true, (array['bronze','gold','platinum'])[1 + i % 3] from generate_series(1, 500) as i`,
    );
    // Titles: a common word in 1 of 20, others in 1 of 7 and 1 of 500, a rare one in 2 listings.
    // Best match's placements as a live catalogue has them: a tenth of the listings with six photos
    // (their sellers mostly on Gold or Platinum), one in a thousand boosted. Positions, as ZIP codes
    // give them: half the listings around Los Angeles (a dense city), four in ten spread over the lower
    // 48 states, one in ten without a ZIP code. All written by the insert: an update of every row would
    // compute each search document and the vocabulary again.
    // In chunks: each statement stays well inside the test database's statement timeout.
    for (let from = 1; from <= LISTINGS; from += 10_000)
      await db.execute(sql`
      insert into listings (user_id, title, description, price_cents, category, condition, make, model, year_start, year_end,
        created_at, photos, boosted_until, latitude, longitude)
      select 'seller' || (1 + i % 500),
        (array['Borla','HKS','Brembo','Bilstein','Garrett','Enkei','Recaro'])[1 + i % 7] || ' ' ||
        case when i % 20 = 0 then 'exhaust' when i % 7 = 0 then 'coilovers' when i % 500 = 1 then 'intercooler' else 'bracket' end ||
        case when i % 25000 = 3 then ' zirconium' else '' end || ' ' ||
        (array['S15','GT-R','2JZ-GTE','EK9','E46','FD3S'])[1 + (i / 10) % 6],
        'Used, in good shape. Ships fast.',
        (50 + (i * 37) % 5000) * 100,
        (array['wheels','exhaust','suspension','brakes','engine','interior'])[1 + (i / 3) % 6],
        'good',
        (array['Nissan','Toyota','Honda','Mazda','Ford','BMW','Subaru'])[1 + (i / 11) % 7],
        'Model ' || (i % 20), 1990 + i % 25, 2000 + i % 25,
        now() - (i || ' minutes')::interval,
        case when spot.photos = 0 then ${SIX_PHOTOS}::jsonb else '[]'::jsonb end,
        case when spot.boost = 1 then now() + interval '7 days' end,
        case when spot.k < 5 then 34.05 + (spot.a - 0.5) * 1.2 when spot.k < 9 then 25 + spot.a * 24 end,
        case when spot.k < 5 then -118.25 + (spot.b - 0.5) * 1.6 when spot.k < 9 then -124 + spot.b * 57 end
      from generate_series(${from}::int, ${from + 9_999}::int) as i,
        lateral (select abs(hashtext(i::text || 'p')) % 10 as photos, abs(hashtext(i::text || 'x')) % 1000 as boost,
          abs(hashtext(i::text)) % 10 as k, (abs(hashtext(i::text || 'a')) % 10000) / 10000.0 as a,
          (abs(hashtext(i::text || 'b')) % 10000) / 10000.0 as b) as spot`);
    // Fitment: three popular cars with 3,000 listings each, 4 in 5 of them for the member's years, all older
    // than the rest (a walk of the newest listings would pass every other first).
    await db.execute(sql`
      insert into listings (user_id, title, description, price_cents, category, condition, make, model, year_start, year_end, created_at)
      select 'seller' || (1 + i % 500), 'Fitment kit', 'Bolt-on.', (20 + i % 900) * 100, 'engine', 'good',
        (array['Nissan','Toyota','Honda'])[1 + i % 3], (array['Silvia','Supra','Civic'])[1 + i % 3],
        case when i % 5 = 0 then 2010 else 1995 end, 2005, now() - interval '1 year' - (i || ' minutes')::interval
      from generate_series(1, 9000) as i`);
    // A city holding a small share of the listings (about 1,700 of 65,000 within 25 miles of downtown
    // Chicago, one in ten with six photos as elsewhere): each column's statistics see its box as a thin
    // slice, and only the two together as a dense one.
    await db.execute(sql`
      insert into listings (user_id, title, description, price_cents, category, condition, make, model, year_start, year_end,
        created_at, photos, latitude, longitude)
      select 'seller' || (1 + i % 500), 'Chicago pickup', 'Local pickup.', (20 + i % 900) * 100, 'wheels', 'good',
        'Ford', 'Mustang', 1995, 2005, now() - (i * 8 || ' minutes')::interval,
        case when abs(hashtext(i::text || 'c')) % 10 = 0 then ${SIX_PHOTOS}::jsonb else '[]'::jsonb end,
        41.886 + (abs(hashtext(i::text || 'a')) % 10000 / 10000.0 - 0.5) * 1.2,
        -87.62 + (abs(hashtext(i::text || 'b')) % 10000 / 10000.0 - 0.5) * 1.6
      from generate_series(1, 6000) as i`);
    member = await signedInMember(t);
    await db.execute(sql`
      insert into vehicles (user_id, license_plate, make, model, year)
      values (${member.id}, 'FIT1', 'Nissan', 'Silvia', 2000), (${member.id}, 'FIT2', 'Toyota', 'Supra', 2000),
        (${member.id}, 'FIT3', 'Honda', 'Civic', 2000)`);
    // As autovacuum leaves a live catalogue: statistics, and the visibility map index-only scans need.
    await db.execute(sql`vacuum analyze`);
    // Every statement the app sends, to explain it afterwards with the same values.
    recorded = recordStatements(t.database, /"listings"/);
  }, 180_000);
  afterAll(() => t.close());

  /** Explains each statement with its values: none may look at more than ROW_BUDGET listing rows. */
  async function expectWithinBudget(statements: typeof recorded, label: string) {
    for (const statement of statements) {
      const plan = await explain(t.database, statement);
      const onListings = planNodes(plan).filter((node) => node['Relation Name'] === 'listings');
      const described = JSON.stringify(plan, null, 1);
      // A sequential scan is only fine when a limit stops it early (the bounded count of a plain browse):
      // the budget below catches one that reads the table.
      const looked = onListings.reduce(
        (sum, node) =>
          sum +
          ((node['Actual Rows'] ?? 0) +
            (node['Rows Removed by Filter'] ?? 0) +
            (node['Rows Removed by Index Recheck'] ?? 0)) *
            (node['Actual Loops'] ?? 1),
        0,
      );
      expect(looked, `${label}: ${described}`).toBeLessThanOrEqual(ROW_BUDGET);
      // Nor is every listing of a make or a category gathered from its index, to be intersected with
      // the words: the text index finds the words with the make's and category's own.
      const gathered = planNodes(plan)
        .filter(
          (node) =>
            node['Node Type'] === 'Bitmap Index Scan' && /make|category/.test(node['Index Name'] ?? ''),
        )
        .reduce((sum, node) => sum + (node['Actual Rows'] ?? 0), 0);
      expect(gathered, `${label}: ${described}`).toBeLessThanOrEqual(ROW_BUDGET);
    }
  }

  const cases: [string, string][] = [
    ['a common word', 'search=exhaust'],
    ['a common word, newest first', 'search=exhaust&sort=newest'],
    ['a common word, cheapest first', 'search=exhaust&sort=price_asc'],
    ['a rare word', 'search=zirconium'],
    ['a word in 1 of 500', 'search=intercooler'],
    ['a typo', 'search=exhuast'],
    ['two words and a make', 'search=exhaust%20s15&make=Nissan'],
    ['two common words and a make', 'search=bracket%20nissan&make=Nissan'],
    ['two words, a category and a make', 'search=exhaust%20s15&category=exhaust&make=Nissan'],
    ['a word and a category', 'search=s15&category=brakes'],
    ['a chassis code', 'search=gtr'],
    ['category and make', 'category=exhaust&make=Nissan'],
    ['fits my vehicles', 'fits=any'],
    ['fits my vehicles, newest first', 'fits=any&sort=newest'],
    ['a make, newest first', 'make=Nissan&sort=newest'],
    ['category and make, newest first', 'category=exhaust&make=Nissan&sort=newest'],
    ['Best match without words', ''],
    ['newest', 'sort=newest'],
    ['cheapest first', 'sort=price_asc'],
    ['near a city', 'near=90012&radius=25'],
    ['near a city, newest first', 'near=90012&radius=25&sort=newest'],
    ['near a city of a small share of the listings', 'near=60601&radius=25'],
    ['near a city of a small share, newest first', 'near=60601&radius=25&sort=newest'],
    ['near a small town', 'near=59801&radius=50'],
    ['a make near a small town, newest first', 'make=Nissan&near=59801&radius=100&sort=newest'],
    ['a wide radius, cheapest first', 'near=10001&radius=250&sort=price_asc'],
    ['a common word near a city', 'search=exhaust&near=90012&radius=25'],
    ['a rare word near a city', 'search=intercooler&near=90012&radius=50'],
  ];

  it.each(cases)('%s', async (_label, query) => {
    recorded.length = 0;
    // As the member (whose fleet "fits" reads); the others as a visitor.
    const get = async (path: string) => {
      if (!query.includes('fits=')) {
        const response = await t.app.request(path);
        expect(response.status).toBe(200);
        return response.json();
      }
      // Each case is a raw query string, as a search page's address has it.
      const answer = await member.browser.request('GET', path);
      expect(answer.status).toBe(200);
      return answer.body;
    };
    const page = (await get(`/api/listings?${query}`)) as { items: unknown[]; nextCursor: string | null };
    expect(page.items.length).toBeGreaterThan(0);
    const statements = [...recorded];
    expect(statements.length).toBeGreaterThan(0);
    // The page after this one too.
    if (page.nextCursor) {
      recorded.length = 0;
      await get(`/api/listings?${query}&cursor=${page.nextCursor}`);
      statements.push(...recorded);
    }
    await expectWithinBudget(statements, _label);
  });

  it.each([
    // "bracket" is in about 7 of 10 titles and Nissan about 1 in 6 listings: some 7,000 matches.
    ['a common word and a make', 'search=bracket&make=Nissan'],
    ['a make', 'make=Nissan'],
    ['browse', ''],
  ])('%s, surely over 1,000 by the statistics: one statement, no count', async (_label, query) => {
    recorded.length = 0;
    const response = await t.app.request(`/api/listings?${query}`);
    expect(response.status).toBe(200);
    const page = (await response.json()) as { items: { make: string }[]; count: unknown };
    expect(page.count).toEqual({ value: 1000, more: true });
    expect(page.items.length).toBe(24);
    if (query.includes('Nissan')) expect(page.items.every((item) => item.make === 'Nissan')).toBe(true);
    expect(recorded.map((statement) => statement.text).filter((text) => /count\(\*\)/.test(text))).toEqual(
      [],
    );
    expect(recorded).toHaveLength(1);
  });

  it("a listing's reference, whole id or address: its primary key, never a scan", async () => {
    const rows = await t.database.db.execute<{ id: string; make: string }>(
      sql`select id, make from listings where not is_sold order by created_at desc offset 777 limit 1`,
    );
    const { id, make } = rows.rows[0]!;
    const searches = [
      listingReference(id),
      `Ref. ${listingReference(id)}`,
      id,
      `http://localhost:3000/listing/${id}`,
    ];
    for (const search of searches)
      for (const order of ['', '&sort=newest', `&make=${make}&sort=price_asc`]) {
        recorded.length = 0;
        const response = await t.app.request(`/api/listings?search=${encodeURIComponent(search)}${order}`);
        expect(response.status).toBe(200);
        const page = (await response.json()) as { items: { id: string }[] };
        expect(page.items.map((item) => item.id)).toEqual([id]);
        const statements = [...recorded];
        expect(statements.length).toBeGreaterThan(0);
        for (const statement of statements) {
          const plan = await explain(t.database, statement);
          const onListings = planNodes(plan).filter((node) => node['Relation Name'] === 'listings');
          const described = JSON.stringify(plan, null, 1);
          expect(onListings.length, `${search}${order}: ${described}`).toBeGreaterThan(0);
          for (const node of onListings) {
            expect(node['Node Type'], `${search}${order}: ${described}`).toMatch(/^Index (Only )?Scan$/);
            expect((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0)).toBeLessThanOrEqual(2);
          }
        }
      }
  });

  it("a listing's page: the listing and its seller each by their key, sent as one value", async () => {
    const rows = await t.database.db.execute<{ id: string }>(
      sql`select id from listings order by created_at desc offset 1234 limit 1`,
    );
    const { id } = rows.rows[0]!;
    recorded.length = 0;
    const response = await t.app.request(`/api/listings/${id}`);
    expect(response.status).toBe(200);
    expect(((await response.json()) as { id: string }).id).toBe(id);
    expect(recorded).toHaveLength(1);
    const statement = recorded[0]!;
    const plan = await explain(t.database, statement);
    const described = JSON.stringify(plan, null, 1);
    const byKey = planNodes(plan).filter((node) =>
      ['listings', 'user'].includes(node['Relation Name'] ?? ''),
    );
    expect(byKey.map((node) => node['Relation Name']).sort(), described).toEqual(['listings', 'user']);
    for (const node of byKey) {
      expect(node['Node Type'], described).toMatch(/^Index (Only )?Scan$/);
      expect((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0), described).toBe(1);
    }
    // The driver describes and reads one column a run, not the 49 of the listing's and its seller's.
    const answer = await t.database.pool.query({ text: statement.text, values: statement.values });
    expect(answer.fields).toHaveLength(1);
  });

  it('a search that is exactly a part number: the part-number index, in each spelling, never a scan', async () => {
    const rows = await t.database.db.execute<{ id: string }>(
      sql`update listings set part_id = (array['23710-JF00A', '23710jf00a', '23710 JF00A'])[1 + (id::text < '8')::int]
        where id in (select id from listings where not is_sold order by created_at desc offset 999 limit 3)
        returning id`,
    );
    const ids = rows.rows.map((row) => row.id).sort();
    for (const search of ['23710-JF00A', '23710 jf00a'])
      for (const order of ['', '&sort=newest', '&sort=price_asc']) {
        recorded.length = 0;
        const response = await t.app.request(`/api/listings?search=${encodeURIComponent(search)}${order}`);
        expect(response.status).toBe(200);
        const page = (await response.json()) as { items: { id: string }[] };
        expect(page.items.map((item) => item.id).sort()).toEqual(ids);
        for (const statement of [...recorded]) {
          const plan = await explain(t.database, statement);
          const described = JSON.stringify(plan, null, 1);
          for (const node of planNodes(plan).filter((n) => n['Relation Name'] === 'listings')) {
            expect(node['Node Type'], `${search}${order}: ${described}`).not.toBe('Seq Scan');
            expect(
              (node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0),
              `${search}${order}: ${described}`,
            ).toBeLessThanOrEqual(3);
          }
        }
      }
  });

  it('For you: the newest in preferred makes and categories, in both, in either', async () => {
    await t.database.db.execute(
      sql`insert into profiles (user_id) values (${member.id}) on conflict do nothing`,
    );
    const choices: [string[] | null, string[] | null][] = [
      [
        ['Nissan', 'Toyota', 'Honda', 'Mazda', 'Subaru'],
        ['wheels', 'exhaust', 'brakes'],
      ],
      [['BMW', 'Ford'], null],
      [null, ['interior', 'engine']],
    ];
    for (const [makes, categories] of choices) {
      await t.database.db.execute(
        sql`update profiles set pref_makes = ${sql.param(makes)}::text[], pref_categories = ${sql.param(categories)}::text[] where user_id = ${member.id}`,
      );
      recorded.length = 0;
      const page = await readAnswer(member.browser.api.listings['for-you'].$get({ query: { limit: '12' } }));
      expectStatus(page, 200);
      expect(page.body.items).toHaveLength(12);
      await expectWithinBudget([...recorded], 'For you');
    }
  });
});
