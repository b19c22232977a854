import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { Hono, type Context, type Next } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { isAppPath } from '@common/routes';
import { escapeHtml, type RenderedPage } from '@common/rendering';
import type { AppEnv } from './app-env';
import type { PageRenderer } from './page-renderer';

export interface PageHead {
  title: string;
  /** Description, canonical link and the rest, for the page as built (not rendered). */
  tags: string;
  /** What a rendered page does not write itself (Open Graph, structured data). */
  social: string;
}

/**
 * Per-page <head> for pages that crawlers and link previews read (a listing, say): null to serve the
 * default; `status` 404 when the page's subject does not exist.
 */
export type HeadResolver = (path: string) => Promise<{ head: PageHead | null; status?: 404 } | null>;

// Replacements below are functions: a string replacement would read `$&` or `` $` `` in a member's title.

/** index.html with the page's own title and tags in place of the defaults (a page the browser renders). */
export function withHead(html: string, head: PageHead): string {
  return html
    .replace(/<title>[\s\S]*?<\/title>/, () => `<title>${escapeHtml(head.title)}</title>`)
    .replace(/<meta\s+name="description"[\s\S]*?\/>/, '')
    .replace('</head>', () => `    ${head.tags}\n  </head>`);
}

/**
 * index.html around a rendered page: its language, its own title and tags (in place of the defaults),
 * preloads for its chunks, the HTML itself and the state the browser takes it over from.
 */
export function withRenderedPage(
  html: string,
  page: RenderedPage & { preloads: string },
  language: string,
  social = '',
): string {
  let document = html.replace(/<html lang="[^"]*">/, () => `<html lang="${escapeHtml(language)}">`);
  if (page.head.includes('<title>')) document = document.replace(/\s*<title>[\s\S]*?<\/title>/, '');
  if (page.head.includes('name="description"'))
    document = document.replace(/\s*<meta\s+name="description"[\s\S]*?\/>/, '');
  return document
    .replace('</head>', () => `    ${page.head}${social}${page.preloads}\n  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${page.body}</div>${page.state}`);
}

/**
 * Serves the built React app: hashed assets cached for a year, and every page of the route table
 * rendered on the server with its data (200, or 404 when its subject does not exist), or any other
 * path (404, the app's not-found page). Without a server entry (`render`), or should rendering fail,
 * `index.html` goes out as built and the browser renders the page. The build writes a brotli (`.br`)
 * and a gzip (`.gz`) copy beside each text file; those are sent to browsers that accept them, so
 * nothing built is compressed per request.
 */
export function clientApp(clientDir: string, options: { head?: HeadResolver; render?: PageRenderer } = {}) {
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
  // A name that is not in this build (an older one's, say) may be in the next: never keep its 404.
  app.get('/assets/*', (c) => {
    c.header('Cache-Control', 'no-store');
    return c.text('Not found', 404);
  });
  // The build's manifest is for the server (which chunks a page needs), not for browsers.
  app.get('/.vite/*', (c) => c.text('Not found', 404));
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
    const known = isAppPath(c.req.path);
    const headOf = async () => (known && options.head ? await options.head(c.req.path) : null);
    if (options.render) {
      try {
        const [rendered, head] = await Promise.all([options.render(c), headOf()]);
        if (rendered instanceof Response) return rendered;
        // The page shows who is signed in: for this browser only, and checked again on every visit.
        c.header('Cache-Control', 'private, no-cache');
        c.header('Vary', 'Cookie, Accept-Language');
        const status = known ? (head?.status ?? rendered.status) : 404;
        return c.html(withRenderedPage(html, rendered, rendered.language, head?.head?.social), status as 200);
      } catch (error) {
        c.get('logger').error({ err: error, path: c.req.path }, 'page render failed; served unrendered');
      }
    }
    c.header('Cache-Control', 'no-cache');
    if (!known) return c.html(html, 404);
    const page = await headOf();
    if (page?.head) return c.html(withHead(html, page.head), 200);
    if (page?.status) return c.html(html, page.status);
    return (await builtIndex(c, async () => undefined)) ?? c.html(html, 200);
  });
  return app;
}
