import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { BULK_LOAD_TIMEOUT_MS } from '../../../test/test-database';
import { explain, planNodes, recordStatements, type PlanNode } from '../../../test/query-plans';
import { TestBrowser, expectStatus, readAnswer } from '../../../test/test-browser';
import { postsMatchingListing } from './matching';

/**
 * Publishing a listing finds the wanted posts it matches with a few index reads, however many posts
 * there are (docs/wanted.md, "At scale"): the job reads the listing by its key, then the part numbers'
 * index and the fitment index, never the table. The listings' own number does not enter this plan (one
 * row by its key), so the table holds few; the posts are 100,000, as the issue sizes them.
 */
const POSTS = 100_000;
/** Wanted-post rows any node may look at (the posts of one fitment and one number are about 120). */
const ROW_BUDGET = 1_000;

async function explained(t: TestApp, statement: SQL): Promise<PlanNode> {
  const answer = await t.database.db.execute<{ 'QUERY PLAN': [{ Plan: PlanNode }] }>(
    sql`explain (analyze, buffers, format json) ${statement}`,
  );
  return answer.rows[0]!['QUERY PLAN'][0].Plan;
}

describe(`matching a published listing at ${POSTS.toLocaleString('en')} wanted posts`, () => {
  let t: TestApp;
  const listingIds: Record<string, string> = {};

  beforeAll(async () => {
    t = await createTestApp({ statementTimeoutMs: BULK_LOAD_TIMEOUT_MS });
    const { db } = t.database;
    await db.execute(
      sql`insert into "user" (id, name, email, email_verified) select 'member' || i, 'Member', 'member' || i || '@example.com', true from generate_series(1, 500) as i`,
    );
    // 7 makes x 20 models x 6 categories: about 120 open posts a fitment; a part number in 2 posts in
    // 3 (50,000 numbers, two posts each); one in ten found, one in ten expired.
    await db.execute(sql`
      insert into wanted_posts (user_id, title, category, make, model, part_numbers, part_number_keys,
        ships_to_me, found_at, expires_at, created_at)
      select 'member' || (1 + i % 500), 'Wanted part ' || (i % 50),
        (array['wheels','exhaust','suspension','brakes','engine','interior'])[1 + i % 6],
        (array['Nissan','Toyota','Honda','Mazda','Ford','BMW','Subaru'])[1 + (i / 6) % 7],
        'Model ' || ((i / 42) % 20),
        case when i % 3 = 0 then '{}'::text[] else array['PN-' || (i % 50000) || 'X'] end,
        case when i % 3 = 0 then '{}'::text[] else array['PN' || (i % 50000) || 'X'] end,
        true,
        case when i % 10 = 1 then now() end,
        case when i % 10 = 2 then now() - interval '1 day' else now() + interval '20 days' end,
        now() - (i || ' minutes')::interval
      from generate_series(1, ${POSTS}::int) as i`);
    const listing = async (name: string, columns: SQL) => {
      const rows = await db.execute<{ id: string }>(sql`
        insert into listings (user_id, title, price_cents, category, make, model, part_id, condition, shipping_cents)
        values ('member1', ${name}, 10000, ${columns}, 'good', 2500) returning id`);
      listingIds[name] = rows.rows[0]!.id;
    };
    await listing('numbered', sql`'engine', 'Nissan', 'Model 3', 'PN-4242X'`);
    await listing('fitment only', sql`'engine', 'Toyota', 'Model 7', null`);
    await listing('nothing wanted', sql`'other', 'Other', 'Nobody wants', 'ZZ-99999'`);
    await db.execute(sql`vacuum analyze`);
  }, 180_000);
  afterAll(() => t.close());

  it.each(['numbered', 'fitment only', 'nothing wanted'])('a listing %s: index reads only', async (name) => {
    const plan = await explained(t, postsMatchingListing(listingIds[name]!));
    const described = JSON.stringify(plan, null, 1);
    const onPosts = planNodes(plan).filter((node) => node['Relation Name'] === 'wanted_posts');
    expect(
      onPosts.some((node) => node['Node Type'] === 'Seq Scan'),
      described,
    ).toBe(false);
    const looked = onPosts.reduce(
      (sum, node) =>
        sum +
        ((node['Actual Rows'] ?? 0) +
          (node['Rows Removed by Filter'] ?? 0) +
          (node['Rows Removed by Index Recheck'] ?? 0)) *
          (node['Actual Loops'] ?? 1),
      0,
    );
    expect(looked, described).toBeLessThanOrEqual(ROW_BUDGET);
    const indexes = new Set(planNodes(plan).map((node) => node['Index Name']));
    if (name === 'numbered') expect(indexes, described).toContain('wanted_posts_open_part_numbers_idx');
    expect(indexes, described).toContain('wanted_posts_open_fitment_idx');
  });

  it('the first page of /parts-wanted reads the newest open posts from their index', async () => {
    const recorded = recordStatements(t.database, /from "wanted_posts"/);
    expectStatus(await readAnswer(new TestBrowser(t).api.wanted.$get({ query: {} })), 200);
    expect(recorded).toHaveLength(1);
    const plan = await explain(t.database, recorded[0]!);
    const nodes = planNodes(plan);
    expect(
      nodes.some((node) => node['Index Name'] === 'wanted_posts_open_newest_idx'),
      JSON.stringify(plan),
    ).toBe(true);
    expect(nodes.every((node) => node['Node Type'] !== 'Sort')).toBe(true);
    // The cards' columns only: not a post's description, search keys or place, which no card shows.
    const selected = recorded[0]!.text.slice(0, recorded[0]!.text.indexOf(' from '));
    expect(selected).toContain('"wanted_posts"."title"');
    for (const column of ['description', 'part_number_keys', 'conditions', 'latitude', 'zip'])
      expect(selected).not.toContain(`"wanted_posts"."${column}"`);
    // One JSON value a post (and its exact time for the cursor), not a value a column.
    const answer = await t.database.pool.query(recorded[0]!.text, recorded[0]!.values);
    expect(answer.fields.map((field) => field.dataTypeID)).toEqual([114, 25]);
  });
});
