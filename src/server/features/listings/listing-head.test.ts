import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seoFiles } from '../../http/seo-files';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { okBody } from '../../../test/test-browser';

describe('the HTML a listing page is served with', () => {
  let t: TestApp;
  let clientDir: string;
  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'modmarket-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      '<!doctype html><html><head><title>ModMarket</title>\n<meta name="description" content="default" />\n</head><body><div id="root"></div></body></html>',
    );
    t = await createTestApp({ clientDir, env: { PUBLIC_URL: 'https://modmarket.example' } });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('carries the title, description, canonical link, Open Graph and Product/Offer data', async () => {
    const { browser, id: sellerId } = await signedInMember(t, { firstName: 'Dana', lastName: 'Lee' });
    const created = await okBody(
      browser.api.listings.$post({
        json: {
          title: 'Recaro SR3 seat </script><script>alert(1)</script>',
          description: 'Classic bucket seat, no tears.',
          priceCents: 65000,
          category: 'interior',
          condition: 'good',
          make: 'Honda',
          model: 'Civic',
        },
      }),
    );
    const response = await t.app.request(`/listing/${created.id}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain(
      '<title>Recaro SR3 seat &#60;/script&#62;&#60;script&#62;alert(1)&#60;/script&#62; · ModMarket</title>',
    );
    expect(html).not.toContain('content="default"');
    expect(html).toContain('<meta name="description" content="Classic bucket seat, no tears." />');
    expect(html).toContain(`<link rel="canonical" href="https://modmarket.example/listing/${created.id}" />`);
    expect(html).toContain('<meta property="og:type" content="product" />');
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(html)?.[1];
    expect(jsonLd).not.toContain('</script>');
    const product = JSON.parse(jsonLd!) as {
      '@type': string;
      image: string[];
      offers: Record<string, unknown>;
    };
    expect(product['@type']).toBe('Product');
    expect(product.offers).toMatchObject({
      price: '650.00',
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
      url: `https://modmarket.example/listing/${created.id}`,
      seller: { '@type': 'Person', url: `https://modmarket.example/seller/${sellerId}` },
    });
    expect((product.offers.seller as { name: string }).name).toMatch(/^Dana/);
    // Without photos, the site's placeholder stands for the part.
    expect(product.image).toEqual(['https://modmarket.example/listing-placeholder.png']);
  });

  it("takes a member's text literally, even `$&` and `` $` `` (replacement patterns)", async () => {
    const { browser } = await signedInMember(t);
    const created = await okBody(
      browser.api.listings.$post({
        json: {
          title: "Spoon $& $` $' $1 mirrors",
          description: 'Carbon $` shells $& and $$ mounts.',
          priceCents: 30000,
          category: 'exterior',
          condition: 'good',
          make: 'Honda',
          model: 'S2000',
        },
      }),
    );
    const html = await (await t.app.request(`/listing/${created.id}`)).text();
    expect(html).toContain('<title>Spoon $&#38; $` $&#39; $1 mirrors · ModMarket</title>');
    expect(html).toContain('content="Carbon $` shells $&#38; and $$ mounts."');
    // The document around the head is intact: one head, one body.
    expect(html.match(/<head>/g)).toHaveLength(1);
    expect(html.match(/<\/head>/g)).toHaveLength(1);
  });

  it('answers 404 for a listing that does not exist (the app then goes to browse)', async () => {
    const response = await t.app.request('/listing/00000000-0000-4000-8000-000000000000');
    expect(response.status).toBe(404);
  });
});

describe('robots.txt and sitemap.xml', () => {
  it('point crawlers at the public pages and the unsold listings', async () => {
    const t = await createTestApp({ env: { PUBLIC_URL: 'https://modmarket.example' } });
    try {
      const { browser, id: sellerId } = await signedInMember(t);
      const base = {
        priceCents: 1000,
        category: 'other',
        condition: 'good',
        make: 'Ford',
        model: 'F-150',
      } as const;
      const open = await okBody(browser.api.listings.$post({ json: { ...base, title: 'Tow hook' } }));
      const sold = await okBody(browser.api.listings.$post({ json: { ...base, title: 'Mud flaps' } }));
      await browser.api.listings[':id'].status.$patch({
        param: { id: sold.id },
        json: { isSold: true },
      });
      const robots = await (await t.app.request('/robots.txt')).text();
      expect(robots).toContain('Disallow: /api/');
      expect(robots).toContain('Disallow: /dashboard');
      expect(robots).toContain('Sitemap: https://modmarket.example/sitemap.xml');
      const sitemap = await t.app.request('/sitemap.xml');
      expect(sitemap.headers.get('content-type')).toContain('application/xml');
      expect(sitemap.headers.get('cache-control')).toBe('public, max-age=60');
      const index = await sitemap.text();
      expect(index).toContain('<sitemapindex');
      const files = [...index.matchAll(/<loc>https:\/\/modmarket\.example(\/[^<]+)<\/loc>/g)].map(
        (m) => m[1]!,
      );
      expect(files).toEqual(['/sitemap-pages.xml', '/sitemap-listings-1.xml', '/sitemap-sellers-1.xml']);
      const xml = (await Promise.all(files.map(async (file) => (await t.app.request(file)).text()))).join('');
      expect(xml).toContain('<loc>https://modmarket.example/browse</loc>');
      expect(xml).toContain(`<loc>https://modmarket.example/listing/${open.id}</loc>`);
      expect(xml).not.toContain(sold.id);
      expect(xml).not.toContain('/dashboard');
      // The seller's page, as they have a listing on the market.
      expect(xml).toContain(`<loc>https://modmarket.example/seller/${sellerId}</loc>`);
      expect((await t.app.request('/sitemap-listings-2.xml')).status).toBe(404);
      expect((await t.app.request('/sitemap-sellers-2.xml')).status).toBe(404);

      // A listing published now is in the newest listings file at once, although the split was
      // computed before it (and is kept for an hour); a crawler may keep the file a minute.
      const fresh = await okBody(browser.api.listings.$post({ json: { ...base, title: 'Bed liner' } }));
      const newest = await t.app.request('/sitemap-listings-1.xml');
      expect(newest.headers.get('cache-control')).toBe('public, max-age=60');
      expect(await newest.text()).toContain(`/listing/${fresh.id}</loc>`);
    } finally {
      await t.close();
    }
  });

  it('splits the listings into files of at most the per-file limit, each listing once, by keyset', async () => {
    const t = await createTestApp();
    try {
      const { browser } = await signedInMember(t, { plan: 'platinum' });
      const base = {
        priceCents: 1000,
        category: 'other',
        condition: 'good',
        make: 'Ford',
        model: 'F-150',
      } as const;
      const ids: string[] = [];
      for (let i = 0; i < 7; i++)
        ids.push((await okBody(browser.api.listings.$post({ json: { ...base, title: `Part ${i}` } }))).id);
      const seo = seoFiles({ db: t.database.db, publicUrl: 'https://modmarket.example', perFile: 3 });
      const index = await (await seo.request('/sitemap.xml')).text();
      const files = [...index.matchAll(/example(\/sitemap-listings-\d+\.xml)/g)].map((m) => m[1]!);
      expect(files).toEqual([
        '/sitemap-listings-1.xml',
        '/sitemap-listings-2.xml',
        '/sitemap-listings-3.xml',
      ]);
      // Oldest first, each file up to the next one's start: the newest file holds what came since.
      const listed: string[] = [];
      for (const file of files) {
        const body = await (await seo.request(file)).text();
        const found = [...body.matchAll(/\/listing\/([0-9a-f-]{36})/g)].map((m) => m[1]!);
        expect(found.length).toBeLessThanOrEqual(3);
        listed.push(...found);
      }
      expect(listed).toEqual(ids);
    } finally {
      await t.close();
    }
  });
});
