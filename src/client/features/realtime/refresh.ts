import type { QueryClient, QueryKey } from '@tanstack/react-query';

/**
 * Fetches again what a realtime event says has changed. `invalidateQueries` alone is not enough: while
 * a query's first fetch is on its way (no data yet), TanStack Query joins that fetch instead of starting
 * another, and that fetch may have been answered before the change: the page would show "all caught up"
 * under a badge saying otherwise. Cancelling first makes the refetch a new request, sent after the event.
 */
export function refresh(queryClient: QueryClient, queryKey: QueryKey): Promise<void> {
  return queryClient
    .cancelQueries({ queryKey })
    .then(() => queryClient.invalidateQueries({ queryKey }))
    .catch(() => undefined);
}

/**
 * Applies a pushed change to a query's cached data. While a fetch of it is on its way, that fetch may
 * have been answered before the change and would overwrite the cache with what it missed: then the
 * change is fetched instead, by a request sent after the event.
 */
export function updateOrRefresh<T>(
  queryClient: QueryClient,
  queryKey: QueryKey,
  update: (data: T) => T,
): void {
  const state = queryClient.getQueryState<T>(queryKey);
  if (state?.data !== undefined && state.fetchStatus !== 'fetching')
    queryClient.setQueryData<T>(queryKey, (data) => (data === undefined ? data : update(data)));
  else void refresh(queryClient, queryKey);
}
