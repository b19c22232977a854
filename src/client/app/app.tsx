import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import {
  QueryClient,
  QueryClientProvider,
  hydrate,
  type DehydratedState,
  type Query,
} from '@tanstack/react-query';
import { ToastHost } from '@client/components/layout/toast-host';
import { AliveProvider } from '@client/lib/use-alive';
import { SessionProvider } from '@client/features/session';
import { RealtimeProvider } from '@client/features/realtime';
import { showSystemNotification } from '@client/features/notifications';
import { retryTransient } from '@client/lib/api';
import { AppRoutes } from './router';

/** How long the data a page arrived with counts as fresh: the page does not fetch it again on load. */
const SERVER_DATA_FRESH_MS = 30_000;
let serverDataAt = Number.NaN;

/** Server data is fresh for a while after the page loads; anything fetched here is refetched as before. */
function staleTime(query: Query): number {
  return query.state.dataUpdatedAt === serverDataAt ? SERVER_DATA_FRESH_MS : 0;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        gcTime: 5 * 60_000,
        staleTime,
        retry: retryTransient,
        retryDelay: (n) => Math.min(500 * 2 ** n, 30_000),
      },
    },
  });
}

/** Takes over the queries the server rendered the page with, dated now (the server's clock may differ). */
export function takeOverServerData(queryClient: QueryClient, state: DehydratedState): void {
  serverDataAt = Date.now();
  for (const query of state.queries) query.state.dataUpdatedAt = serverDataAt;
  hydrate(queryClient, state);
}

/** Everything around the router, the same in the browser and on the server. */
export function AppProviders({ queryClient, children }: { queryClient: QueryClient; children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <AliveProvider>
        <SessionProvider>
          <RealtimeProvider onNotification={showSystemNotification}>
            {children}
            <ToastHost />
          </RealtimeProvider>
        </SessionProvider>
      </AliveProvider>
    </QueryClientProvider>
  );
}

export function App({ queryClient }: { queryClient: QueryClient }) {
  return (
    <AppProviders queryClient={queryClient}>
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </AppProviders>
  );
}
