import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { SessionProvider } from '@client/features/session';
import { RealtimeProvider } from '@client/features/realtime';
import { showSystemNotification } from '@client/features/notifications';
import { retryTransient } from '@client/lib/api';
import { createRouter } from './router';

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
