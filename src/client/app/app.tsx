import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { SessionProvider } from '@client/features/session';
import { RealtimeProvider } from '@client/features/realtime';
import { showSystemNotification } from '@client/features/notifications';
import { ApiClientError } from '@client/lib/api';
import { createRouter } from './router';

/**
 * A query that failed is tried twice more (after 1 and 2 s) when the failure may pass: no network, an
 * outage. A refusal (4xx) would be the same again, so its screen says so at once.
 */
function retryTransient(failures: number, error: unknown): boolean {
  const transient = !(error instanceof ApiClientError) || error.status === 0 || error.status >= 500;
  return transient && failures < 2;
}

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: {
            gcTime: 5 * 60_000,
            retry: retryTransient,
            retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000),
          },
        },
      }),
  );
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionProvider>
        <RealtimeProvider onNotification={showSystemNotification}>
          <RouterProvider router={router} />
          <Toaster richColors closeButton position="top-center" />
        </RealtimeProvider>
      </SessionProvider>
    </QueryClientProvider>
  );
}
