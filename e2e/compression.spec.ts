import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { expect, test, type Response } from '@playwright/test';

// Runs against the build (`npm run build`): dist/client is what the server sends.
const CLIENT_DIR = path.resolve('dist/client');
const MIN_BYTES = 1024;

/** The bytes as they travel, undecoded (a browser and Playwright's request both decode them). */
function rawGet(
  url: string,
  headers: Record<string, string>,
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      })
      .on('error', reject);
  });
}

const builtFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? builtFiles(path.join(dir, entry.name)) : [path.join(dir, entry.name)],
  );

test('the build writes a brotli and a gzip copy beside every script, style sheet and page', () => {
  const texts = builtFiles(CLIENT_DIR).filter(
    (file) => /\.(?:js|css|html)$/.test(file) && statSync(file).size >= MIN_BYTES,
  );
  // index.html itself is under the threshold: the pages the server renders are compressed as sent.
  expect(texts.some((file) => file.endsWith('.css'))).toBe(true);
  expect(texts.filter((file) => file.endsWith('.js')).length).toBeGreaterThan(10);
  for (const file of texts) {
    const content = readFileSync(file);
    expect(existsSync(`${file}.br`), file).toBe(true);
    expect(existsSync(`${file}.gz`), file).toBe(true);
    expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(content), file).toBe(true);
    expect(gunzipSync(readFileSync(`${file}.gz`)).equals(content), file).toBe(true);
  }
  // Source maps are for developer tools only.
  expect(builtFiles(CLIENT_DIR).some((file) => file.endsWith('.map.br'))).toBe(false);
});

test('the server sends the precompressed copies as they were built', async ({ baseURL }) => {
  const index = readFileSync(path.join(CLIENT_DIR, 'index.html'), 'utf8');
  // The page's own scripts and style sheet (the smallest are left as they are, by build and server alike).
  const assets = [...index.matchAll(/"(\/assets\/[^"]+\.(?:js|css))"/g)]
    .map((match) => match[1]!)
    .filter((asset) => statSync(path.join(CLIENT_DIR, asset)).size >= MIN_BYTES);
  expect(assets.some((asset) => asset.endsWith('.js'))).toBe(true);
  expect(assets.some((asset) => asset.endsWith('.css'))).toBe(true);

  for (const [url, file] of assets.map((asset) => [asset, asset.slice(1)] as const)) {
    const onDisk = path.join(CLIENT_DIR, file);
    for (const [accept, encoding, copy] of [
      ['gzip, deflate, br, zstd', 'br', `${onDisk}.br`],
      ['gzip, deflate', 'gzip', `${onDisk}.gz`],
      ['identity', undefined, onDisk],
    ] as const) {
      const response = await rawGet(`${baseURL}${url}`, { 'Accept-Encoding': accept });
      expect(response.status, url).toBe(200);
      expect(response.headers['content-encoding'], `${url} ${accept}`).toBe(encoding);
      expect(response.headers.vary, url).toContain('Accept-Encoding');
      expect(response.body.equals(readFileSync(copy)), `${url} ${accept}`).toBe(true);
    }
  }
});

test('a rendered page is compressed as it goes out, per browser and language', async ({ baseURL }) => {
  for (const [accept, encoding, decode] of [
    ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
    ['gzip, deflate', 'gzip', gunzipSync],
    ['identity', undefined, (body: Buffer) => body],
  ] as const) {
    const response = await rawGet(`${baseURL}/browse`, { 'Accept-Encoding': accept });
    expect(response.status).toBe(200);
    expect(response.headers['content-encoding'], accept).toBe(encoding);
    expect(response.headers.vary).toContain('Accept-Encoding');
    expect(response.headers.vary).toContain('Cookie');
    expect(response.headers['cache-control']).toBe('private, no-cache');
    expect(decode(response.body).toString('utf8')).toContain('id="page-state"');
  }
});

test('in the browser, the page, its scripts and styles and the listings API arrive brotli-compressed', async ({
  page,
}) => {
  const responses: Response[] = [];
  page.on('response', (response) => responses.push(response));
  await page.goto('/browse');
  await expect(page.getByRole('heading', { name: 'Browse Parts', level: 1 })).toBeVisible();

  const ours = responses.filter((response) => {
    const url = new URL(response.url());
    return url.pathname === '/browse' || /^\/assets\/.+\.(?:js|css)$/.test(url.pathname);
  });
  expect(ours.length).toBeGreaterThan(2);
  for (const response of ours) {
    const { pathname } = new URL(response.url());
    if (pathname !== '/browse' && statSync(path.join(CLIENT_DIR, pathname.slice(1))).size < MIN_BYTES)
      continue;
    expect(await response.headerValue('content-encoding'), pathname).toBe('br');
  }

  // The page came with its first results; a new search is fetched by the browser.
  const search = page.waitForResponse(
    (response) => new URL(response.url()).pathname === '/api/listings' && response.status() === 200,
  );
  await page.getByLabel('Make').selectOption('Honda');
  const api = await search;

  // The demo catalogue's first page: compressed on the fly, with its validators for a visitor.
  expect(await api.headerValue('content-encoding')).toBe('br');
  expect(await api.headerValue('etag')).toMatch(/^"[A-Za-z0-9_-]+\.br"$/);
  expect(await api.headerValue('cache-control')).toMatch(/^public, max-age=0, s-maxage=\d+$/);
  expect(((await api.json()) as { items: unknown[] }).items.length).toBeGreaterThan(0);
});
