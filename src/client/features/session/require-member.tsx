import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { paths } from '@common/routes';
import { PageSkeleton } from '@client/components/layout/page-skeleton';
import { useSession } from './session';

/** Members only: a visitor goes to sign in, and comes back here after. */
export function RequireMember({ children }: { children: ReactNode }) {
  const { user, isLoading } = useSession();
  const location = useLocation();
  if (isLoading) return <PageSkeleton />;
  if (!user)
    return (
      <Navigate
        to={paths.auth.href({ mode: 'signin', redirect: `${location.pathname}${location.search}` })}
        replace
      />
    );
  return children;
}
