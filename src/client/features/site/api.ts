import { queryOptions } from '@tanstack/react-query';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** The server's public settings (shop address, support address): they change only with a restart. */
export const siteQueries = {
  settings: () =>
    queryOptions({
      queryKey: queryKeys.site,
      queryFn: () => call(client.site.$get()),
      staleTime: Number.POSITIVE_INFINITY,
    }),
};
