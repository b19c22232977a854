import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Toaster } from 'sonner';
import { SessionContext, type Session } from '@client/features/session/session';
import { createRouter } from './router';

const signedOut: Session = { user: null, isLoading: false };

export function App() {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        defaultOptions: {
          queries: { gcTime: 5 * 60_000, retry: 3, retryDelay: (n) => Math.min(1000 * 2 ** n, 30_000) },
        },
      }),
  );
  const [router] = useState(createRouter);
  return (
    <QueryClientProvider client={queryClient}>
      <SessionContext.Provider value={signedOut}>
        <RouterProvider router={router} />
        <Toaster richColors closeButton position="top-center" />
      </SessionContext.Provider>
    </QueryClientProvider>
  );
}
