import { queryOptions, useQuery } from '@tanstack/react-query';
import { call, client } from '@client/lib/api';
import type { Prefetch } from '@client/lib/prefetch';
import { queryKeys } from '@client/lib/query-keys';

/** The server's public settings (shop address, support and privacy addresses): they change only with a restart. */
export const siteQueries = {
  settings: () =>
    queryOptions({
      queryKey: queryKeys.site,
      queryFn: () => call(client.site.$get()),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};

/** For a page that shows a setting: the server renders it with the settings. */
export const prefetchSite: Prefetch = (queryClient) => queryClient.prefetchQuery(siteQueries.settings());

/** The settings, once known (a server-rendered page has them from the start). */
export function useSiteSettings() {
  return useQuery(siteQueries.settings()).data;
}
