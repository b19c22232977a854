import { useEffect } from 'react';
import { Toaster as Sonner } from 'sonner';
import { toastHostMounted } from '@client/lib/toast';

/** Where toasts appear; loaded after the page comes alive (see `ToastHost`). */
export default function Toaster() {
  // The host's own listener is in place once this effect runs (a child's effects run first).
  useEffect(toastHostMounted, []);
  return <Sonner richColors closeButton position="top-center" />;
}
