import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  LANGUAGE_COOKIE,
  isLanguage,
  languageFromAcceptLanguage,
  type Language,
} from '@common/i18n/languages';
import { PAGE_CHUNKS_ID, scriptJson, type RenderRequest, type RenderedPage } from '@common/rendering';
import type { AppEnv } from './app-env';

interface RenderModule {
  render(request: RenderRequest): Promise<RenderedPage | Response>;
}

/** Renders the page a request asks for: the page, or a redirect the app's routes answer with. */
export type PageRenderer = (c: Context<AppEnv>) => Promise<(RenderedPage & { preloads: string }) | Response>;

/** The reader's language: the one they chose (a cookie the app sets), else their browser's. */
export function pageLanguage(c: Context): Language {
  const chosen = getCookie(c, LANGUAGE_COOKIE);
  return isLanguage(chosen) ? chosen : languageFromAcceptLanguage(c.req.header('accept-language'));
}

/** What the page's own API calls carry over from the page request. */
const FORWARDED = ['cookie', 'user-agent', 'x-forwarded-for', 'x-forwarded-proto', 'x-real-ip'];

interface ManifestChunk {
  file: string;
  imports?: string[];
  css?: string[];
}

/**
 * What a page needs from the build, by its modules: their stylesheets (`<link>`, the page paints with
 * them) and the list of their chunks and every chunk those import, each after the chunks it imports,
 * which the browser's entry preloads once the page has painted, then runs one by one
 * (`src/client/boot.ts`).
 */
function preloadsOf(manifest: Record<string, ManifestChunk>, modules: string[]): string {
  const seen = new Set<string>();
  const files: string[] = [];
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || seen.has(key)) return;
    seen.add(key);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
    files.push(chunk.file);
  };
  modules.forEach((module) => visit(module.replace(/^\//, '')));
  const chunks = files.map((file) => `/${file}`);
  return [
    ...[...styles].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
    `<script type="application/json" id="${PAGE_CHUNKS_ID}">${scriptJson(chunks)}</script>`,
  ].join('');
}

/**
 * The server side of page rendering: loads the client's server entry (`dist/ssr`, built beside
 * `dist/client`) on first use, and gives it the page request, the reader's language and the API
 * (this app's own handler, with the request's cookies and client address headers, so a page's data
 * is exactly what the browser would have fetched). Undefined when there is no server entry (tests
 * that serve a bare client folder).
 */
export function pageRenderer(options: {
  clientDir: string;
  publicUrl: string;
  api: (request: Request, c: Context<AppEnv>) => Response | Promise<Response>;
}): PageRenderer | undefined {
  const entry = path.resolve(options.clientDir, '..', 'ssr', 'entry-server.js');
  if (!existsSync(entry)) return undefined;
  let loaded: Promise<[RenderModule, Record<string, ManifestChunk>]> | undefined;
  const load = () =>
    (loaded ??= Promise.all([
      import(pathToFileURL(entry).href) as Promise<RenderModule>,
      readFile(path.join(options.clientDir, '.vite', 'manifest.json'), 'utf8').then(
        (text) => JSON.parse(text) as Record<string, ManifestChunk>,
      ),
    ]));

  return async (c) => {
    const [module, manifest] = await load();
    const language = pageLanguage(c);
    const forwarded = new Headers({ 'accept-language': language });
    for (const name of FORWARDED) {
      const value = c.req.header(name);
      if (value) forwarded.set(name, value);
    }
    const page = await module.render({
      request: c.req.raw,
      language,
      origin: options.publicUrl,
      api: async (request) => {
        const url = new URL(request.url);
        const headers = new Headers(request.headers);
        forwarded.forEach((value, name) => headers.set(name, value));
        const inner = new Request(new URL(`${url.pathname}${url.search}`, c.req.url), {
          method: request.method,
          headers,
        });
        return options.api(inner, c);
      },
    });
    if (page instanceof Response) return page;
    return { ...page, preloads: preloadsOf(manifest, page.modules) };
  };
}
