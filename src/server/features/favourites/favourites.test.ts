import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Favourite } from '@common/schemas/favourites';
import type { BrowseResponse, ListingDetail } from '@common/schemas/listings';
import type { NotificationList } from '@common/schemas/notifications';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A listing's fields, its price in whole dollars (sent in cents). */
const input = (title: string, dollars: string) => ({
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
    const item = (await seller.browser.post<ListingDetail>('/api/listings', input('KW V3 coilovers', '1500')))
      .body;
    expect((await new TestBrowser(t).request('PUT', `/api/favourites/${item.id}`)).status).toBe(401);
    expect(
      (await member.browser.request('PUT', '/api/favourites/00000000-0000-0000-0000-000000000000')).status,
    ).toBe(404);
    expect((await member.browser.request('PUT', `/api/favourites/${item.id}`)).status).toBe(200);
    // Twice is still once.
    expect((await member.browser.request('PUT', `/api/favourites/${item.id}`)).status).toBe(200);
    const list = await member.browser.get<{ favourites: Favourite[] }>('/api/favourites');
    expect(list.body.favourites).toHaveLength(1);
    expect(list.body.favourites[0]).toMatchObject({
      title: 'KW V3 coilovers',
      available: true,
      priceDrop: null,
    });

    const page = await member.browser.get<BrowseResponse>('/api/listings?search=KW%20V3');
    expect(page.body.items.find((i) => i.id === item.id)?.favourite).toBe(true);
    expect((await member.browser.get<ListingDetail>(`/api/listings/${item.id}`)).body.favourite).toBe(true);
    expect((await seller.browser.get<ListingDetail>(`/api/listings/${item.id}`)).body.favourite).toBe(false);
    expect(
      (await seller.browser.get<{ favourites: Favourite[] }>('/api/favourites')).body.favourites,
    ).toEqual([]);

    expect((await member.browser.request('DELETE', `/api/favourites/${item.id}`)).status).toBe(200);
    expect(
      (await member.browser.get<{ favourites: Favourite[] }>('/api/favourites')).body.favourites,
    ).toEqual([]);
  });

  it('show a price drop and tell the members who saved it; a sale and a deletion too', async () => {
    const seller = await signedInMember(t);
    const fan = await signedInMember(t);
    const other = await signedInMember(t);
    const item = (
      await seller.browser.post<ListingDetail>('/api/listings', input('STI short shifter', '200'))
    ).body;
    const gone = (await seller.browser.post<ListingDetail>('/api/listings', input('STI pitch mount', '90')))
      .body;
    await fan.browser.request('PUT', `/api/favourites/${item.id}`);
    await fan.browser.request('PUT', `/api/favourites/${gone.id}`);

    // A rise is no drop.
    await seller.browser.put(`/api/listings/${item.id}`, {
      ...input('STI short shifter', '220'),
      photos: [],
    });
    await t.runJobs();
    let list = (await fan.browser.get<{ favourites: Favourite[] }>('/api/favourites?search=shifter')).body;
    expect(list.favourites[0]?.priceDrop).toBeNull();
    await seller.browser.put(`/api/listings/${item.id}`, {
      ...input('STI short shifter', '180'),
      photos: [],
    });
    await t.runJobs();
    list = (await fan.browser.get<{ favourites: Favourite[] }>('/api/favourites?search=shifter')).body;
    expect(list.favourites).toHaveLength(1);
    expect(list.favourites[0]?.priceDrop).toEqual({ fromCents: 22000, toCents: 18000 });
    let notes = (await fan.browser.get<NotificationList>('/api/notifications?type=price_drop')).body;
    expect(notes.notifications[0]).toMatchObject({
      type: 'price_drop',
      link: `/listing/${item.id}`,
      data: { listingTitle: 'STI short shifter', oldPriceCents: 22000, priceCents: 18000 },
    });
    // Only those who saved it hear of it.
    expect((await other.browser.get<NotificationList>('/api/notifications')).body.notifications).toEqual([]);

    await seller.browser.request('PATCH', `/api/listings/${item.id}/status`, { isSold: true });
    await t.runJobs();
    notes = (await fan.browser.get<NotificationList>('/api/notifications?type=sale_update')).body;
    expect(notes.notifications[0]?.data.listingTitle).toBe('STI short shifter');

    await seller.browser.request('DELETE', `/api/listings/${gone.id}`);
    list = (await fan.browser.get<{ favourites: Favourite[] }>('/api/favourites')).body;
    const byTitle = Object.fromEntries(list.favourites.map((f) => [f.title, f]));
    expect(byTitle['STI short shifter']).toMatchObject({ available: false });
    expect(byTitle['STI pitch mount']).toMatchObject({ available: false, listing: null });
    // A removed listing's favourite is removed by its own id.
    await fan.browser.request('DELETE', `/api/favourites/${byTitle['STI pitch mount']!.id}`);
    expect(
      (await fan.browser.get<{ favourites: Favourite[] }>('/api/favourites')).body.favourites,
    ).toHaveLength(1);
  });
});
