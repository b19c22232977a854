import { queryOptions, useQuery } from '@tanstack/react-query';
import type { SessionUser } from '@common/schemas/auth';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Who is signed in, from the session cookie (null for a visitor). */
export async function fetchSession(): Promise<SessionUser | null> {
  return (await call(client.auth.session.$get())).user;
}

export const sessionQueries = {
  current: () =>
    queryOptions({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: 60_000, retry: 1 }),
};

/**
 * The session query itself, for a screen that waits on it (a member page, onboarding) and says so when
 * it could not be read, instead of taking the member for a visitor.
 */
export function useSessionQuery() {
  return useQuery(sessionQueries.current());
}

/** Ends every session of the member on the server. */
export async function signOutEverywhere(): Promise<void> {
  // `keepalive`: a page left at once (another address typed, the tab closed) still ends the session.
  await call(client.auth['sign-out'].$post({}, { init: { keepalive: true } }));
}
