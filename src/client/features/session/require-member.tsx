import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@common/routes';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { QueryError } from '@client/components/ui/query-error';
import { useSessionQuery } from './api';

/**
 * Members only: a visitor goes to sign in, and comes back here after. When the session could not be
 * read, says so with Try again (the member may well be signed in).
 */
export function RequireMember({ children }: { children: ReactNode }) {
  const session = useSessionQuery();
  const location = useLocation();
  const user = session.data ?? null;
  if (session.isPending) return <PageSkeleton />;
  if (!user && session.isError)
    return (
      <div className="mx-auto max-w-5xl px-4 py-12 sm:px-6">
        <QueryError query={session} />
      </div>
    );
  if (!user)
    return (
      <Navigate
        to={paths.auth.href({ mode: 'signin', redirect: `${location.pathname}${location.search}` })}
        replace
      />
    );
  return children;
}
