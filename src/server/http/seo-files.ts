import { and, asc, eq, sql, type SQL } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Db } from '../db/client';
import { listings, users } from '../db/schema';

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
/** A sitemap file may hold at most 50,000 URLs: listings and sellers are split into files of this many. */
export const SITEMAP_URLS_PER_FILE = 50_000;
/** How long a split (where each file starts) is reused before it is computed again. */
const SPLIT_CACHE_MS = 3600_000;
/** The index, the pages and the listings: a new listing is in them within a minute. */
const FRESH = 'public, max-age=60';
/** robots.txt and the sellers' files. */
const HOURLY = 'public, max-age=3600';

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** An XML answer crawlers and proxies may keep for as long as `cacheControl` says. */
function xmlAnswer(c: Context, cacheControl: string, body: string) {
  c.header('Content-Type', 'application/xml; charset=utf-8');
  c.header('Cache-Control', cacheControl);
  return c.body(`<?xml version="1.0" encoding="UTF-8"?>\n${body}\n`);
}

/**
 * Where each file of a kind starts, oldest first, and what it holds. The newest file has no end: a
 * listing published after the split is in it at once. Each split leaves a tenth of a file free for
 * what arrives before it is computed again (an hour), and is computed again sooner when the newest
 * file fills up anyway.
 */
function splitter(db: Db, perFile: number, startsQuery: (fill: number) => SQL) {
  const fill = Math.max(1, perFile - Math.floor(perFile / 10));
  let split: { at: number; starts: Promise<string[][]> } | undefined;
  return {
    starts(): Promise<string[][]> {
      if (!split || Date.now() - split.at > SPLIT_CACHE_MS) {
        const starts = db
          .execute<{ key: string[] }>(startsQuery(fill))
          .then((result) => result.rows.map((row) => row.key));
        split = { at: Date.now(), starts };
        // A failed computation is not kept.
        starts.catch(() => {
          if (split?.starts === starts) split = undefined;
        });
      }
      return split.starts;
    },
    /** The newest file held more than a file may: the next request splits again. */
    overflowed() {
      split = undefined;
    },
  };
}

/**
 * `robots.txt`, and the sitemap for the public origin: `sitemap.xml` is an index of
 * `sitemap-pages.xml` (the public pages), `sitemap-listings-<n>.xml` (unsold listings, oldest first,
 * at most `perFile` each) and `sitemap-sellers-<n>.xml` (members with a listing on the market). Where
 * each file starts is computed in one index scan and kept for an hour; each file then reads its own
 * range by keyset, the newest file up to now.
 */
export function seoFiles(deps: { db: Db; publicUrl: string; perFile?: number }) {
  const perFile = deps.perFile ?? SITEMAP_URLS_PER_FILE;
  const app = new Hono();
  // Keys as PostgreSQL writes them, to the microsecond (a JavaScript date would round it).
  const listingSplit = splitter(
    deps.db,
    perFile,
    (fill) => sql`select array[created_at::text, id::text] as key from (
        select created_at, id, row_number() over (order by created_at, id) as n
        from listings where is_sold = false
      ) numbered where (n - 1) % ${fill} = 0 order by n`,
  );
  const sellers = sql`select u.id from ${users} u where u.deleted_at is null
    and exists (select 1 from ${listings} l where l.user_id = u.id and l.is_sold = false)`;
  const sellerSplit = splitter(
    deps.db,
    perFile,
    (fill) => sql`select array[id] as key from (
        select id, row_number() over (order by id) as n from (${sellers}) s
      ) numbered where (n - 1) % ${fill} = 0 order by n`,
  );

  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', HOURLY);
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
    const [listingFiles, sellerFiles] = await Promise.all([listingSplit.starts(), sellerSplit.starts()]);
    const files = [
      'sitemap-pages.xml',
      ...listingFiles.map((_, i) => `sitemap-listings-${i + 1}.xml`),
      ...sellerFiles.map((_, i) => `sitemap-sellers-${i + 1}.xml`),
    ];
    return xmlAnswer(
      c,
      FRESH,
      `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${files
        .map((file) => `<sitemap><loc>${escapeXml(`${deps.publicUrl}/${file}`)}</loc></sitemap>`)
        .join('\n')}\n</sitemapindex>`,
    );
  });

  const urlset = (c: Context, cacheControl: string, urls: string[]) =>
    xmlAnswer(
      c,
      cacheControl,
      `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>`,
    );
  const url = (path: string, lastmod?: Date) =>
    `<url><loc>${escapeXml(deps.publicUrl + path)}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ''}</url>`;

  app.get('/sitemap-pages.xml', (c) =>
    urlset(
      c,
      FRESH,
      PUBLIC_PATHS.map((path) => url(path)),
    ),
  );

  /** The file's range: from its start, to the next file's start, or (the newest) to now. */
  const rangeOf = async (split: ReturnType<typeof splitter>, file: string) => {
    const number = Number(/(\d+)\.xml$/.exec(file)![1]);
    const starts = await split.starts();
    const start = starts[number - 1];
    return start ? { start, end: starts[number] ?? null } : null;
  };

  app.get('/:file{sitemap-listings-[0-9]+\\.xml}', async (c) => {
    const range = await rangeOf(listingSplit, c.req.param('file'));
    if (!range) return c.notFound();
    const key = (at: string[]) => sql`(${at[0]}::timestamptz, ${at[1]}::uuid)`;
    const rows = await deps.db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(
        and(
          eq(listings.isSold, false),
          sql`(${listings.createdAt}, ${listings.id}) >= ${key(range.start)}`,
          range.end ? sql`(${listings.createdAt}, ${listings.id}) < ${key(range.end)}` : undefined,
        ),
      )
      .orderBy(asc(listings.createdAt), asc(listings.id))
      .limit(perFile);
    if (!range.end && rows.length === perFile) listingSplit.overflowed();
    return urlset(
      c,
      FRESH,
      rows.map((row) => url(`/listing/${row.id}`, row.updatedAt)),
    );
  });

  app.get('/:file{sitemap-sellers-[0-9]+\\.xml}', async (c) => {
    const range = await rangeOf(sellerSplit, c.req.param('file'));
    if (!range) return c.notFound();
    const rows = await deps.db.execute<{ id: string }>(
      sql`select id from (${sellers}) s where id >= ${range.start[0]}
        ${range.end ? sql`and id < ${range.end[0]}` : sql``} order by id limit ${perFile}`,
    );
    if (!range.end && rows.rows.length === perFile) sellerSplit.overflowed();
    return urlset(
      c,
      HOURLY,
      rows.rows.map((row) => url(`/seller/${row.id}`)),
    );
  });
  return app;
}
