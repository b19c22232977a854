import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '@common/schemas/listings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { partInput } from '../../test/listings';
import { MEMBER_CACHE_CONTROL, VISITOR_CACHE_CONTROL } from './caching';
import { type TestBrowser, expectStatus, okBody, readAnswer } from '../../test/test-browser';

let t: TestApp;
let seller: { browser: TestBrowser };
let listing: ListingDetail;
let detailPath: string;
const browsePath = '/api/listings?sort=newest';

/** A visitor's request: no cookie, no compression unless asked. */
const visit = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { 'Accept-Language': 'en', ...headers } });

async function listed(title: string) {
  const created = await readAnswer(
    seller.browser.api.listings.$post({
      json: {
        ...partInput(title),
        description: 'Forged internals, balanced and ready to fit. '.repeat(30),
      },
    }),
  );
  expectStatus(created, 201);
  return created.body;
}

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInMember(t, { firstName: 'Keiko', lastName: 'Tanaka' });
  listing = await listed('Forged pistons for a 2JZ');
  await listed('Titanium exhaust for a 2JZ');
  detailPath = `/api/listings/${listing.id}`;
});
afterAll(async () => {
  await t.close();
});

describe('browse and listing answers for a visitor', () => {
  for (const [name, path] of [
    ['browse', () => browsePath],
    ['a listing', () => detailPath],
  ] as const) {
    it(`${name}: a strong ETag of the body, shared briefly by a CDN, revalidated by the browser, and 304 when unchanged`, async () => {
      const first = await visit(path());
      expect(first.status).toBe(200);
      const etag = first.headers.get('ETag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      expect(first.headers.get('Cache-Control')).toBe(VISITOR_CACHE_CONTROL);
      expect(first.headers.get('Cache-Control')).toContain('public');
      expect(first.headers.get('Cache-Control')).toMatch(/\bmax-age=0\b/);
      expect(first.headers.get('Cache-Control')).toMatch(/\bs-maxage=\d+/);
      expect(first.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
      const body = await first.text();

      // Asked again: the same tag for the same body.
      const again = await visit(path());
      expect(again.headers.get('ETag')).toBe(etag);
      expect(await again.text()).toBe(body);

      const revalidated = await visit(path(), { 'If-None-Match': etag! });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('ETag')).toBe(etag);
      expect(revalidated.headers.get('Cache-Control')).toBe(VISITOR_CACHE_CONTROL);
      expect(revalidated.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
      expect(revalidated.headers.has('Content-Type')).toBe(false);

      // A list of tags, a weak form and `*` match too; another tag does not.
      expect((await visit(path(), { 'If-None-Match': `"other", W/${etag}` })).status).toBe(304);
      expect((await visit(path(), { 'If-None-Match': '*' })).status).toBe(304);
      const stale = await visit(path(), { 'If-None-Match': '"not-this-one"' });
      expect(stale.status).toBe(200);
      expect(await stale.text()).toBe(body);
    });
  }

  it('gets a new ETag when the listing changes, on its page and on browse', async () => {
    const before = await visit(detailPath);
    const browseBefore = await visit(browsePath);
    const edited = await seller.browser.api.listings[':id'].$put({
      param: { id: listing.id },
      json: {
        ...partInput('Forged pistons for a 2JZ'),
        description: 'Forged internals, balanced and ready to fit. '.repeat(30),
        priceCents: 125_000,
      },
    });
    expect(edited.status).toBe(200);

    const after = await visit(detailPath, { 'If-None-Match': before.headers.get('ETag')! });
    expect(after.status).toBe(200);
    expect(after.headers.get('ETag')).not.toBe(before.headers.get('ETag'));
    expect(((await after.json()) as ListingDetail).priceCents).toBe(125_000);
    const browseAfter = await visit(browsePath, { 'If-None-Match': browseBefore.headers.get('ETag')! });
    expect(browseAfter.status).toBe(200);
    expect(browseAfter.headers.get('ETag')).not.toBe(browseBefore.headers.get('ETag'));
  });

  it('a HEAD gets the same validators as a GET', async () => {
    const get = await visit(detailPath);
    const head = await t.app.request(detailPath, { method: 'HEAD' });
    expect(head.status).toBe(200);
    expect(head.headers.get('ETag')).toBe(get.headers.get('ETag'));
    expect(head.headers.get('Cache-Control')).toBe(VISITOR_CACHE_CONTROL);
  });
});

describe('browse and listing answers for a signed-in member', () => {
  it('are private to the browser (favourites, fitment), still revalidated by ETag', async () => {
    const member = await signedInMember(t);
    expect((await member.browser.api.favourites[':id'].$put({ param: { id: listing.id } })).status).toBe(200);
    // The same addresses the visitor reads, by path: the cache is keyed on them.
    for (const path of [browsePath, detailPath]) {
      const answer = await member.browser.request('GET', path);
      expect(answer.status).toBe(200);
      expect(answer.headers.get('Cache-Control')).toBe(MEMBER_CACHE_CONTROL);
      expect(answer.headers.get('Cache-Control')).not.toContain('public');
      expect(answer.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
      const etag = answer.headers.get('ETag');
      expect(etag).toMatch(/^"[A-Za-z0-9_-]{27}"$/);
      // The visitor's answer at the same address is another body, with another tag.
      expect((await visit(path)).headers.get('ETag')).not.toBe(etag);

      const revalidated = await member.browser.request('GET', path, undefined, { 'If-None-Match': etag! });
      expect(revalidated.status).toBe(304);
      expect(revalidated.body).toBeNull();
      expect(revalidated.headers.get('Cache-Control')).toBe(MEMBER_CACHE_CONTROL);
    }
    const detail = await okBody(member.browser.api.listings[':id'].$get({ param: { id: listing.id } }));
    expect(detail.favourite).toBe(true);
  });
});

describe('every other API answer', () => {
  it('keeps no-store and gets no ETag: errors of these routes, other reads, writes', async () => {
    const missing = await visit('/api/listings/00000000-0000-4000-8000-000000000000');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Cache-Control')).toBe('no-store');
    expect(missing.headers.has('ETag')).toBe(false);

    const invalid = await visit('/api/listings?minPriceCents=abc');
    expect(invalid.status).toBe(400);
    expect(invalid.headers.get('Cache-Control')).toBe('no-store');
    expect(invalid.headers.has('ETag')).toBe(false);

    const health = await visit('/api/health');
    expect(health.headers.get('Cache-Control')).toBe('no-store');
    expect(health.headers.has('ETag')).toBe(false);

    const me = await readAnswer(seller.browser.api.auth.session.$get());
    expect(me.headers.get('Cache-Control')).toBe('no-store');
    expect(me.headers.has('ETag')).toBe(false);
  });
});
