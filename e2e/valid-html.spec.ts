import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect, test, type APIRequestContext } from '@playwright/test';

/**
 * Every page the server renders for a visitor is valid HTML: the public pages of the sitemap, listing
 * and seller pages from it, browse with words and filters, wanted posts, and the sign-in pages, as the server sends
 * them (before any script runs), checked by the Nu HTML checker (the W3C's, from the `vnu-jar`
 * package, on Debian's Java): no error, and no warning (a heading that skips a level is one).
 */
const vnu = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');

interface NuMessage {
  type: string;
  subType?: string;
  url: string;
  lastLine?: number;
  message: string;
}

/** The page addresses a sitemap file lists, on this server. */
async function listed(request: APIRequestContext, file: string): Promise<string[]> {
  const xml = await (await request.get(file)).text();
  return [...xml.matchAll(/<loc>https?:\/\/[^/<]+(\/[^<]*)<\/loc>/g)].map((match) => match[1]!);
}

test('every server-rendered public page is valid HTML', async ({ request }) => {
  test.setTimeout(120_000);
  const index = await listed(request, '/sitemap.xml');
  const files = { pages: [] as string[], listings: [] as string[], sellers: [] as string[] };
  for (const file of index) {
    const kind = /sitemap-(pages|listings|sellers)/.exec(file)?.[1] as keyof typeof files | undefined;
    if (kind) files[kind].push(...(await listed(request, file)));
  }
  expect(files.listings.length).toBeGreaterThan(0);
  expect(files.sellers.length).toBeGreaterThan(0);
  // The demo catalogue's wanted posts, the oldest first (journeys add newer ones).
  const wanted = (await (await request.get('/api/wanted')).json()) as { items: { id: string }[] };
  const demoPosts = wanted.items.slice(-2).map((post) => `/parts-wanted/${post.id}`);
  expect(demoPosts).toHaveLength(2);
  const pages = [
    ...files.pages,
    // The oldest listings (the demo catalogue's, which no journey changes), with photos and without.
    ...files.listings.slice(0, 12),
    ...files.sellers.slice(0, 4),
    '/browse?search=turbo',
    '/browse?category=wheels&make=Honda&sort=price_asc',
    '/browse?search=zzzzqqqq',
    '/upgrade',
    '/parts-wanted',
    ...demoPosts,
    '/auth',
    '/auth?mode=signup',
    '/forgot-password',
  ];
  const folder = await mkdtemp(path.join(tmpdir(), 'modmarket-html-'));
  try {
    const files = new Map<string, string>();
    for (const [index, page] of pages.entries()) {
      const response = await request.get(page);
      expect(response.status(), page).toBe(200);
      const file = path.join(folder, `page-${index}.html`);
      await writeFile(file, await response.text());
      files.set(`file:${file}`, page);
    }
    // One run of the checker for every page; it answers on stderr, and exits 1 when it found any.
    const { stderr } = await promisify(execFile)('java', ['-jar', vnu, '--format', 'json', ...files.keys()], {
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { stderr?: string }) => ({ stderr: error.stderr ?? String(error) }));
    const { messages } = JSON.parse(stderr) as { messages: NuMessage[] };
    const problems = messages.map(
      (m) => `${files.get(m.url) ?? m.url}:${m.lastLine ?? ''} ${m.subType ?? m.type}: ${m.message}`,
    );
    expect(problems).toEqual([]);
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
});
