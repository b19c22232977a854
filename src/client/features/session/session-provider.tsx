import { useCallback, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { SessionUser } from '@common/schemas/auth';
import { fetchSession, signOutEverywhere, useSessionQuery } from './api';
import { SessionContext, type Session } from './session';
import { queryKeys } from '@client/lib/query-keys';

/** Who is signed in, from the httpOnly session cookie the server reads (nothing in local storage). */
export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const query = useSessionQuery();

  const refresh = useCallback(async () => {
    const user = await fetchSession();
    const before = queryClient.getQueryData<SessionUser | null>(queryKeys.session);
    queryClient.setQueryData(queryKeys.session, user);
    // Someone else now: what was fetched for the previous visitor (fitment, counts) is fetched again.
    if ((before?.id ?? null) !== (user?.id ?? null))
      void queryClient.invalidateQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
    return user;
  }, [queryClient]);

  // Nothing a member saw outlives their session in this tab.
  const ended = useCallback(() => {
    queryClient.setQueryData(queryKeys.session, null);
    queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
  }, [queryClient]);

  const signOut = useCallback(async () => {
    // Forgotten here at once: no screen shows the member while the server ends their sessions.
    ended();
    await signOutEverywhere();
  }, [ended]);

  const value = useMemo<Session>(
    () => ({ user: query.data ?? null, isLoading: query.isPending, refresh, signOut, ended }),
    [query.data, query.isPending, refresh, signOut, ended],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
