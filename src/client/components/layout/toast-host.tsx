import { lazy, Suspense } from 'react';
import { useAlive } from '@client/lib/use-alive';

const Toaster = lazy(() => import('./toaster'));

/**
 * Mounts the toast host once the page is alive (false on the server and while the page is taken
 * over, true after): nothing of it is in the server's HTML or in the JavaScript the first paint waits for.
 */
export function ToastHost() {
  const alive = useAlive();
  return alive ? (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  ) : null;
}
