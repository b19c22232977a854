import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { BrowseResponse, ListingInput } from '@common/schemas/listings';
import { partNumberKey } from '@common/part-numbers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { partInput } from '../../../test/listings';
import { signedInMember } from '../../../test/members';
import { TestBrowser, okBody } from '../../../test/test-browser';

/**
 * Part numbers are one number whatever their spaces, dashes, dots or case, and a browse search that is
 * exactly one finds the listings with it, whichever way each seller wrote it (issue 38, item 5).
 */
let t: TestApp;
let seller: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInMember(t, { plan: 'platinum' });
});
afterAll(async () => {
  await t.close();
});

const list = async (title: string, overrides: Partial<ListingInput> = {}) =>
  (await okBody(seller.browser.api.listings.$post({ json: { ...partInput(title), ...overrides } }))).id;

const browse = async (query: Record<string, string>) =>
  (await okBody(new TestBrowser(t).api.listings.$get({ query }))) as BrowseResponse;

describe('a part number', () => {
  it('is one key however it is written, and only letters and digits with three digits or more can be one', () => {
    for (const spelling of ['23710-JF00A', '23710JF00A', '23710 jf00a', ' 23710.jf00a '])
      expect(partNumberKey(spelling)).toBe('23710JF00A');
    expect(partNumberKey('exhaust')).toBeNull();
    expect(partNumberKey('12')).toBeNull();
    expect(partNumberKey('intake manifold 2')).toBeNull();
  });

  it('finds the listings with it first when a search is exactly it, in any spelling, then its words', async () => {
    const dashed = await list('Alternator for a 350Z', { partId: '23710-JF00A' });
    const plain = await list('Alternator, remanufactured', { partId: '23710jf00a' });
    // The number's digits in the words of another listing, and a listing with another number.
    await list('Alternator bracket 23710', { partId: '23710-JF00B' });
    const sold = await list('Alternator, sold', { partId: '23710 JF00A' });
    await seller.browser.api.listings[':id'].status.$patch({ param: { id: sold }, json: { isSold: true } });
    // Older than both, and without the number as its part number: its words name it.
    const named = await list('Alternator 23710JF00A, core only');
    await t.database.db.execute(
      sql`update listings set listed_at = listed_at - interval '1 day', created_at = created_at - interval '1 day' where id = ${named}`,
    );

    for (const search of ['23710-JF00A', '23710JF00A', '23710.JF00A']) {
      const page = await browse({ search, sort: 'newest' });
      expect(
        page.items.map((item) => item.id),
        search,
      ).toEqual([plain, dashed, named]);
      expect(page.count).toEqual({ value: 3, more: false });
    }
    // A page at a time: the number's listings, then the words'.
    const seen: string[] = [];
    let cursor: string | undefined;
    for (let pages = 0; pages < 5; pages++) {
      const page = await browse({
        search: '23710-JF00A',
        sort: 'newest',
        limit: '1',
        ...(cursor ? { cursor } : {}),
      });
      seen.push(...page.items.map((item) => item.id));
      if (!page.nextCursor) break;
      cursor = page.nextCursor;
    }
    expect(seen).toEqual([plain, dashed, named]);
    // With the filters: another make has none of them, so the search is words there (and finds none).
    expect((await browse({ search: '23710-JF00A', make: 'Honda' })).items).toEqual([]);
    // A number no listing has is searched as words.
    const words = await browse({ search: '23710' });
    expect(words.items.map((item) => item.title)).toContain('Alternator bracket 23710');
  });

  it('counts for a saved search as browse finds it', async () => {
    const saved = await okBody(
      seller.browser.api['saved-searches'].$post({
        json: { name: 'JF00A', query: { search: '23710-JF00A' } },
      }),
    );
    const searches = await okBody(seller.browser.api['saved-searches'].$get({ query: {} }));
    expect(searches.savedSearches.find((search) => search.id === saved.id)?.results).toEqual({
      value: 3,
      more: false,
    });
  });
});
