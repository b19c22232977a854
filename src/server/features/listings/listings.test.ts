import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BuyerPreferencesInput } from '@common/schemas/profile';
import type { z } from 'zod';
import type { BrowseResponse, ListingInput } from '@common/schemas/listings';
import type { BrowseQuerySchema } from '@common/schemas/browse';
import type { StoredPhoto } from '@common/photos';
import { photoVariantKey } from '@common/photos';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { listingPriceHistory, listings, messages, uploads, users } from '../../db/schema';
import { sweepUploads, UNATTACHED_UPLOAD_QUOTA } from '../../photos/uploads';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody, failureBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { fits } from '@common/schemas/vehicles';
import { listingReference } from '@common/listing-reference';

type BrowseQueryInput = z.input<typeof BrowseQuerySchema>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

function part(overrides: Partial<ListingInput> = {}): ListingInput {
  return {
    title: 'HKS Hi-Power exhaust',
    description: 'Stainless cat-back, great sound.',
    priceCents: 89999,
    category: 'exhaust',
    condition: 'like_new',
    make: 'Nissan',
    model: '350Z',
    yearStart: 2003,
    yearEnd: 2008,
    location: 'Austin, TX',
    ...overrides,
  };
}

async function create(browser: TestBrowser, overrides: Partial<ListingInput> = {}) {
  const response = await readAnswer(browser.api.listings.$post({ json: part(overrides) }));
  expectStatus(response, 201, JSON.stringify(response.body));
  return response.body;
}

async function browse(query: BrowseQueryInput) {
  const response = await readAnswer(new TestBrowser(t).api.listings.$get({ query }));
  expectStatus(response, 200);
  return response.body;
}

async function upload(browser: TestBrowser, bytes: Buffer, name: string, type = 'image/jpeg') {
  const form = new FormData();
  form.set('file', new File([new Uint8Array(bytes)], name, { type }));
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await t.app.request('/api/photos', {
    method: 'POST',
    body: form,
    headers: { Cookie: cookie },
  });
  return {
    status: response.status,
    body: (await response.json()) as StoredPhoto & { error?: { code: string } },
  };
}

const jpeg = (width = 200, height = 120) =>
  sharp({ create: { width, height, channels: 3, background: { r: 200, g: 80, b: 20 } } })
    .jpeg()
    .toBuffer();

describe('creating a listing', () => {
  it('is for members only, and checks the required fields with the shared messages', async () => {
    expect((await new TestBrowser(t).api.listings.$post({ json: part() })).status).toBe(401);
    const { browser } = await signedInMember(t);
    // No price at all, which the types do not allow.
    const missing = await browser.request<{ error: { fields: Record<string, string> } }>(
      'POST',
      '/api/listings',
      {
        ...part(),
        title: ' ',
        priceCents: undefined,
        make: '',
      },
    );
    expect(missing.status).toBe(400);
    expect(missing.body.error.fields).toMatchObject({
      title: 'This field is required.',
      priceCents: 'This field is required.',
      make: 'This field is required.',
    });
    // Money is whole cents: dollars with a fraction, text or a negative amount are refused on their field.
    for (const priceCents of [19.99, '1999', -1, 1_000_000_001]) {
      // Prices the types do not allow among them (text).
      const bad = await browser.request<{ error: { fields: Record<string, string> } }>(
        'POST',
        '/api/listings',
        {
          ...part(),
          priceCents,
        },
      );
      expect(bad.status, String(priceCents)).toBe(400);
      expect(bad.body.error.fields?.priceCents).toBe('Please enter a valid price.');
    }
    const years = await failureBody(
      browser.api.listings.$post({
        json: {
          ...part(),
          yearStart: 2010,
          yearEnd: 2005,
        },
      }),
    );
    expect(years.error.fields?.yearEnd).toBe('The last year must not be before the first year.');
    const verification = await failureBody(
      browser.api.listings.$post({
        json: {
          ...part(),
          verification: true,
        },
      }),
    );
    expect(Object.keys(verification.error.fields ?? {}).sort()).toEqual([
      'partBrand',
      'partId',
      'receiptImage',
    ]);
  });

  it('saves every field and records the first price', async () => {
    const { browser } = await signedInMember(t, { firstName: 'Keiko', lastName: 'tanaka' });
    const listing = await create(browser, {
      negotiable: false,
      referralAmountCents: 2500,
      partBrand: 'Other',
      partBrandOther: 'Nismo',
      partId: 'NS-123',
      productUrl: 'https://example.com/part',
    });
    expect(listing).toMatchObject({
      title: 'HKS Hi-Power exhaust',
      priceCents: 89999,
      negotiable: false,
      referralAmountCents: 2500,
      partBrand: 'Other',
      partBrandOther: 'Nismo',
      partId: 'NS-123',
      productUrl: 'https://example.com/part',
      isOwner: true,
      seller: { name: 'Keiko T.', verified: false },
    });
    const history = await t.database.db
      .select()
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, listing.id));
    expect(history.map((h) => h.priceCents)).toEqual([89999]);
  });

  it('takes product links over http or https only', async () => {
    const { browser } = await signedInMember(t);
    for (const productUrl of [
      'javascript:alert(1)',
      'data:text/html,<script>alert(1)</script>',
      '//evil.example',
    ]) {
      const refused = await readAnswer(
        browser.api.listings.$post({
          json: {
            ...part(),
            productUrl,
          },
        }),
      );
      expectStatus(refused, 400);
      expect(refused.body.error.fields?.productUrl).toBe(
        'Please enter a web address starting with http:// or https://.',
      );
    }
  });

  it("shows others only what a buyer needs: never the seller's email, phone or stored receipt", async () => {
    const seller = await signedInMember(t, { firstName: 'Keiko', lastName: 'Tanaka' });
    await t.database.db.update(users).set({ phone: '+14158672309' }).where(eq(users.id, seller.id));
    const listing = await create(seller.browser);
    const visitor = new TestBrowser(t);
    const member = await signedInMember(t);
    for (const answer of [
      await readAnswer(visitor.api.listings[':id'].$get({ param: { id: listing.id } })),
      await readAnswer(member.browser.api.listings[':id'].$get({ param: { id: listing.id } })),
      await readAnswer(visitor.api.listings.$get({ query: {} })),
    ]) {
      const text = JSON.stringify(answer.body);
      for (const secret of [seller.email, '+14158672309', '8672309', 'storedPhotos', 'storedReceipt'])
        expect(text).not.toContain(secret);
    }
    // The seller's public id is there to report or block them, and nowhere but in `seller`.
    const detail = await okBody(visitor.api.listings[':id'].$get({ param: { id: listing.id } }));
    expect(detail.seller.id).toBe(seller.id);
    expect(JSON.stringify({ ...detail, seller: null })).not.toContain(seller.id);
    expect(JSON.stringify(await okBody(visitor.api.listings.$get({ query: {} })))).not.toContain(seller.id);
  });
});

describe('browse and search', () => {
  let ids: { a: string; b: string; c: string; sold: string };
  beforeAll(async () => {
    const { browser } = await signedInMember(t, { plan: 'platinum' });
    const a = await create(browser, {
      title: 'Garrett turbo charger GT2860',
      description: 'Ball bearing turbo for SR20.',
      category: 'engine',
      make: 'Nissan',
      model: 'Silvia',
      yearStart: 1995,
      yearEnd: 1998,
      priceCents: 120_000,
      condition: 'good',
    });
    const b = await create(browser, {
      title: 'Borla exhaust system',
      description: 'ATAK cat-back.',
      category: 'exhaust',
      make: 'Ford',
      model: 'Mustang',
      yearStart: 2015,
      yearEnd: null,
      priceCents: 150_000,
      condition: 'new',
    });
    const c = await create(browser, {
      title: 'Bilstein B16 coilovers',
      description: 'Adjustable damping.',
      category: 'suspension',
      make: 'BMW',
      model: 'M3',
      yearStart: 2008,
      yearEnd: 2013,
      priceCents: 210_000,
      condition: 'fair',
    });
    const sold = await create(browser, { title: 'Sold exhaust manifold', category: 'exhaust', make: 'Ford' });
    await browser.api.listings[':id'].status.$patch({ param: { id: sold.id }, json: { isSold: true } });
    ids = { a: a.id, b: b.id, c: c.id, sold: sold.id };
  });

  const idsOf = (r: BrowseResponse) => r.items.map((i) => i.id);

  it('lists only unsold listings, newest first, with a count', async () => {
    const all = await browse({ limit: '48' });
    expect(idsOf(all)).not.toContain(ids.sold);
    expect(idsOf(all).indexOf(ids.c)).toBeLessThan(idsOf(all).indexOf(ids.a));
    expect(all.count.more).toBe(false);
    expect(all.count.value).toBe(all.items.length);
  });

  it('finds text in titles and descriptions, also by prefix', async () => {
    expect(idsOf(await browse({ search: 'coilovers' }))).toEqual([ids.c]);
    expect(idsOf(await browse({ search: 'ATAK' }))).toEqual([ids.b]);
    expect(idsOf(await browse({ search: 'bilst' }))).toEqual([ids.c]);
  });

  it('tolerates a typo and a missing space', async () => {
    expect(idsOf(await browse({ search: 'exaust' }))).toContain(ids.b);
    expect(idsOf(await browse({ search: 'turbocharger' }))).toContain(ids.a);
    expect(idsOf(await browse({ search: 'exaust' }))).not.toContain(ids.sold);
  });

  it('filters by category, make, model, condition and price', async () => {
    expect(idsOf(await browse({ category: 'suspension' }))).toEqual([ids.c]);
    expect(idsOf(await browse({ make: 'Ford' }))).toEqual([ids.b]);
    expect(idsOf(await browse({ make: 'Nissan', model: 'silvia' }))).toEqual([ids.a]);
    expect(idsOf(await browse({ condition: 'new' }))).toEqual([ids.b]);
    const priced = idsOf(await browse({ minPriceCents: '120000', maxPriceCents: '150000' }));
    expect(priced).toContain(ids.a);
    expect(priced).toContain(ids.b);
    expect(priced).not.toContain(ids.c);
    expect(
      idsOf(await browse({ category: 'exhaust', make: 'Ford', condition: 'new', maxPriceCents: '150000' })),
    ).toEqual([ids.b]);
    expect(idsOf(await browse({ category: 'exhaust', make: 'BMW' }))).toEqual([]);
  });

  it('applies the fitment year rule at its edges: year_start <= year <= year_end', async () => {
    expect(idsOf(await browse({ make: 'BMW', year: '2008' }))).toEqual([ids.c]);
    expect(idsOf(await browse({ make: 'BMW', year: '2013' }))).toEqual([ids.c]);
    expect(idsOf(await browse({ make: 'BMW', year: '2007' }))).toEqual([]);
    expect(idsOf(await browse({ make: 'BMW', year: '2014' }))).toEqual([]);
    // "2015 and later": every year from the first on, as the "Fits your …" badge counts it.
    expect(idsOf(await browse({ make: 'Ford', year: '2015' }))).toEqual([ids.b]);
    expect(idsOf(await browse({ make: 'Ford', year: '2026' }))).toEqual([ids.b]);
    expect(idsOf(await browse({ make: 'Ford', year: '2014' }))).toEqual([]);
    const mustang = { make: 'Ford', model: 'Mustang' };
    expect(fits({ ...mustang, yearStart: 2015, yearEnd: null }, { ...mustang, year: 2026 })).toBe(true);
    expect(fits({ ...mustang, yearStart: 2015, yearEnd: null }, { ...mustang, year: 2014 })).toBe(false);
  });

  it("finds a listing by its reference, its whole id or its page's address", async () => {
    const reference = listingReference(ids.c);
    const typed = [
      reference,
      reference.toLowerCase(),
      `Ref. ${reference}`,
      ids.c,
      ids.c.toUpperCase(),
      `http://localhost:3000/listing/${ids.c}`,
      `https://modmarket.example.com/listing/${ids.c}?from=share`,
    ];
    for (const text of typed) {
      const page = await browse({ search: text });
      expect(idsOf(page), text).toEqual([ids.c]);
      expect(page.count).toEqual({ value: 1, more: false });
      expect(page.nextCursor).toBeNull();
    }
    // With the filters: one that leaves the listing out leaves nothing (the words find nothing either).
    expect(idsOf(await browse({ search: reference, make: 'BMW', condition: 'fair' }))).toEqual([ids.c]);
    expect(idsOf(await browse({ search: reference, make: 'Ford' }))).toEqual([]);
    // A sold listing is not in browse, by its reference either.
    expect(idsOf(await browse({ search: listingReference(ids.sold) }))).toEqual([]);
    expect(idsOf(await browse({ search: ids.sold }))).toEqual([]);
  });

  it('searches the words when no listing has the reference: a part number of eight digits', async () => {
    const { browser } = await signedInMember(t, { plan: 'platinum' });
    const rows = await t.database.db.select({ id: listings.id }).from(listings);
    // Eight digits that begin no listing's id.
    let number = 10_000_000;
    while (rows.some(({ id }) => id.startsWith(String(number)))) number += 1;
    const withNumber = await create(browser, { title: `OEM water pump ${number}`, category: 'engine' });
    expect(idsOf(await browse({ search: String(number) }))).toEqual([withNumber.id]);
    // Two listings: the one the reference names comes alone, not the one with the number in its title.
    await t.database.db
      .update(listings)
      .set({ title: `Borla exhaust system ${listingReference(ids.b).toLowerCase()}` })
      .where(eq(listings.id, ids.a));
    expect(idsOf(await browse({ search: listingReference(ids.b) }))).toEqual([ids.b]);
    await t.database.db
      .update(listings)
      .set({ title: 'Garrett turbo charger GT2860' })
      .where(eq(listings.id, ids.a));
  });

  it('sorts by price both ways', async () => {
    const up = (await browse({ sort: 'price_asc', limit: '48' })).items.map((i) => i.priceCents);
    expect(up).toEqual([...up].sort((x, y) => x - y));
    const down = (await browse({ sort: 'price_desc', limit: '48' })).items.map((i) => i.priceCents);
    expect(down).toEqual([...down].sort((x, y) => y - x));
  });

  it('pages by keyset without gaps or repeats while listings are added', async () => {
    const { browser } = await signedInMember(t, { plan: 'platinum' });
    for (let i = 0; i < 5; i++)
      await create(browser, { title: `Page part ${i}`, priceCents: (100 + i) * 100 });
    const expected = idsOf(await browse({ limit: '48' }));
    for (const sort of ['newest', 'price_asc'] as const) {
      const reference = idsOf(await browse({ limit: '48', sort: sort }));
      const seen: string[] = [];
      let cursor: string | null = null;
      let added = 0;
      do {
        const query: BrowseQueryInput = { limit: '2', sort, ...(cursor ? { cursor } : {}) };
        const page = await browse(query);
        seen.push(...idsOf(page));
        cursor = page.nextCursor;
        if (added < 2) {
          // A new listing (newest, and the cheapest) arrives while the visitor pages.
          await create(browser, { title: `Late part ${sort} ${added++}`, priceCents: 100 });
        }
      } while (cursor);
      expect(new Set(seen).size).toBe(seen.length);
      for (const id of reference) expect(seen).toContain(id);
    }
    expect(expected.length).toBeGreaterThan(5);
  });
});

describe('owners, and only owners, manage their listings', () => {
  it('edits, records price changes, marks sold and deletes; another member gets 404', async () => {
    const owner = await signedInMember(t);
    const other = await signedInMember(t);
    const listing = await create(owner.browser);
    for (const [method, path, body] of [
      ['PUT', `/api/listings/${listing.id}`, part({ priceCents: 100 })],
      ['PATCH', `/api/listings/${listing.id}/status`, { isSold: true }],
      ['DELETE', `/api/listings/${listing.id}`, undefined],
    ] as const) {
      // A walk over the owner's endpoints, by path.
      const response = await other.browser.request(method, path, body);
      expect(response.status, `${method} ${path}`).toBe(404);
    }
    const edited = await okBody(
      owner.browser.api.listings[':id'].$put({
        param: { id: listing.id },
        json: part({ priceCents: 75000 }),
      }),
    );
    expect(edited.priceCents).toBe(75000);
    const history = await t.database.db
      .select({ priceCents: listingPriceHistory.priceCents })
      .from(listingPriceHistory)
      .where(eq(listingPriceHistory.listingId, listing.id))
      .orderBy(listingPriceHistory.id);
    expect(history.map((h) => h.priceCents)).toEqual([89999, 75000]);

    expect(
      (
        await owner.browser.api.listings[':id'].status.$patch({
          param: { id: listing.id },
          json: { isSold: true },
        })
      ).status,
    ).toBe(200);
    expect(idsOfBrowse(await browse({ limit: '48' }))).not.toContain(listing.id);
    expect((await owner.browser.api.listings[':id'].$delete({ param: { id: listing.id } })).status).toBe(200);
    expect((await new TestBrowser(t).api.listings[':id'].$get({ param: { id: listing.id } })).status).toBe(
      404,
    );
  });
});

function idsOfBrowse(r: BrowseResponse) {
  return r.items.map((i) => i.id);
}

describe('plan limits', () => {
  it('caps a Bronze member at 3 active listings, when creating and when making one available again', async () => {
    const { browser } = await signedInMember(t);
    const listed = [];
    for (let i = 0; i < 3; i++) listed.push(await create(browser));
    const fourth = await readAnswer(browser.api.listings.$post({ json: part() }));
    expectStatus(fourth, 403);
    expect(fourth.body.error.code).toBe('PLAN_LIMIT');
    expect(fourth.body.error.message).toBe(
      'Your plan allows 3 active listings. Mark one as sold or upgrade your plan to list more.',
    );
    await browser.api.listings[':id'].status.$patch({ param: { id: listed[0]!.id }, json: { isSold: true } });
    await create(browser);
    const again = await readAnswer(
      browser.api.listings[':id'].status.$patch({
        param: { id: listed[0]!.id },
        json: {
          isSold: false,
        },
      }),
    );
    expectStatus(again, 403);
    expect(again.body.error.code).toBe('PLAN_LIMIT');
  });

  it('lets Gold list 10', async () => {
    const { browser } = await signedInMember(t, { plan: 'gold' });
    for (let i = 0; i < 10; i++) await create(browser);
    expect((await browser.api.listings.$post({ json: part() })).status).toBe(403);
  });
});

describe('deleting a listing', () => {
  it('takes it out of browse, favourites and the sitemap but keeps both sides of its conversations', async () => {
    const seller = await signedInMember(t, { firstName: 'Lena', lastName: 'Ortiz' });
    const buyer = await signedInMember(t);
    const [first, second] = [
      (await upload(seller.browser, await jpeg(), 'front.jpg')).body,
      (await upload(seller.browser, await jpeg(), 'back.jpg')).body,
    ];
    const listing = await create(seller.browser, { title: 'Tein Flex Z coilovers', photos: [first, second] });
    const sent = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: listing.id },
        json: {
          content: 'Would you take 700?',
        },
      }),
    );
    expect((await buyer.browser.api.favourites[':id'].$put({ param: { id: listing.id } })).status).toBe(200);

    expect((await seller.browser.api.listings[':id'].$delete({ param: { id: listing.id } })).status).toBe(
      200,
    );

    expect(idsOfBrowse(await browse({ search: 'Tein Flex' }))).not.toContain(listing.id);
    expect(await (await t.app.request('/sitemap.xml')).text()).not.toContain(listing.id);
    const favourites = await okBody(buyer.browser.api.favourites.$get({ query: {} }));
    expect(favourites.favourites[0]).toMatchObject({ listing: null, available: false });
    for (const member of [seller, buyer]) {
      const thread = await readAnswer(
        member.browser.api.conversations[':id'].$get({ param: { id: sent.conversationId } }),
      );
      expectStatus(thread, 200);
      expect(thread.body.conversation.listing).toMatchObject({ id: null, title: 'Tein Flex Z coilovers' });
      expect(thread.body.conversation.listing.photo?.sources.length).toBeGreaterThan(0);
      expect(thread.body.messages.map((m) => m.content)).toEqual(['Would you take 700?']);
    }
    // The first photo stays for the conversation; the others are gone.
    expect((await t.app.request(`/media/${photoVariantKey(first, 320)}`)).status).toBe(200);
    expect((await t.app.request(`/media/${photoVariantKey(second, 320)}`)).status).toBe(404);
    // Both can still write in it.
    const reply = await readAnswer(
      seller.browser.api.conversations[':id'].messages.$post({
        param: { id: sent.conversationId },
        json: {
          content: 'Sold it elsewhere, sorry',
        },
      }),
    );
    expectStatus(reply, 201);
  });
});

describe('limits under parallel requests', () => {
  it('lets only as many of 10 parallel listings through as the plan has room for', async () => {
    const { browser } = await signedInMember(t);
    await create(browser);
    await create(browser);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        readAnswer(browser.api.listings.$post({ json: part({ title: `Parallel part ${i}` }) })),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(403)]);
    const mine = await okBody(browser.api.dashboard.$get());
    expect(mine.quota.active).toBe(3);
  });

  it('lets only as many of 10 parallel new conversations through as the month has room for', async () => {
    const seller = await signedInMember(t, { plan: 'platinum' });
    const buyer = await signedInMember(t);
    const items = [];
    for (let i = 0; i < 19; i++) items.push(await create(seller.browser, { title: `Spoon part ${i}` }));
    for (const item of items.slice(0, 9))
      expect(
        (
          await buyer.browser.api.listings[':id'].messages.$post({
            param: { id: item.id },
            json: { content: 'Hi' },
          })
        ).status,
      ).toBe(201);
    const answers = await Promise.all(
      items.slice(9).map((item) =>
        readAnswer(
          buyer.browser.api.listings[':id'].messages.$post({
            param: { id: item.id },
            json: { content: 'Hi' },
          }),
        ),
      ),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([201, ...Array<number>(9).fill(403)]);
    const inbox = await okBody(buyer.browser.api.conversations.$get({ query: {} }));
    expect(inbox.conversations).toHaveLength(10);
  });
});

describe('photos', () => {
  it('re-encodes a JPEG into WebP sizes without its GPS data', async () => {
    const { browser, id } = await signedInMember(t);
    const withGps = await sharp(await jpeg(1600, 900))
      .withExif({ IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '40/1 26/1 46/1' } })
      .jpeg()
      .toBuffer();
    expect((await sharp(withGps).metadata()).exif).toBeDefined();
    const uploaded = await upload(browser, withGps, 'car.jpg');
    expect(uploaded.status).toBe(201);
    expect(uploaded.body.key.startsWith(`listings/${id}/`)).toBe(true);
    expect(uploaded.body.variants).toEqual([320, 640, 1280]);
    const stored = await t.app.request(`/media/${photoVariantKey(uploaded.body, 1280)}`);
    const bytes = Buffer.from(await stored.arrayBuffer());
    const meta = await sharp(bytes).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(1280);
    expect(meta.exif).toBeUndefined();
    const listing = await create(browser, { photos: [uploaded.body] });
    expect(listing.photos[0]?.sources.map((s) => s.width)).toEqual([320, 640, 1280]);
  });

  it('refuses what is not a photo, whatever its name, and what is too large', async () => {
    const { browser } = await signedInMember(t);
    const text = await upload(browser, Buffer.from('just some text, not a picture'), 'part.jpg');
    expect(text.status).toBe(400);
    expect(text.body.error?.code).toBe('PHOTO_TYPE');
    const svg = await upload(
      browser,
      Buffer.from(
        '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
      ),
      'part.svg',
      'image/svg+xml',
    );
    expect(svg.status).toBe(400);
    const big = await upload(browser, Buffer.alloc(13 * 1024 * 1024, 1), 'huge.jpg');
    expect(big.status).toBe(413);
    expect(big.body.error?.code).toBe('PHOTO_TOO_LARGE');
    expect((await upload(new TestBrowser(t), await jpeg(), 'a.jpg')).status).toBe(401);
  });

  it('takes at most 10 photos, and only photos of this member', async () => {
    const { browser } = await signedInMember(t);
    const photo = (await upload(browser, await jpeg(), 'a.jpg')).body;
    const eleven = await readAnswer(
      browser.api.listings.$post({
        json: {
          ...part(),
          photos: Array.from({ length: 11 }, () => photo),
        },
      }),
    );
    expectStatus(eleven, 400);
    expect(eleven.body.error.fields?.photos).toBe('You can upload a maximum of 10 images');
    const someoneElses = await signedInMember(t);
    expect(
      (await someoneElses.browser.api.listings.$post({ json: { ...part(), photos: [photo] } })).status,
    ).toBe(400);
    // Keys are taken only exactly as the upload recorded them: not a path out of the member's folder.
    const folder = photo.key.split('/').slice(0, 2).join('/');
    for (const forged of [
      { ...photo, key: `${folder}/..` },
      { ...photo, key: `${folder}/${photo.key.split('/')[2]}/../x` },
    ]) {
      const refused = await readAnswer(
        browser.api.listings.$post({
          json: {
            ...part(),
            photos: [forged],
          },
        }),
      );
      expectStatus(refused, 400);
      expect(refused.body.error.fields?.photos).toBe(
        'This photo is not one you uploaded. Please upload it again.',
      );
    }
    // Size and variants come from the server's record, whatever the client says.
    const made = await readAnswer(
      browser.api.listings.$post({
        json: {
          ...part(),
          photos: [{ ...photo, width: 99999, height: 1, variants: [320, 999] }],
        },
      }),
    );
    expectStatus(made, 201);
    expect(made.body.storedPhotos).toEqual([photo]);
  });

  it('keeps a quota of unused uploads per member, and sweeps the unused ones after a day', async () => {
    const { browser, id } = await signedInMember(t);
    const db = t.database.db;
    // Up to the quota, as if uploaded earlier (the files do not matter to the count).
    for (let i = 0; i < UNATTACHED_UPLOAD_QUOTA - 1; i++)
      await db.insert(uploads).values({
        key: `listings/${id}/${crypto.randomUUID()}`,
        userId: id,
        width: 10,
        height: 10,
        variants: [320],
        bytes: 100,
      });
    const last = await upload(browser, await jpeg(), 'a.jpg');
    expect(last.status).toBe(201);
    const over = await upload(browser, await jpeg(), 'b.jpg');
    expect(over.status).toBe(403);
    expect(over.body.error?.code).toBe('UPLOAD_LIMIT');
    // Using one frees its place.
    expect((await browser.api.listings.$post({ json: { ...part(), photos: [last.body] } })).status).toBe(201);
    expect((await upload(browser, await jpeg(), 'c.jpg')).status).toBe(201);

    // A day later the unused ones go, files and records; the used one stays.
    await db.execute(sql`update uploads set created_at = now() - interval '25 hours' where user_id = ${id}`);
    const unused = (await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, id))).find(
      (row) => row.key !== last.body.key && existsSync(path.join(t.dataDir, 'uploads', row.key)),
    )!;
    await sweepUploads(db, t.storage);
    const left = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, id));
    expect(left.map((row) => row.key)).toEqual([last.body.key]);
    expect(existsSync(path.join(t.dataDir, 'uploads', unused.key))).toBe(false);
    expect(existsSync(path.join(t.dataDir, 'uploads', last.body.key))).toBe(true);
  });

  it('shows a stored photo it cannot serve as no photo, and the page still works for everyone', async () => {
    const { browser, id } = await signedInMember(t);
    const listing = await create(browser, { title: 'Mugen hardtop' });
    // Older data or a bad write: a key no upload makes.
    await t.database.db
      .update(listings)
      .set({ photos: [{ key: `listings/${id}/..`, width: 10, height: 10, variants: [320] }] })
      .where(eq(listings.id, listing.id));
    const page = await browse({ search: 'Mugen hardtop' });
    expect(page.items[0]).toMatchObject({ id: listing.id });
    const detail = await readAnswer(
      new TestBrowser(t).api.listings[':id'].$get({ param: { id: listing.id } }),
    );
    expectStatus(detail, 200);
    expect(detail.body.photos[0]?.sources).toEqual([]);
  });
});

describe('contacting the seller and views', () => {
  it("stores the message in the (listing, buyer, seller) conversation; never to one's own or a sold listing", async () => {
    const seller = await signedInMember(t, { firstName: 'Dana', lastName: 'Cole' });
    const buyer = await signedInMember(t, { firstName: 'Eli', lastName: 'Park' });
    const listing = await create(seller.browser);
    expect(
      (
        await new TestBrowser(t).api.listings[':id'].messages.$post({
          param: { id: listing.id },
          json: { content: 'Hi' },
        })
      ).status,
    ).toBe(401);
    expect(
      (
        await buyer.browser.api.listings[':id'].messages.$post({
          param: { id: listing.id },
          json: { content: '   ' },
        })
      ).status,
    ).toBe(400);
    const first = await readAnswer(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: listing.id },
        json: {
          content: ' Is this still available? ',
        },
      }),
    );
    expectStatus(first, 201);
    const second = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: listing.id },
        json: {
          content: 'Can you ship to Denver?',
        },
      }),
    );
    expect(second.conversationId).toBe(first.body.conversationId);
    const stored = await t.database.db
      .select()
      .from(messages)
      .where(eq(messages.conversationId, first.body.conversationId))
      .orderBy(messages.createdAt);
    expect(stored.map((m) => [m.content, m.senderId, m.receiverId])).toEqual([
      ['Is this still available?', buyer.id, seller.id],
      ['Can you ship to Denver?', buyer.id, seller.id],
    ]);
    expect(
      (
        await seller.browser.api.listings[':id'].messages.$post({
          param: { id: listing.id },
          json: { content: 'Me?' },
        })
      ).status,
    ).toBe(400);

    const dashboard = await okBody(seller.browser.api.dashboard.$get());
    expect(dashboard.recentMessages.map((m) => [m.senderName, m.content])).toEqual([
      ['Eli P.', 'Can you ship to Denver?'],
      ['Eli P.', 'Is this still available?'],
    ]);

    await seller.browser.api.listings[':id'].status.$patch({
      param: { id: listing.id },
      json: { isSold: true },
    });
    const sold = await failureBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: listing.id },
        json: {
          content: 'Still there?',
        },
      }),
    );
    expect(sold.error.code).toBe('LISTING_SOLD');
  });

  it('counts a view once per visitor and day, never the owner', async () => {
    const seller = await signedInMember(t);
    const listing = await create(seller.browser);
    const visitor = new TestBrowser(t, '198.51.100.61');
    await visitor.api.listings[':id'].views.$post({ param: { id: listing.id } });
    await visitor.api.listings[':id'].views.$post({ param: { id: listing.id } });
    // A visitor is counted by address: dropping cookies or coming back in a fresh browser counts nothing.
    await new TestBrowser(t, '198.51.100.61').api.listings[':id'].views.$post({ param: { id: listing.id } });
    // Two addresses of one IPv6 /64 are one visitor; another /64 is another.
    await new TestBrowser(t, '2001:db8:1:2::10').api.listings[':id'].views.$post({
      param: { id: listing.id },
    });
    await new TestBrowser(t, '2001:db8:1:2:ffff::1').api.listings[':id'].views.$post({
      param: { id: listing.id },
    });
    await new TestBrowser(t, '2001:db8:1:3::10').api.listings[':id'].views.$post({
      param: { id: listing.id },
    });
    await seller.browser.api.listings[':id'].views.$post({ param: { id: listing.id } });
    const row = await t.database.db
      .select({ views: listings.views })
      .from(listings)
      .where(eq(listings.id, listing.id));
    expect(row[0]?.views).toBe(3);
  });
});

describe('the dashboard', () => {
  it('shows my listings, the stats and my quota', async () => {
    const { browser } = await signedInMember(t);
    const a = await create(browser, { priceCents: 10000 });
    await create(browser, { priceCents: 25050 });
    await browser.api.listings[':id'].status.$patch({ param: { id: a.id }, json: { isSold: true } });
    const dashboard = await okBody(browser.api.dashboard.$get());
    expect(dashboard.stats).toEqual({ total: 2, active: 1, sold: 1, totalValueCents: 25050 });
    expect(dashboard.quota).toEqual({ active: 1, limit: 3 });
    expect(dashboard.listings).toHaveLength(2);
    expect((await new TestBrowser(t).api.dashboard.$get()).status).toBe(401);
    void sql;
  });
});

describe('AI title and description', () => {
  const fields = {
    category: 'exhaust',
    condition: 'like_new',
    make: 'Nissan',
    model: '350Z',
    yearStart: 2003,
    yearEnd: 2008,
    partBrand: 'HKS',
    partId: 'HK-31',
  } as const;

  it('is for Gold and Platinum members, by their real plan', async () => {
    const bronze = await signedInMember(t);
    const refused = await readAnswer(bronze.browser.api.listings['ai-draft'].$post({ json: fields }));
    expectStatus(refused, 403);
    expect(refused.body.error.message).toBe('AI assistance is available for Gold and Platinum members only');
    const gold = await signedInMember(t, { plan: 'gold' });
    const draft = await readAnswer(gold.browser.api.listings['ai-draft'].$post({ json: fields }));
    expectStatus(draft, 200);
    expect(draft.body.title).toBe('HKS Exhaust for Nissan 350Z (2003-2008)');
    expect(draft.body.description).toContain('like-new');
    expect(draft.body.description).toContain('HK-31');
  });

  it("writes in the asker's language", async () => {
    const gold = await signedInMember(t, { plan: 'platinum' });
    const draft = await okBody(
      gold.browser.api.listings['ai-draft'].$post({ json: fields }, { headers: { 'Accept-Language': 'es' } }),
    );
    expect(draft.title).toBe('HKS Escape para Nissan 350Z (2003-2008)');
  });
});

describe('a listing’s ZIP code', () => {
  it('shows its city and state as the location, and is refused when unknown or malformed', async () => {
    const { browser } = await signedInMember(t);
    const unknown = await readAnswer(
      browser.api.listings.$post({
        json: {
          ...part(),
          zip: '00000',
        },
      }),
    );
    expectStatus(unknown, 400);
    expect(unknown.body.error.fields?.zip).toBe('We do not know this ZIP code. Check it, or leave it empty.');
    const malformed = await failureBody(
      browser.api.listings.$post({
        json: {
          ...part(),
          zip: '9021',
        },
      }),
    );
    expect(malformed.error.fields?.zip).toBe('Please enter a valid ZIP code.');

    const created = await create(browser, { zip: '90210', location: 'Somewhere else' });
    expect(created).toMatchObject({ zip: '90210', location: 'Beverly Hills, CA' });
    const rows = await t.database.db.execute<{ latitude: number; longitude: number }>(
      sql`select latitude, longitude from listings where id = ${created.id}`,
    );
    expect(rows.rows[0]!.latitude).toBeCloseTo(34.09, 1);

    // Taking the ZIP away takes its place away too.
    await browser.api.listings[':id'].$put({
      param: { id: created.id },
      json: { ...part(), zip: '', location: '' },
    });
    const edited = await readAnswer(
      new TestBrowser(t).api.listings[':id'].$get({ param: { id: created.id } }),
    );
    expect(edited.body).toMatchObject({ zip: null, location: null });
  });

  it('is looked up for the form: city and state, or 404', async () => {
    const visitor = new TestBrowser(t);
    expect(await okBody(visitor.api.places[':zip'].$get({ param: { zip: '97201' } }))).toEqual({
      zip: '97201',
      city: 'Portland',
      state: 'OR',
    });
    expect((await visitor.api.places[':zip'].$get({ param: { zip: '00000' } })).status).toBe(404);
    // Canadian codes are in the data set, but listings are in the US.
    expect((await visitor.api.places[':zip'].$get({ param: { zip: 'K1A' } })).status).toBe(404);
  });
});

describe('browsing near a ZIP code', () => {
  // Around Portland, OR (97201): Beaverton 5 miles away, Salem 42, Bend 119 (inside the 100-mile
  // circle's bounding box, outside the circle), Seattle 146, Los Angeles 825; one without a ZIP code.
  const model = 'Nearby';
  const places = {
    Beaverton: '97005',
    Salem: '97301',
    Bend: '97701',
    Seattle: '98101',
    'Los Angeles': '90012',
  };
  beforeAll(async () => {
    const { browser } = await signedInMember(t, { plan: 'platinum' });
    for (const [city, zip] of Object.entries(places))
      await create(browser, { title: `${city} part`, model, zip });
    await create(browser, { title: 'Somewhere part', model, location: 'Portland, OR' });
  });
  const near = async (query: BrowseQueryInput) =>
    (await browse({ model, sort: 'price_asc', ...query })).items.map((item) => item.title).sort();

  it('keeps the listings within the distance, by the exact distance, leaving out those without a ZIP code', async () => {
    expect(await near({ near: '97201', radius: '10' })).toEqual(['Beaverton part']);
    expect(await near({ near: '97201', radius: '100' })).toEqual(['Beaverton part', 'Salem part']);
    expect(await near({ near: '97201', radius: '250' })).toEqual([
      'Beaverton part',
      'Bend part',
      'Salem part',
      'Seattle part',
    ]);
    // Without a distance: 50 miles.
    expect(await near({ near: '97201' })).toEqual(['Beaverton part', 'Salem part']);
    expect((await browse({ model: model, near: '97201', radius: '250' })).count).toEqual({
      value: 4,
      more: false,
    });
    // With words and other filters alike.
    expect(await near({ near: '97201', radius: '250', search: 'seattle' })).toEqual(['Seattle part']);
    expect(await near({ near: '90012', radius: '25', category: 'exhaust' })).toEqual(['Los Angeles part']);
  });

  it('refuses a ZIP code nobody knows, a malformed one and a distance not offered, on their fields', async () => {
    const visitor = new TestBrowser(t);
    const refused = async (query: BrowseQueryInput) => {
      const response = await readAnswer(visitor.api.listings.$get({ query }));
      expectStatus(response, 400);
      expect(response.body.error.code).toBe('VALIDATION_ERROR');
      return response.body.error.fields ?? {};
    };
    expect((await refused({ near: '00000' })).near).toBe(
      'We do not know this ZIP code. Check it, or leave it empty.',
    );
    expect((await refused({ near: '972' })).near).toBe('Please enter a valid ZIP code.');
    expect((await refused({ near: '97201', radius: '30' })).radius).toBe(
      'Please choose one of the listed distances.',
    );
  });

  it('is kept by a saved search, whose alerts count by it, and a saved unknown ZIP is refused', async () => {
    const { browser } = await signedInMember(t);
    const saved = await readAnswer(
      browser.api['saved-searches'].$post({
        json: {
          name: 'Near Portland',
          query: { model, near: '97201', radius: 100 },
        },
      }),
    );
    expectStatus(saved, 201);
    expect(saved.body.results.value).toBe(2);
    const unknown = await readAnswer(
      browser.api['saved-searches'].$post({
        json: {
          name: 'Nowhere',
          query: { near: '00000' },
        },
      }),
    );
    expectStatus(unknown, 400);
    expect(unknown.body.error.fields?.near).toBe(
      'We do not know this ZIP code. Check it, or leave it empty.',
    );
  });
});

describe('For you', () => {
  const preferences = (
    makes: BuyerPreferencesInput['prefMakes'],
    categories: BuyerPreferencesInput['prefCategories'],
    other = '',
  ): BuyerPreferencesInput => ({
    zip: '97201',
    radiusMiles: 25,
    prefMakes: makes,
    prefCategories: categories,
    otherMake: other,
  });

  it('shows a member the newest listings in their makes and categories, only those, and a visitor nothing', async () => {
    expect((await new TestBrowser(t).api.listings['for-you'].$get({ query: {} })).status).toBe(401);
    const seller = await signedInMember(t, { plan: 'platinum' });
    // Hondas' wheels and brakes among others: a Honda exhaust, a Toyota wheel, a sold Honda wheel.
    for (const [title, make, category] of [
      ['Civic wheels 1', 'Honda', 'wheels'],
      ['Civic exhaust', 'Honda', 'exhaust'],
      ['Supra wheels', 'Toyota', 'wheels'],
      ['Civic brakes', 'Honda', 'brakes'],
      ['Civic wheels sold', 'Honda', 'wheels'],
      ['Civic wheels 2', 'Honda', 'wheels'],
    ] as const) {
      const listing = await create(seller.browser, { title, make, category, model: 'ForYou' });
      if (title.includes('sold'))
        await seller.browser.api.listings[':id'].status.$patch({
          param: { id: listing.id },
          json: { isSold: true },
        });
    }
    const member = await signedInMember(t);
    expect(await okBody(member.browser.api.listings['for-you'].$get({ query: {} }))).toEqual({
      preferences: false,
      items: [],
    });

    const saved = await readAnswer(
      member.browser.api.profile.buyer.$put({ json: preferences(['Honda'], ['wheels', 'brakes'], 'Lotus') }),
    );
    expectStatus(saved, 200);
    const page = await readAnswer(member.browser.api.listings['for-you'].$get({ query: { limit: '3' } }));
    expectStatus(page, 200);
    expect(page.body.preferences).toBe(true);
    expect(page.body.items.map((item) => item.title)).toEqual([
      'Civic wheels 2',
      'Civic brakes',
      'Civic wheels 1',
    ]);
    expect(page.body.items.every((item) => item.favourite === false)).toBe(true);

    // Makes alone stand for every category (the newest Hondas); categories alone for every make.
    await member.browser.api.profile.buyer.$put({ json: preferences(['Honda'], []) });
    expect(
      (await okBody(member.browser.api.listings['for-you'].$get({ query: { limit: '2' } }))).items.map(
        (item) => item.title,
      ),
    ).toEqual(['Civic wheels 2', 'Civic brakes']);
    await member.browser.api.profile.buyer.$put({ json: preferences([], ['wheels']) });
    const wheels = (await okBody(member.browser.api.listings['for-you'].$get({ query: { limit: '12' } })))
      .items;
    expect(wheels.map((item) => item.title)).toEqual(
      expect.arrayContaining(['Supra wheels', 'Civic wheels 2']),
    );
    expect(wheels.map((item) => item.title)).not.toContain('Civic wheels sold');
    expect((await member.browser.api.listings['for-you'].$get({ query: { limit: '13' } })).status).toBe(400);
  });
});

describe('the listing page', () => {
  it('is one statement prepared by name, planned once per connection, with each listing its own answer', async () => {
    const seller = await signedInMember(t, { firstName: 'Noa', lastName: 'Vance' });
    const first = await create(seller.browser, part({ title: 'Prepared intake manifold' }));
    const second = await create(seller.browser, part({ title: 'Prepared exhaust manifold' }));
    const visitor = new TestBrowser(t);
    for (const [listing, title] of [
      [first, 'Prepared intake manifold'],
      [second, 'Prepared exhaust manifold'],
      [first, 'Prepared intake manifold'],
    ] as const) {
      const page = await okBody(visitor.api.listings[':id'].$get({ param: { id: listing.id } }));
      expect([page.id, page.title, page.seller.name]).toEqual([listing.id, title, 'Noa V.']);
    }
    const missing = await visitor.api.listings[':id'].$get({ param: { id: crypto.randomUUID() } });
    expect(missing.status).toBe(404);
    // The embedded database is one session: the app's statements are prepared in it.
    const prepared = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from pg_prepared_statements where name = 'listing_detail'`,
    );
    expect(prepared.rows[0]!.n).toBe(1);
  });
});
