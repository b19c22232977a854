import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context, type Next } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppPath } from '@common/routes';
import type { AppEnv } from './app-env';

export interface PageHead {
  title: string;
  tags: string;
}

/**
 * Per-page <head> for pages that crawlers and link previews read (a listing, say): null to serve the
 * default; `status` 404 when the page's subject does not exist.
 */
export type HeadResolver = (path: string) => Promise<{ head: PageHead | null; status?: 404 } | null>;

/**
 * Serves the built React app: hashed assets cached for a year, and `index.html` for every page of the
 * route table (200) or any other path (404, the app shows its not-found page). The build writes a
 * brotli (`.br`) and a gzip (`.gz`) copy beside each text file; those are sent to browsers that accept
 * them, so nothing built is compressed per request.
 */
export function clientApp(
  clientDir: string,
  options: { head?: HeadResolver; withHead?: (html: string, head: PageHead) => string } = {},
) {
  const app = new Hono<AppEnv>();
  let indexHtml: Promise<string> | undefined;
  const loadIndex = () => (indexHtml ??= readFile(path.join(clientDir, 'index.html'), 'utf8'));
  const root = path.relative(process.cwd(), clientDir) || '.';

  // serveStatic answers before onFound runs, so the cache header is set on the way in.
  const cacheFor = (value: string) => async (c: Context, next: Next) => {
    c.header('Cache-Control', value);
    await next();
  };
  app.use(
    '/assets/*',
    cacheFor('public, max-age=31536000, immutable'),
    serveStatic({ root, precompressed: true }),
  );
  app.get('/assets/*', (c) => c.text('Not found', 404));
  // Directories never map to index.html here: the fallback below serves it, uncached.
  app.use(
    '/*',
    cacheFor('public, max-age=3600'),
    serveStatic({ root, index: '.no-index', precompressed: true }),
  );
  // `index.html` as built, with its precompressed copies, for the pages without a <head> of their own.
  const builtIndex = serveStatic({ root, path: 'index.html', precompressed: true });

  app.get('*', async (c) => {
    const html = await loadIndex();
    c.header('Cache-Control', 'no-cache');
    if (!isAppPath(c.req.path)) return c.html(html, 404);
    const page = options.head ? await options.head(c.req.path) : null;
    if (page?.head && options.withHead) return c.html(options.withHead(html, page.head), 200);
    if (page?.status) return c.html(html, page.status);
    return (await builtIndex(c, async () => undefined)) ?? c.html(html, 200);
  });
  return app;
}
