import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function list(browser: TestBrowser, title: string, price: string, make = 'Alfa Romeo') {
  const created = await readAnswer(
    browser.api.listings.$post({
      json: {
        title,
        priceCents: Number(price) * 100,
        category: 'brakes',
        condition: 'good',
        make,
        model: 'Giulia',
      },
    }),
  );
  expectStatus(created, 201);
  return created.body.id;
}

/** A buyer views, saves and asks about a listing: one of each event, today. */
async function interest(id: string, ip: string) {
  const buyer = await signedInMember(t);
  const browser = new TestBrowser(t, ip);
  expect((await browser.api.listings[':id'].views.$post({ param: { id: id } })).status).toBeLessThan(300);
  expect((await buyer.browser.api.favourites[':id'].$put({ param: { id: id } })).status).toBe(200);
  expect(
    (
      await buyer.browser.api.listings[':id'].messages.$post({
        param: { id: id },
        json: {
          content: 'Still for sale?',
          clientId: crypto.randomUUID(),
        },
      })
    ).status,
  ).toBeLessThan(300);
  return buyer;
}

const today = () => new Date().toISOString().slice(0, 10);

describe('seller analytics', () => {
  it('are not in Bronze', async () => {
    const bronze = await signedInMember(t);
    const answer = await readAnswer(bronze.browser.api.dashboard.analytics.$get());
    expectStatus(answer, 200);
    expect(answer.body).toEqual({ level: 'none', days: 30, daily: [], listings: [], market: [] });
    expect((await new TestBrowser(t).api.dashboard.analytics.$get()).status).toBe(401);
  });

  it('count views, favourites and conversations per listing and day for Gold, from the events themselves', async () => {
    const gold = await signedInMember(t, { plan: 'gold' });
    const id = await list(gold.browser, 'Brembo calipers for Giulia', '900');
    await interest(id, '198.51.100.61');
    // The owner's own view does not count.
    await gold.browser.api.listings[':id'].views.$post({ param: { id: id } });

    const answer = await okBody(gold.browser.api.dashboard.analytics.$get());
    expect(answer.level).toBe('basic');
    expect(answer.daily).toHaveLength(30);
    expect(answer.daily.at(-1)).toEqual({
      day: today(),
      views: 1,
      impressions: 0,
      favourites: 1,
      conversations: 1,
    });
    expect(answer.daily.slice(0, -1).every((day) => day.views === 0)).toBe(true);
    expect(answer.listings).toEqual([
      {
        id,
        title: 'Brembo calipers for Giulia',
        priceCents: 90000,
        isSold: false,
        views: 1,
        favourites: 1,
        conversations: 1,
      },
    ]);
    // Advanced figures are Platinum's.
    expect(answer.market).toEqual([]);
  });

  it('add impressions, conversion, the market and views by day for Platinum', async () => {
    const platinum = await signedInMember(t, { plan: 'platinum' });
    const mine = await list(platinum.browser, 'Platinum Giulia rotors', '300', 'Maserati');
    const other = await signedInMember(t);
    for (const price of ['100', '200', '400'])
      await list(other.browser, `Other Maserati brake part ${price}`, price, 'Maserati');
    const watcher = await signedInMember(t);
    await watcher.browser.api['saved-searches'].$post({
      json: {
        name: 'Maserati brakes',
        query: { make: 'Maserati' },
      },
    });
    await interest(mine, '198.51.100.62');
    await interest(mine, '198.51.100.63');
    // Two results pages showed it (the first and, later, a search); written by the timed flush.
    await new TestBrowser(t).api.listings.$get({ query: { make: 'Maserati' } });
    await new TestBrowser(t).api.listings.$get({ query: { search: 'rotors' } });
    await t.app.flushImpressions();

    const answer = await okBody(platinum.browser.api.dashboard.analytics.$get());
    expect(answer.level).toBe('advanced');
    expect(answer.daily.at(-1)).toMatchObject({ views: 2, impressions: 2, favourites: 2, conversations: 2 });
    const row = answer.listings[0]!;
    expect(row).toMatchObject({ id: mine, views: 2, impressions: 2, conversion: 1 });
    // The median of the four Maserati brake listings: 200 and 300 in the middle.
    expect(row.medianPriceCents).toBe(25000);
    expect(row.dailyViews).toHaveLength(30);
    expect(row.dailyViews!.at(-1)).toBe(2);
    expect(answer.market).toEqual([
      {
        make: 'Maserati',
        category: 'brakes',
        medianPriceCents: 25000,
        activeListings: { value: 4, more: false },
        savedSearches: 1,
      },
    ]);
  });
});
