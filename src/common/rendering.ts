import type { Language } from './i18n/languages';

/**
 * The contract between the server and the client's server entry (`src/client/entry-server.tsx`,
 * built to `dist/ssr`): the server asks for a page, the entry renders it with its data.
 */
export interface RenderRequest {
  /** The page request as the browser sent it (its cookies decide who is signed in). */
  request: Request;
  /** The API as the page's own queries reach it: the server's handler, in process. */
  api: (request: Request) => Promise<Response>;
  language: Language;
  /** `PUBLIC_URL`, for canonical links. */
  origin: string;
}

export interface RenderedPage {
  status: number;
  language: Language;
  /** What goes inside `<div id="root">`. */
  body: string;
  /** Title, description, canonical link and preloads the page asked for, for `<head>`. */
  head: string;
  /** A `<script type="application/json">` with what the browser needs to take the page over. */
  state: string;
  /** The source modules of the matched pages (keys of the build's manifest), to preload. */
  modules: string[];
}

/** The id of the element that carries the page's state to the browser. */
export const PAGE_STATE_ID = 'page-state';

/** The id of the element that lists the page's own script chunks, fetched once the page has painted. */
export const PAGE_CHUNKS_ID = 'page-chunks';

/** JSON to put inside a `<script>` element: nothing in it can close the element or start markup. */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/>/g, '\\u003e').replace(/&/g, '\\u0026');
}

/** Text or an attribute value for HTML: the five characters that could start markup or end a value. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
