import { and, desc, eq, sql } from 'drizzle-orm';
import { Hono } from 'hono';
import type { Db } from '../db/client';
import { listings } from '../db/schema';

/** Public pages worth a crawler's time (account and member pages are left out). */
const PUBLIC_PATHS = [
  '/',
  '/browse',
  '/buying-guide',
  '/selling-guide',
  '/about',
  '/contact',
  '/shop',
  '/privacy',
  '/terms',
  '/data-deletion',
];
/** The API, the dev mailbox and member-only or one-time pages. */
const PRIVATE_PATHS = [
  '/api/',
  '/dev/',
  '/dashboard',
  '/messages',
  '/my-fleet',
  '/notifications',
  '/saved-searches',
  '/onboarding/',
  '/create',
  '/confirm-signup',
  '/reset-password',
  '/password-reset',
];
/** A sitemap file may hold at most 50,000 URLs: listings are split into files of this many. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** How long the split (where each listings file starts) is reused before it is computed again. */
const SPLIT_CACHE_MS = 3600_000;
const CACHE_CONTROL = 'public, max-age=3600';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

const xml = (body: string) => `<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`;

/** Where one listings file starts, newest first: the key of its first listing. */
interface FileStart {
  /** As PostgreSQL wrote it, to the microsecond (a JavaScript date would round it). */
  createdAt: string;
  id: string;
}

/**
 * `robots.txt`, and the sitemap for the public origin: `sitemap.xml` is an index of
 * `sitemap-pages.xml` (the public pages) and `sitemap-listings-<n>.xml` (unsold listings, newest
 * first, at most `perFile` each). Where each listings file starts is computed in one index scan and
 * kept for an hour; each file then reads its own range by keyset. Crawlers and proxies may cache every
 * answer for an hour.
 */
export function seoFiles(deps: { db: Db; publicUrl: string; perFile?: number }) {
  const perFile = deps.perFile ?? SITEMAP_URLS_PER_FILE;
  const app = new Hono();
  let split: { at: number; starts: Promise<FileStart[]> } | undefined;

  const fileStarts = (): Promise<FileStart[]> => {
    if (!split || Date.now() - split.at > SPLIT_CACHE_MS) {
      const starts = deps.db
        .execute<{ created_at: string; id: string }>(
          sql`select created_at::text as created_at, id from (
                select created_at, id, row_number() over (order by created_at desc, id desc) as n
                from listings where is_sold = false
              ) numbered where (n - 1) % ${perFile} = 0 order by n`,
        )
        .then((result) => result.rows.map((row) => ({ createdAt: row.created_at, id: row.id })));
      split = { at: Date.now(), starts };
      // A failed computation is not kept.
      starts.catch(() => {
        if (split?.starts === starts) split = undefined;
      });
    }
    return split.starts;
  };

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', CACHE_CONTROL);
    return c.text(
      [
        'User-agent: *',
        ...PRIVATE_PATHS.map((path) => `Disallow: ${path}`),
        'Allow: /',
        `Sitemap: ${deps.publicUrl}/sitemap.xml`,
        '',
      ].join('\n'),
    );
  });

  app.get('/sitemap.xml', async (c) => {
    const files = [
      'sitemap-pages.xml',
      ...(await fileStarts()).map((_, i) => `sitemap-listings-${i + 1}.xml`),
    ];
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(
      xml(
        `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
          .map((file) => `<sitemap><loc>${escapeXml(`${deps.publicUrl}/${file}`)}</loc></sitemap>`)
          .join('\n')}\n</sitemapindex>`,
      ),
    );
  });

  const urlset = (urls: string[]) =>
    xml(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>`);

  app.get('/sitemap-pages.xml', (c) => {
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(
      urlset(PUBLIC_PATHS.map((path) => `<url><loc>${escapeXml(deps.publicUrl + path)}</loc></url>`)),
    );
  });

  app.get('/:file{sitemap-listings-[0-9]+\\.xml}', async (c) => {
    const number = Number(/(\d+)/.exec(c.req.param('file'))![1]);
    const start = (await fileStarts())[number - 1];
    if (!start) return c.notFound();
    const rows = await deps.db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(
        and(
          eq(listings.isSold, false),
          sql`(${listings.createdAt}, ${listings.id}) <= (${start.createdAt}::timestamptz, ${start.id})`,
        ),
      )
      .orderBy(desc(listings.createdAt), desc(listings.id))
      .limit(perFile);
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', CACHE_CONTROL);
    return c.body(
      urlset(
        rows.map(
          (row) =>
            `<url><loc>${escapeXml(`${deps.publicUrl}/listing/${row.id}`)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
        ),
      ),
    );
  });
  return app;
}
