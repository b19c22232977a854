import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { PLANS, PLAN_DETAILS } from '@common/catalog';
import type { z } from 'zod';
import type { BrowseQuerySchema } from '@common/schemas/browse';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInAgain, signedInMember } from '../../../test/members';
import { testClock } from '../../../test/clock';
import { refuseInserts } from '../../../test/refuse-inserts';
import { listingBoosts, listings, users } from '../../db/schema';
import { type TestBrowser, expectStatus, okBody, readAnswer } from '../../../test/test-browser';

type BrowseQueryInput = z.input<typeof BrowseQuerySchema>;

let t: TestApp;
/** The app's clock: a boost's seven days pass by moving it on. */
const clock = testClock();
const BOOST_DAYS_AND_A_MINUTE = 7 * 86_400_000 + 60_000;
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterEach(() => clock.reset());
afterAll(async () => {
  await t.close();
});

/** A listing of a make no other test uses, so browse by that make shows only this file's listings. */
async function list(browser: TestBrowser, title: string, make = 'Lotus') {
  const created = await readAnswer(
    browser.api.listings.$post({
      json: {
        title,
        priceCents: 25000,
        category: 'exterior',
        condition: 'good',
        make,
        model: 'Elise',
      },
    }),
  );
  expectStatus(created, 201);
  return created.body.id;
}

const browse = async (browser: TestBrowser, query: BrowseQueryInput) =>
  (await okBody(browser.api.listings.$get({ query }))).items;

/** Photos as stored (the rank counts them; the files need not exist for that). */
const photos = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ key: `test/rank-${i}`, width: 800, height: 600, variants: [320] }));

describe('boosts', () => {
  it('are for Gold and Platinum only', async () => {
    const bronze = await signedInMember(t);
    const id = await list(bronze.browser, 'Bronze boost attempt');
    expect(await okBody(bronze.browser.api.boosts.$get())).toMatchObject({
      perMonth: 0,
      left: 0,
    });
    const refused = await readAnswer(bronze.browser.api.boosts.$post({ json: { listingId: id } }));
    expectStatus(refused, 403);
    expect(refused.body).toMatchObject({ error: { code: 'BOOSTS_NOT_IN_PLAN' } });
  });

  it('put a listing first in Best match and at the top of newest-first, labelled, within the monthly allowance', async () => {
    const gold = await signedInMember(t, { plan: 'gold' });
    const older = await list(gold.browser, 'Lotus Elise hardtop', 'Lotus');
    const second = await list(gold.browser, 'Lotus Elise mirrors', 'Lotus');
    const third = await list(gold.browser, 'Lotus Elise diffuser', 'Lotus');
    const other = await signedInMember(t);
    const newest = await list(other.browser, 'Lotus Elise seats', 'Lotus');
    expect((await browse(gold.browser, { make: 'Lotus' }))[0]!.id).toBe(newest);

    const boosted = await readAnswer(gold.browser.api.boosts.$post({ json: { listingId: older } }));
    expectStatus(boosted, 201);
    const days = (Date.parse(boosted.body.boostedUntil) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(6.99);
    expect(days).toBeLessThanOrEqual(7);
    expect(boosted.body.allowance).toMatchObject({ perMonth: 2, used: 1, left: 1 });

    for (const query of [
      { make: 'Lotus' },
      { make: 'Lotus', sort: 'best' },
      { make: 'Lotus', sort: 'newest' },
      { search: 'elise' },
    ] as const) {
      const first = (await browse(other.browser, query))[0]!;
      expect(first.id, JSON.stringify(query)).toBe(older);
      expect(first.boostedUntil, JSON.stringify(query)).toBe(boosted.body.boostedUntil);
    }
    const detail = await okBody(other.browser.api.listings[':id'].$get({ param: { id: older } }));
    expect(detail.boostedUntil).toBe(boosted.body.boostedUntil);

    const again = await readAnswer(gold.browser.api.boosts.$post({ json: { listingId: older } }));
    expectStatus(again, 409);
    expect(again.body).toMatchObject({ error: { code: 'ALREADY_BOOSTED' } });
    expect((await gold.browser.api.boosts.$post({ json: { listingId: second } })).status).toBe(201);
    const spent = await readAnswer(gold.browser.api.boosts.$post({ json: { listingId: third } }));
    expectStatus(spent, 409);
    expect(spent.body).toMatchObject({ error: { code: 'BOOSTS_USED_UP' } });
    expect(await okBody(gold.browser.api.boosts.$get())).toMatchObject({
      perMonth: 2,
      used: 2,
      left: 0,
    });

    // A new month: last month's boosts no longer count.
    await t.database.db
      .update(listingBoosts)
      .set({ createdAt: sql`date_trunc('month', now(), 'UTC') - interval '1 day'` })
      .where(eq(listingBoosts.userId, gold.id));
    expect((await okBody(gold.browser.api.boosts.$get())).left).toBe(2);
  });

  it('only of my own active listings, and never more at once than the allowance', async () => {
    const platinum = await signedInMember(t, { plan: 'platinum' });
    const stranger = await signedInMember(t, { plan: 'gold' });
    const theirs = await list(stranger.browser, 'Not yours to boost', 'Lotus');
    const missing = await readAnswer(platinum.browser.api.boosts.$post({ json: { listingId: theirs } }));
    expectStatus(missing, 404);
    expect((await platinum.browser.api.boosts.$post({ json: { listingId: 'nope' } })).status).toBe(400);

    const sold = await list(platinum.browser, 'Sold before boosting', 'Lotus');
    await platinum.browser.api.listings[':id'].status.$patch({ param: { id: sold }, json: { isSold: true } });
    const refused = await readAnswer(platinum.browser.api.boosts.$post({ json: { listingId: sold } }));
    expectStatus(refused, 409);
    expect(refused.body).toMatchObject({ error: { code: 'LISTING_SOLD' } });

    const ids: string[] = [];
    for (let i = 0; i < 8; i++) ids.push(await list(platinum.browser, `Parallel boost ${i}`, 'Lotus'));
    const answers = await Promise.all(
      ids.map((listingId) => readAnswer(platinum.browser.api.boosts.$post({ json: { listingId } }))),
    );
    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(
      PLAN_DETAILS.platinum.boostsPerMonth,
    );
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(
      8 - PLAN_DETAILS.platinum.boostsPerMonth,
    );
  });

  it('end after 7 days: the label goes, the listing drops back, and the owner is told', async () => {
    const gold = await signedInMember(t, { plan: 'gold' });
    const id = await list(gold.browser, 'Lotus Exige splitter boosted', 'Lotus');
    expect((await gold.browser.api.boosts.$post({ json: { listingId: id } })).status).toBe(201);
    // Listed after the boost (which bumped the boosted one to now): newer, yet second while it lasts.
    const later = await list(gold.browser, 'Lotus Exige wing newer', 'Lotus');
    expect((await browse(gold.browser, { search: 'exige' })).map((item) => item.id)).toEqual([id, later]);

    // Seven days later: the label is gone at once, and the job drops the listing back.
    clock.advance(BOOST_DAYS_AND_A_MINUTE);
    await signInAgain(gold);
    expect((await browse(gold.browser, { search: 'exige' }))[0]!.boostedUntil).toBeNull();
    await t.runJobs();

    const items = await browse(gold.browser, { search: 'exige' });
    expect(items.map((item) => item.id)).toEqual([later, id]);
    expect(items[1]!.boostedUntil).toBeNull();
    const inbox = await okBody(gold.browser.api.notifications.$get({ query: {} }));
    expect(inbox.notifications[0]).toMatchObject({
      type: 'boost_ended',
      data: { listingTitle: 'Lotus Exige splitter boosted' },
      link: `/listing/${id}`,
    });
  });

  it('end with the owner told even when the job died after ending the boost, before the notification', async () => {
    const gold = await signedInMember(t, { plan: 'gold' });
    const id = await list(gold.browser, 'Lotus Evora diffuser boosted', 'Lotus');
    expect((await gold.browser.api.boosts.$post({ json: { listingId: id } })).status).toBe(201);
    const { db } = t.database;
    clock.advance(BOOST_DAYS_AND_A_MINUTE);
    await signInAgain(gold);
    // Storing the notification fails (as a worker killed at that point): the job is retried later.
    const allow = await refuseInserts(db, 'notifications', 'type', 'boost_ended');
    try {
      await t.runJobs();
    } finally {
      await allow();
    }
    // The retry's 30 seconds pass.
    clock.advance(60_000);
    await t.runJobs();
    const inbox = await okBody(gold.browser.api.notifications.$get({ query: {} }));
    expect(inbox.notifications.map((n) => n.data)).toEqual([
      { listingTitle: 'Lotus Evora diffuser boosted' },
    ]);
    expect((await browse(gold.browser, { search: 'evora' }))[0]!.boostedUntil).toBeNull();
  });
});

describe('Best match without words', () => {
  it('ranks boosted listings, then Gold and Platinum sellers’ listings with more than 5 photos, then the rest, each newest first', async () => {
    const gold = await signedInMember(t, { plan: 'gold' });
    const bronze = await signedInMember(t);
    const make = 'Lancia';
    const goldMany = await list(gold.browser, 'Gold, six photos', make);
    const goldFew = await list(gold.browser, 'Gold, two photos', make);
    const bronzeMany = await list(bronze.browser, 'Bronze, six photos', make);
    await t.database.db
      .update(listings)
      .set({ photos: photos(6) })
      .where(eq(listings.id, goldMany));
    await t.database.db
      .update(listings)
      .set({ photos: photos(2) })
      .where(eq(listings.id, goldFew));
    await t.database.db
      .update(listings)
      .set({ photos: photos(6) })
      .where(eq(listings.id, bronzeMany));
    const boostedOld = await list(gold.browser, 'Gold, boosted', make);
    await t.database.db
      .update(listings)
      .set({ listedAt: sql`now() - interval '30 days'` })
      .where(eq(listings.id, boostedOld));
    expect((await gold.browser.api.boosts.$post({ json: { listingId: boostedOld } })).status).toBe(201);

    const order = async () => (await browse(bronze.browser, { make })).map((item) => item.id);
    expect(await order()).toEqual([boostedOld, goldMany, bronzeMany, goldFew]);
    // Newest first is newest first (the boost bumped its listing to now).
    expect((await browse(bronze.browser, { make, sort: 'newest' })).map((item) => item.id)).toEqual([
      boostedOld,
      bronzeMany,
      goldFew,
      goldMany,
    ]);

    // The plan is part of the rank: back on Bronze, the six photos no longer place the listing first.
    await t.database.db.update(users).set({ plan: 'bronze' }).where(eq(users.id, gold.id));
    expect(await order()).toEqual([boostedOld, bronzeMany, goldFew, goldMany]);
    // Pages in this order have no gaps or repeats.
    const first = await okBody(bronze.browser.api.listings.$get({ query: { make: make, limit: '2' } }));
    const next = await okBody(
      bronze.browser.api.listings.$get({ query: { make: make, limit: '2', cursor: first.nextCursor! } }),
    );
    expect([...first.items, ...next.items].map((item) => item.id)).toEqual(await order());
  });

  it('names the same plans in the database as the catalogue', async () => {
    for (const plan of PLANS) {
      const rows = await t.database.db.execute<{ placement: number }>(
        sql`select (listing_rank(now(), null, 6, ${plan}) >> 42)::int as placement`,
      );
      expect(rows.rows[0]!.placement, plan).toBe(PLAN_DETAILS[plan].priorityPlacement ? 1 : 0);
    }
  });
});
