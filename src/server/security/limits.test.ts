import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactInput } from '@common/schemas/contact';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, readAnswer, okBody } from '../../test/test-browser';
import { signedInMember } from '../../test/members';
import { networkOf } from './rate-limit';
import { partInput } from '../../test/listings';

// Every limit at a tenth, so each is reached in a few requests.
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '0.1' } });
});
afterAll(async () => {
  await t.close();
});

const part = partInput;

/** Statuses of `count` calls in a row. */
async function statuses(count: number, call: (i: number) => Promise<{ status: number }>) {
  const seen: number[] = [];
  for (let i = 0; i < count; i++) seen.push((await call(i)).status);
  return seen;
}

describe('networkOf', () => {
  it('keeps IPv4 addresses and groups IPv6 ones by their /64', () => {
    expect(networkOf('198.51.100.7')).toBe('198.51.100.7');
    expect(networkOf('2001:db8:1:2::10')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:0db8:0001:0002:ffff:0:0:1')).toBe('2001:db8:1:2::/64');
    expect(networkOf('2001:db8::1')).toBe('2001:db8:0:0::/64');
    expect(networkOf('::1')).toBe('0:0:0:0::/64');
  });
});

describe('limits per member', () => {
  it('on listing writes (12 an hour here)', async () => {
    const { browser } = await signedInMember(t, { plan: 'platinum' });
    const seen = await statuses(13, (i) =>
      readAnswer(browser.api.listings.$post({ json: part(`Limited part ${i}`) })),
    );
    expect(seen.slice(0, 12).every((s) => s === 201)).toBe(true);
    expect(seen[12]).toBe(429);
  });

  it('on photo uploads (6 an hour here)', async () => {
    const { browser } = await signedInMember(t);
    const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const jpeg = await sharp({ create: { width: 40, height: 30, channels: 3, background: '#c83' } })
      .jpeg()
      .toBuffer();
    const seen = await statuses(7, async () => {
      const form = new FormData();
      form.set('file', new File([new Uint8Array(jpeg)], 'part.jpg', { type: 'image/jpeg' }));
      return t.app.request('/api/photos', { method: 'POST', body: form, headers: { Cookie: cookie } });
    });
    expect(seen).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('on community posts (1 an hour here) and comments (6 an hour here)', async () => {
    const { browser } = await signedInMember(t);
    const posts = await statuses(2, (i) =>
      readAnswer(
        browser.api.community.posts.$post({
          json: { title: `Build ${i}`, description: 'Turbo swap', photos: [] },
        }),
      ),
    );
    expect(posts).toEqual([201, 429]);
    const feed = await okBody(browser.api.community.posts.$get({ query: {} }));
    const id = feed.posts[0]!.id;
    const comments = await statuses(7, (i) =>
      readAnswer(
        browser.api.community.posts[':id'].comments.$post({
          param: { id: id },
          json: { content: `Nice ${i}` },
        }),
      ),
    );
    expect(comments).toEqual([201, 201, 201, 201, 201, 201, 429]);
  });

  it('on Contact Seller, together with replies (3 a minute here)', async () => {
    const seller = await signedInMember(t, { plan: 'platinum' });
    const buyer = await signedInMember(t);
    const items: { id: string }[] = [];
    for (let i = 0; i < 4; i++)
      items.push(await okBody(seller.browser.api.listings.$post({ json: part(`Ask ${i}`) })));
    const seen = await statuses(4, (i) =>
      readAnswer(
        buyer.browser.api.listings[':id'].messages.$post({
          param: { id: items[i]!.id },
          json: { content: 'Still for sale?' },
        }),
      ),
    );
    expect(seen).toEqual([201, 201, 201, 429]);
  });
});

describe('limits per address', () => {
  it('count an IPv6 /64 as one client', async () => {
    const message = (n: number): ContactInput => ({
      name: 'Kai',
      email: `kai${n}@example.com`,
      topic: 'other',
      message: 'Where is my order, please?',
    });
    // One contact message an hour here: a second address in the same /64 is refused, another /64 is not.
    expect(
      (await new TestBrowser(t, '2001:db8:aa:1::5').api.contact.$post({ json: message(1) })).status,
    ).toBe(201);
    expect(
      (await new TestBrowser(t, '2001:db8:aa:1:9::7').api.contact.$post({ json: message(2) })).status,
    ).toBe(429);
    expect(
      (await new TestBrowser(t, '2001:db8:aa:2::5').api.contact.$post({ json: message(3) })).status,
    ).toBe(201);
  });
});
