import { queryOptions } from '@tanstack/react-query';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** The seller dashboard's data: stats, quota, listings with views, latest messages received. */
export const dashboardQueries = {
  mine: () => queryOptions({ queryKey: queryKeys.dashboard, queryFn: () => call(client.dashboard.$get()) }),
  /** My analytics over the last 30 days, as my plan has them. */
  analytics: () =>
    queryOptions({
      queryKey: queryKeys.dashboardAnalytics,
      queryFn: () => call(client.dashboard.analytics.$get()),
    }),
};
