import { AsyncLocalStorage } from 'node:async_hooks';
import { StrictMode } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { StaticRouter } from 'react-router';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import type { Resource, ResourceLanguage } from 'i18next';
import { PAGE_STATE_ID, scriptJson, type RenderRequest, type RenderedPage } from '@common/rendering';
import { paths } from '@common/routes';
import { sessionQueries } from '@client/features/session';
import { ApiClientError, setApiTransport } from '@client/lib/api';
import { i18n, initServerI18n } from '@client/lib/i18n';
import { setSiteOrigin } from '@client/lib/site';
import { AppProviders } from './app/app';
import { AppRoutes, loadPage, matchPage, notFound } from './app/router';
import type { PageState } from './app/page-state';

/**
 * Renders a page on the server: the route's code and data first, then the HTML, with the state the
 * browser takes the page over from (see main.tsx). Built to `dist/ssr` and loaded by the server.
 */

const bundles = import.meta.glob<ResourceLanguage>('/src/common/locales/*/*.json', {
  eager: true,
  import: 'default',
});
const resources: Resource = {};
for (const [file, bundle] of Object.entries(bundles)) {
  const [, language = '', namespace = ''] = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file) ?? [];
  (resources[language] ??= {})[namespace] = bundle;
}
await initServerI18n(resources);

// A page's queries call the API through the typed client; here each reaches the server's own
// handler for the request being rendered, with that request's cookies and language.
const pageRequests = new AsyncLocalStorage<(request: Request) => Promise<Response>>();
setApiTransport((input, init) => {
  const api = pageRequests.getStore();
  if (!api) return Promise.reject(new Error('An API call outside a page render'));
  return api(new Request(input, init));
});

/** Title, meta and link elements React writes ahead of the page (it moves them into <head>). */
const HOISTED = /^(?:<title>[^<]*<\/title>|<(?:meta|link)\b[^>]*\/?>)/;

function splitHoisted(html: string): { head: string; body: string } {
  let rest = html;
  const head: string[] = [];
  for (let match = HOISTED.exec(rest); match; match = HOISTED.exec(rest)) {
    head.push(match[0]);
    rest = rest.slice(match[0].length);
  }
  return { head: head.join(''), body: rest };
}

export async function render({
  request,
  api,
  language,
  origin,
}: RenderRequest): Promise<RenderedPage | Response> {
  setSiteOrigin(origin);
  const url = new URL(request.url);
  const { definition, params, found } = matchPage(url.pathname);
  const { prefetch } = await loadPage(definition);
  // The server does not retry: a failed query is left for the browser, which shows it as usual.
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  await pageRequests.run(api, () =>
    Promise.all([
      queryClient.prefetchQuery(sessionQueries.current()),
      prefetch?.(queryClient, { params, url }),
    ]),
  );
  // A visitor asking for a members' page signs in first, and comes back after.
  const session = queryClient.getQueryState(sessionQueries.current().queryKey);
  if (definition.member && session?.status === 'success' && !session.data)
    return new Response(null, {
      status: 302,
      headers: { Location: paths.auth.href({ mode: 'signin', redirect: `${url.pathname}${url.search}` }) },
    });
  // The moderation desk does not exist for anyone else: the same answer as an unknown address.
  const refused = definition.moderators && !(session?.status === 'success' && session.data?.isAdmin);
  // What the page ships besides its HTML (translations, chunks) is the not-found page's then too.
  const shown = refused ? notFound : definition;
  const missing = queryClient
    .getQueryCache()
    .getAll()
    .some((query) => query.state.error instanceof ApiClientError && query.state.error.status === 404);

  const translator = i18n.cloneInstance({ lng: language });
  let failed: unknown;
  const stream = await renderToReadableStream(
    <StrictMode>
      <I18nextProvider i18n={translator}>
        <AppProviders queryClient={queryClient}>
          <StaticRouter location={`${url.pathname}${url.search}`}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </I18nextProvider>
    </StrictMode>,
    {
      // The page is sent whole (its data is already here): no boundary is outlined for an inline script
      // to reveal later, which the Content-Security-Policy would refuse anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onError(error) {
        failed ??= error;
      },
    },
  );
  await stream.allReady;
  const html = await new Response(stream).text();
  if (failed) throw failed instanceof Error ? failed : new Error(String(failed));
  const { head, body } = splitHoisted(html);

  const namespaces = new Set(['common', ...shown.namespaces]);
  const state: PageState = {
    language,
    origin,
    resources: {
      [language]: Object.fromEntries(
        [...namespaces].map((namespace) => [namespace, resources[language]?.[namespace] ?? {}]),
      ),
    },
    queries: dehydrate(queryClient),
  };
  return {
    status: missing || !found || refused ? 404 : 200,
    language,
    body,
    head,
    state: `<script type="application/json" id="${PAGE_STATE_ID}">${scriptJson(state)}</script>`,
    modules: [shown.module],
  };
}
