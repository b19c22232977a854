import { lazy, Suspense, type ReactNode } from 'react';
import { Skeleton } from '@client/components/ui/skeleton';
import { useSession } from '@client/features/session';

// Loaded only for a member without a name: the form and its rules stay out of every other page's code.
const NameForm = lazy(() => import('./name-form'));

/**
 * What shows a member to others (a message, an offer, an order, a listing, a post) carries their name,
 * and sign-up asks for none: a member without one is asked for it here, once, in place of `children`,
 * which show as soon as it is saved. The server refuses those actions without a name all the same
 * (NAME_REQUIRED).
 */
export function NameGate({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (!user || user.firstName?.trim()) return <>{children}</>;
  return (
    // A page loaded afresh waits a moment for the form's code: its place is held meanwhile.
    <Suspense fallback={<Skeleton className="h-56 w-full rounded-2xl" />}>
      <NameForm />
    </Suspense>
  );
}
