import { desc, eq } from 'drizzle-orm';
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
/** One sitemap file holds at most 50,000 URLs; the newest unsold listings fill the rest. */
export const SITEMAP_LISTINGS = 45_000;

function escapeXml(value: string): string {
  return value.replace(/[<>&'"]/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

/** `robots.txt` and `sitemap.xml`, built from the database for the public origin. */
export function seoFiles(deps: { db: Db; publicUrl: string }) {
  const app = new Hono();
  app.get('/robots.txt', (c) => {
    c.header('Cache-Control', 'public, max-age=3600');
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
    const rows = await deps.db
      .select({ id: listings.id, updatedAt: listings.updatedAt })
      .from(listings)
      .where(eq(listings.isSold, false))
      .orderBy(desc(listings.createdAt))
      .limit(SITEMAP_LISTINGS);
    const urls = [
      ...PUBLIC_PATHS.map((path) => `<url><loc>${escapeXml(deps.publicUrl + path)}</loc></url>`),
      ...rows.map(
        (row) =>
          `<url><loc>${escapeXml(`${deps.publicUrl}/listing/${row.id}`)}</loc><lastmod>${row.updatedAt.toISOString()}</lastmod></url>`,
      ),
    ];
    c.header('Content-Type', 'application/xml; charset=utf-8');
    c.header('Cache-Control', 'public, max-age=600');
    return c.body(
      `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`,
    );
  });
  return app;
}
