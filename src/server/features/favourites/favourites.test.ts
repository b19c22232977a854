import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingInput } from '@common/schemas/listings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A listing's fields, its price in whole dollars (sent in cents). */
const input = (title: string, dollars: string): ListingInput => ({
  title,
  priceCents: Number(dollars) * 100,
  category: 'suspension',
  condition: 'good',
  make: 'Subaru',
  model: 'WRX',
});

describe('favourites', () => {
  it('are saved and removed by their member, and marked on cards and listing pages', async () => {
    const seller = await signedInMember(t);
    const member = await signedInMember(t);
    const item = await okBody(seller.browser.api.listings.$post({ json: input('KW V3 coilovers', '1500') }));
    expect((await new TestBrowser(t).api.favourites[':id'].$put({ param: { id: item.id } })).status).toBe(
      401,
    );
    expect(
      (
        await member.browser.api.favourites[':id'].$put({
          param: { id: '00000000-0000-0000-0000-000000000000' },
        })
      ).status,
    ).toBe(404);
    expect((await member.browser.api.favourites[':id'].$put({ param: { id: item.id } })).status).toBe(200);
    // Twice is still once.
    expect((await member.browser.api.favourites[':id'].$put({ param: { id: item.id } })).status).toBe(200);
    const list = await okBody(member.browser.api.favourites.$get({ query: {} }));
    expect(list.favourites).toHaveLength(1);
    expect(list.favourites[0]).toMatchObject({
      title: 'KW V3 coilovers',
      available: true,
      priceDrop: null,
    });

    const page = await okBody(member.browser.api.listings.$get({ query: { search: 'KW V3' } }));
    expect(page.items.find((i) => i.id === item.id)?.favourite).toBe(true);
    expect(
      (await okBody(member.browser.api.listings[':id'].$get({ param: { id: item.id } }))).favourite,
    ).toBe(true);
    expect(
      (await okBody(seller.browser.api.listings[':id'].$get({ param: { id: item.id } }))).favourite,
    ).toBe(false);
    expect((await okBody(seller.browser.api.favourites.$get({ query: {} }))).favourites).toEqual([]);

    expect((await member.browser.api.favourites[':id'].$delete({ param: { id: item.id } })).status).toBe(200);
    expect((await okBody(member.browser.api.favourites.$get({ query: {} }))).favourites).toEqual([]);
  });

  it('show a price drop and tell the members who saved it; a sale and a deletion too', async () => {
    const seller = await signedInMember(t);
    const fan = await signedInMember(t);
    const other = await signedInMember(t);
    const item = await okBody(seller.browser.api.listings.$post({ json: input('STI short shifter', '200') }));
    const gone = await okBody(seller.browser.api.listings.$post({ json: input('STI pitch mount', '90') }));
    await fan.browser.api.favourites[':id'].$put({ param: { id: item.id } });
    await fan.browser.api.favourites[':id'].$put({ param: { id: gone.id } });

    // A rise is no drop.
    await seller.browser.api.listings[':id'].$put({
      param: { id: item.id },
      json: {
        ...input('STI short shifter', '220'),
        photos: [],
      },
    });
    await t.runJobs();
    let list = await okBody(fan.browser.api.favourites.$get({ query: { search: 'shifter' } }));
    expect(list.favourites[0]?.priceDrop).toBeNull();
    await seller.browser.api.listings[':id'].$put({
      param: { id: item.id },
      json: {
        ...input('STI short shifter', '180'),
        photos: [],
      },
    });
    await t.runJobs();
    list = await okBody(fan.browser.api.favourites.$get({ query: { search: 'shifter' } }));
    expect(list.favourites).toHaveLength(1);
    expect(list.favourites[0]?.priceDrop).toEqual({ fromCents: 22000, toCents: 18000 });
    let notes = await okBody(fan.browser.api.notifications.$get({ query: { type: 'price_drop' } }));
    expect(notes.notifications[0]).toMatchObject({
      type: 'price_drop',
      link: `/listing/${item.id}`,
      data: { listingTitle: 'STI short shifter', oldPriceCents: 22000, priceCents: 18000 },
    });
    // Only those who saved it hear of it.
    expect((await okBody(other.browser.api.notifications.$get({ query: {} }))).notifications).toEqual([]);

    await seller.browser.api.listings[':id'].status.$patch({
      param: { id: item.id },
      json: { isSold: true },
    });
    await t.runJobs();
    notes = await okBody(fan.browser.api.notifications.$get({ query: { type: 'sale_update' } }));
    expect(notes.notifications[0]?.data.listingTitle).toBe('STI short shifter');

    await seller.browser.api.listings[':id'].$delete({ param: { id: gone.id } });
    list = await okBody(fan.browser.api.favourites.$get({ query: {} }));
    const byTitle = Object.fromEntries(list.favourites.map((f) => [f.title, f]));
    expect(byTitle['STI short shifter']).toMatchObject({ available: false });
    expect(byTitle['STI pitch mount']).toMatchObject({ available: false, listing: null });
    // A removed listing's favourite is removed by its own id.
    await fan.browser.api.favourites[':id'].$delete({ param: { id: byTitle['STI pitch mount']!.id } });
    expect((await okBody(fan.browser.api.favourites.$get({ query: {} }))).favourites).toHaveLength(1);
  });
});
