import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { partInput } from '../../test/listings';
import { COMPRESS_MIN_BYTES, compression, negotiateEncoding } from './compression';
import { readAnswer, expectStatus } from '../../test/test-browser';

/** What Chromium sends. */
const BROWSER_ENCODINGS = 'gzip, deflate, br, zstd';

const bytes = async (response: Response) => Buffer.from(await response.arrayBuffer());
const decoded = async (response: Response) => {
  const raw = await bytes(response);
  const encoding = response.headers.get('Content-Encoding');
  return (
    encoding === 'br' ? brotliDecompressSync(raw) : encoding === 'gzip' ? gunzipSync(raw) : raw
  ).toString('utf8');
};

describe('choosing an encoding from Accept-Encoding', () => {
  it('prefers brotli, follows the weights, and sends none when neither is acceptable', () => {
    expect(negotiateEncoding(BROWSER_ENCODINGS)).toBe('br');
    expect(negotiateEncoding('gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=1.0, gzip;q=0.8')).toBe('br');
    expect(negotiateEncoding('gzip;q=1, br;q=0.5')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip')).toBe('gzip');
    expect(negotiateEncoding('*')).toBe('br');
    expect(negotiateEncoding('*;q=0.5, br;q=0')).toBe('gzip');
    expect(negotiateEncoding('deflate, identity')).toBeNull();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding(undefined)).toBeNull();
  });
});

describe('answers compressed on the fly', () => {
  let t: TestApp;
  let clientDir: string;
  let detailPath: string;
  let listingPage: string;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'modmarket-client-'));
    await writeFile(
      path.join(clientDir, 'index.html'),
      `<!doctype html><html><head><title>ModMarket</title></head><body><div id="root"></div>${'<!-- padding -->'.repeat(80)}</body></html>`,
    );
    t = await createTestApp({ clientDir });
    const seller = await signedInMember(t, { plan: 'platinum' });
    const created = await readAnswer(
      seller.browser.api.listings.$post({
        json: {
          ...partInput('Garrett turbo kit'),
          description: 'Complete kit with manifold, downpipe and oil lines, barely used. '.repeat(30),
        },
      }),
    );
    expectStatus(created, 201);
    // A page of browse big enough to compress.
    for (const title of ['Coilovers', 'Intercooler', 'Brake kit', 'Oil cooler'])
      expect((await seller.browser.api.listings.$post({ json: partInput(title) })).status).toBe(201);
    detailPath = `/api/listings/${created.body.id}`;
    listingPage = `/listing/${created.body.id}`;
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('sends JSON as brotli or gzip that decodes to the same JSON, with an entity tag for each', async () => {
    const plain = await t.app.request(detailPath);
    const plainTag = plain.headers.get('ETag')!;
    const json = await plain.text();
    expect(json.length).toBeGreaterThan(COMPRESS_MIN_BYTES);
    expect(plain.headers.has('Content-Encoding')).toBe(false);

    for (const [accept, encoding, suffix] of [
      [BROWSER_ENCODINGS, 'br', '.br'],
      ['gzip', 'gzip', '.gz'],
    ] as const) {
      const response = await t.app.request(detailPath, { headers: { 'Accept-Encoding': accept } });
      expect(response.status).toBe(200);
      expect(response.headers.get('Content-Encoding')).toBe(encoding);
      expect(response.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
      const tag = response.headers.get('ETag')!;
      expect(tag).toBe(`${plainTag.slice(0, -1)}${suffix}"`);
      const raw = await bytes(response.clone());
      expect(raw.length).toBeLessThan(json.length / 2);
      expect(Number(response.headers.get('Content-Length'))).toBe(raw.length);
      expect(JSON.parse(await decoded(response))).toEqual(JSON.parse(json));

      // The tag of the compressed form revalidates: 304, no body, the tag the client holds.
      const revalidated = await t.app.request(detailPath, {
        headers: { 'Accept-Encoding': accept, 'If-None-Match': tag },
      });
      expect(revalidated.status).toBe(304);
      expect(await revalidated.text()).toBe('');
      expect(revalidated.headers.get('ETag')).toBe(tag);
      expect(revalidated.headers.has('Content-Encoding')).toBe(false);
      expect(revalidated.headers.get('Vary')).toBe('Cookie, Accept-Encoding');
    }
  });

  it('compresses browse, other JSON and HTML the same way', async () => {
    for (const url of ['/api/listings', '/api/openapi.json', listingPage, '/no/such/page']) {
      const plain = await t.app.request(url);
      const response = await t.app.request(url, { headers: { 'Accept-Encoding': BROWSER_ENCODINGS } });
      expect(response.status, url).toBe(plain.status);
      expect(response.headers.get('Content-Encoding'), url).toBe('br');
      expect(response.headers.get('Vary'), url).toContain('Accept-Encoding');
      expect(await decoded(response), url).toBe(await plain.text());
    }
  });

  it('leaves small answers, HEAD requests and clients without Accept-Encoding alone', async () => {
    const small = await t.app.request('/api/health', { headers: { 'Accept-Encoding': BROWSER_ENCODINGS } });
    expect(small.status).toBe(200);
    expect(small.headers.has('Content-Encoding')).toBe(false);
    expect(small.headers.get('Vary') ?? '').not.toContain('Accept-Encoding');
    expect(await small.json()).toEqual({ status: 'ok' });

    const none = await t.app.request(detailPath);
    expect(none.headers.has('Content-Encoding')).toBe(false);
    // Big enough: the answer would have been compressed for another client.
    expect(none.headers.get('Vary')).toContain('Accept-Encoding');

    const refused = await t.app.request(detailPath, { headers: { 'Accept-Encoding': 'br;q=0, gzip;q=0' } });
    expect(refused.headers.has('Content-Encoding')).toBe(false);
    expect(JSON.parse(await refused.text())).toHaveProperty('title', 'Garrett turbo kit');

    const head = await t.app.request(detailPath, {
      method: 'HEAD',
      headers: { 'Accept-Encoding': BROWSER_ENCODINGS },
    });
    expect(head.status).toBe(200);
    expect(head.headers.has('Content-Encoding')).toBe(false);
  });
});

describe('the compression middleware on its own', () => {
  const big = 'x'.repeat(4 * COMPRESS_MIN_BYTES);
  const app = new Hono();
  app.use(compression());
  app.get('/events', (c) => c.body(`data: ${big}\n\n`, 200, { 'Content-Type': 'text/event-stream' }));
  app.get('/encoded', (c) =>
    c.body(gzipSync(big), 200, { 'Content-Type': 'application/json', 'Content-Encoding': 'gzip' }),
  );
  app.get('/no-transform', (c) => {
    c.header('Cache-Control', 'public, no-transform');
    return c.json({ big });
  });
  app.get('/image', (c) =>
    c.body(Buffer.alloc(4 * COMPRESS_MIN_BYTES), 200, { 'Content-Type': 'image/png' }),
  );
  app.get('/json', (c) => c.json({ big }));
  app.get('/not-modified', (c) => c.body(null, 304));
  const get = (url: string, headers: Record<string, string> = {}) =>
    app.request(url, { headers: { 'Accept-Encoding': BROWSER_ENCODINGS, ...headers } });

  it('skips event streams, encoded bodies, no-transform, binary types, 304s and WebSocket handshakes', async () => {
    for (const url of ['/events', '/no-transform', '/image', '/not-modified'])
      expect((await get(url)).headers.has('Content-Encoding'), url).toBe(false);
    const encoded = await get('/encoded');
    expect(encoded.headers.get('Content-Encoding')).toBe('gzip');
    expect(gunzipSync(await bytes(encoded)).toString()).toBe(big);
    const upgrade = await get('/json', { Upgrade: 'websocket', Connection: 'Upgrade' });
    expect(upgrade.headers.has('Content-Encoding')).toBe(false);
    expect((await get('/json')).headers.get('Content-Encoding')).toBe('br');
  });
});

describe('the built files', () => {
  let t: TestApp;
  let clientDir: string;
  const script = `console.log(${JSON.stringify('a built module '.repeat(200))});\n`;
  const html = `<!doctype html><html><head><script type="module" src="/assets/app-abc123.js"></script></head><body><div id="root"></div>${'<!-- built -->'.repeat(100)}</body></html>`;
  /** Each precompressed copy says which it is, so a test can tell it from one compressed on the fly. */
  const marked = (text: string, copy: string) => `${text}/* ${copy} */`;

  beforeAll(async () => {
    clientDir = await mkdtemp(path.join(tmpdir(), 'modmarket-client-'));
    await mkdir(path.join(clientDir, 'assets'));
    const file = path.join(clientDir, 'assets', 'app-abc123.js');
    await writeFile(file, script);
    await writeFile(`${file}.br`, brotliCompressSync(marked(script, 'br file')));
    await writeFile(`${file}.gz`, gzipSync(marked(script, 'gz file')));
    const index = path.join(clientDir, 'index.html');
    await writeFile(index, html);
    await writeFile(`${index}.br`, brotliCompressSync(marked(html, 'br file')));
    await writeFile(`${index}.gz`, gzipSync(marked(html, 'gz file')));
    t = await createTestApp({ clientDir });
  });
  afterAll(async () => {
    await t.close();
    await rm(clientDir, { recursive: true, force: true });
  });

  it('serves the precompressed copies of assets and index.html, as the client accepts them', async () => {
    for (const [url, content] of [
      ['/assets/app-abc123.js', script],
      ['/', html],
      ['/browse', html],
    ] as const) {
      for (const [accept, encoding, copy] of [
        [BROWSER_ENCODINGS, 'br', 'br file'],
        ['gzip, deflate', 'gzip', 'gz file'],
      ] as const) {
        const response = await t.app.request(url, { headers: { 'Accept-Encoding': accept } });
        expect(response.status, url).toBe(200);
        expect(response.headers.get('Content-Encoding'), url).toBe(encoding);
        expect(response.headers.get('Vary'), url).toContain('Accept-Encoding');
        expect(await decoded(response), url).toBe(marked(content, copy));
      }
      const plain = await t.app.request(url);
      expect(plain.headers.has('Content-Encoding'), url).toBe(false);
      expect(plain.headers.get('Vary'), url).toContain('Accept-Encoding');
      expect(await plain.text(), url).toBe(content);
    }
    const asset = await t.app.request('/assets/app-abc123.js', { headers: { 'Accept-Encoding': 'br' } });
    expect(asset.headers.get('Cache-Control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('Content-Type')).toMatch(/javascript/);
    const page = await t.app.request('/', { headers: { 'Accept-Encoding': 'br' } });
    expect(page.headers.get('Cache-Control')).toBe('no-cache');
    expect(page.headers.get('Content-Type')).toMatch(/^text\/html/);
  });

  it('a page that is not the app is still a 404, compressed on the fly', async () => {
    const missing = await t.app.request('/no/such/page', { headers: { 'Accept-Encoding': 'br' } });
    expect(missing.status).toBe(404);
    expect(missing.headers.get('Content-Encoding')).toBe('br');
    expect(await decoded(missing)).toBe(html);
  });
});
