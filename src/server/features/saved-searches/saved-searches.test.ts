import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingInput } from '@common/schemas/listings';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { refuseInserts } from '../../../test/refuse-inserts';
import { listingReference } from '@common/listing-reference';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const part = (title: string, overrides: Partial<ListingInput> = {}): ListingInput => ({
  title,
  priceCents: 40000,
  category: 'exhaust',
  condition: 'good',
  make: 'Nissan',
  model: '350Z',
  yearStart: 2003,
  yearEnd: 2008,
  ...overrides,
});

async function searches(browser: TestBrowser) {
  return (await okBody(browser.api['saved-searches'].$get({ query: {} }))).savedSearches;
}

describe('saved searches', () => {
  it('are saved, counted, renamed, switched and deleted by their member only', async () => {
    const seller = await signedInMember(t);
    const member = await signedInMember(t);
    const other = await signedInMember(t);
    await seller.browser.api.listings.$post({ json: part('Invidia Q300 catback') });
    await seller.browser.api.listings.$post({ json: part('HKS Hi-Power catback', { priceCents: 90000 }) });

    expect(
      (await new TestBrowser(t).api['saved-searches'].$post({ json: { name: 'x', query: {} } })).status,
    ).toBe(401);
    const bad = await readAnswer(
      member.browser.api['saved-searches'].$post({ json: { name: ' ', query: {} } }),
    );
    expectStatus(bad, 400);
    expect(bad.body).toMatchObject({ error: { fields: { name: 'This field is required.' } } });

    const saved = await readAnswer(
      member.browser.api['saved-searches'].$post({
        json: {
          name: 'Cheap 350Z exhausts',
          query: {
            search: 'catback',
            make: 'Nissan',
            model: '350Z',
            maxPriceCents: 50000,
            sort: 'price_asc',
          },
        },
      }),
    );
    expectStatus(saved, 201);
    expect(saved.body).toMatchObject({
      name: 'Cheap 350Z exhausts',
      query: { search: 'catback', make: 'Nissan', model: '350Z', maxPriceCents: '50000', sort: 'price_asc' },
      filterCount: 3,
      alerts: true,
      results: { value: 1, more: false },
      // Nothing is new yet: the member has just seen these results.
      newResults: 0,
    });
    const id = saved.body.id;

    expect(await searches(other.browser)).toEqual([]);
    expect(
      (
        await other.browser.api['saved-searches'][':id'].$patch({
          param: { id: id },
          json: { alerts: false },
        })
      ).status,
    ).toBe(404);
    expect((await other.browser.api['saved-searches'][':id'].$delete({ param: { id: id } })).status).toBe(
      404,
    );

    // Opening clears the new badge.
    await member.browser.api['saved-searches'][':id'].open.$post({ param: { id: id } });
    expect((await searches(member.browser))[0]?.newResults).toBe(0);
    await seller.browser.api.listings.$post({ json: part('Berk catback', { priceCents: 45000 }) });
    expect((await searches(member.browser))[0]).toMatchObject({ newResults: 1, results: { value: 2 } });

    const switched = await readAnswer(
      member.browser.api['saved-searches'][':id'].$patch({
        param: { id: id },
        json: {
          alerts: false,
          name: 'Budget Z exhausts',
        },
      }),
    );
    expect(switched.body).toMatchObject({ alerts: false, name: 'Budget Z exhausts' });
    // Nothing to change is a change of nothing, not a server error.
    const unchanged = await readAnswer(
      member.browser.api['saved-searches'][':id'].$patch({ param: { id: id }, json: {} }),
    );
    expectStatus(unchanged, 200);
    expect(unchanged.body).toEqual(switched.body);
    expect((await member.browser.api['saved-searches'][':id'].$delete({ param: { id: id } })).status).toBe(
      200,
    );
    expect(await searches(member.browser)).toEqual([]);
  });

  it("count a listing's reference as browse finds it: that listing", async () => {
    const seller = await signedInMember(t);
    const member = await signedInMember(t);
    const named = await okBody(seller.browser.api.listings.$post({ json: part('Tomei Expreme Ti') }));
    await seller.browser.api.listings.$post({ json: part('Tomei Expreme Ti, second one') });
    const saved = await okBody(
      member.browser.api['saved-searches'].$post({
        json: {
          name: 'That Tomei',
          query: { search: `Ref. ${listingReference(named.id)}` },
        },
      }),
    );
    expect(saved.results).toEqual({ value: 1, more: false });
    const byAddress = await okBody(
      member.browser.api['saved-searches'].$post({
        json: {
          name: 'That Tomei again',
          query: { search: `http://localhost:3000/listing/${named.id}` },
        },
      }),
    );
    expect(byAddress.results).toEqual({ value: 1, more: false });
  });

  it('alert once per listing and search when a matching part is published', async () => {
    const seller = await signedInMember(t);
    const watcher = await signedInMember(t);
    const quiet = await signedInMember(t);
    await watcher.browser.api['saved-searches'].$post({
      json: {
        name: 'Z headers',
        query: { search: 'header', make: 'Nissan', year: '2005' },
      },
    });
    await quiet.browser.api['saved-searches'].$post({
      json: {
        name: 'Z headers, no alerts',
        query: { search: 'header', make: 'Nissan' },
        alerts: false,
      },
    });
    // The seller's own search never alerts them about their own part.
    await seller.browser.api['saved-searches'].$post({ json: { name: 'Mine', query: { search: 'header' } } });

    await seller.browser.api.listings.$post({ json: part('Stillen long tube header') });
    await seller.browser.api.listings.$post({
      json: part('Stillen header for a Civic', { make: 'Honda', model: 'Civic' }),
    });
    await seller.browser.api.listings.$post({
      json: part('Header for an old Z', { yearStart: 1990, yearEnd: 1996 }),
    });
    await t.runJobs();

    const notes = await okBody(watcher.browser.api.notifications.$get({ query: { type: 'new_listing' } }));
    expect(notes.notifications.map((n) => n.data)).toEqual([
      { searchName: 'Z headers', listingTitle: 'Stillen long tube header' },
    ]);
    const mail = (await t.mailTo(watcher.email)).filter((m) => m.subject.includes('saved search'));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('New match for your saved search “Z headers”');
    expect(mail[0]!.text).toContain('Stillen long tube header was just listed on ModMarket for $400');
    expect((await okBody(quiet.browser.api.notifications.$get({ query: {} }))).notifications).toEqual([]);
    expect((await okBody(seller.browser.api.notifications.$get({ query: {} }))).notifications).toEqual([]);

    // The job running again alerts nobody twice.
    await t.database.db.execute(sql`insert into jobs (kind, payload)
      select 'saved-searches.match', jsonb_build_object('listingId', id) from listings
      where title = 'Stillen long tube header'`);
    await t.runJobs();
    expect(
      (await okBody(watcher.browser.api.notifications.$get({ query: { type: 'new_listing' } })))
        .notifications,
    ).toHaveLength(1);
    expect((await t.mailTo(watcher.email)).filter((m) => m.subject.includes('saved search'))).toHaveLength(1);
  });

  it('alert when the matching job died after recording the pair, before queueing its email', async () => {
    const seller = await signedInMember(t);
    const watcher = await signedInMember(t);
    await watcher.browser.api['saved-searches'].$post({
      json: { name: 'Z intakes', query: { search: 'intake' } },
    });
    const { db } = t.database;
    // Queueing the email fails (as a worker killed at that point): the job is retried later.
    const allow = await refuseInserts(db, 'jobs', 'kind', 'saved-searches.alert-email');
    try {
      await seller.browser.api.listings.$post({ json: part('K&N intake for the Z') });
      await t.runJobs();
    } finally {
      await allow();
    }
    expect((await t.mailTo(watcher.email)).filter((m) => m.subject.includes('saved search'))).toEqual([]);

    await db.execute(sql`update jobs set run_at = now() where kind = 'saved-searches.match'`);
    await t.runJobs();
    const notes = await okBody(watcher.browser.api.notifications.$get({ query: { type: 'new_listing' } }));
    expect(notes.notifications.map((n) => n.data)).toEqual([
      { searchName: 'Z intakes', listingTitle: 'K&N intake for the Z' },
    ]);
    expect((await t.mailTo(watcher.email)).filter((m) => m.subject.includes('saved search'))).toHaveLength(1);
  });
});
