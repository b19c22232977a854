import { queryOptions } from '@tanstack/react-query';
import type { SessionUser } from '@common/schemas/auth';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Who is signed in, from the session cookie (null for a visitor). */
export async function fetchSession(): Promise<SessionUser | null> {
  return (await call(client.auth.session.$get())).user;
}

export const sessionQueries = {
  current: () => queryOptions({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: 60_000 }),
};

/** Ends every session of the member on the server. */
export async function signOutEverywhere(): Promise<void> {
  await call(client.auth['sign-out'].$post());
}
