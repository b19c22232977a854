import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { NotificationSettings, NotificationType } from '@common/schemas/notifications';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys } from '@client/lib/query-keys';

/** Notifications' API layer: the list, the nav badges' counts, read marks and the settings. */
export const notificationQueries = {
  /** Newest first, a page at a time; `type` narrows to one kind. */
  list: (type: NotificationType | 'all') =>
    infiniteQueryOptions({
      queryKey: queryKeys.notifications.list(type),
      queryFn: ({ pageParam }) =>
        call(
          client.notifications.$get({
            query: { ...(type === 'all' ? {} : { type }), ...(pageParam ? { cursor: pageParam } : {}) },
          }),
        ),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  /** Unread messages and notifications, for the nav badges. */
  counts: () =>
    queryOptions({
      queryKey: queryKeys.counts,
      queryFn: () => call(client.notifications.counts.$get()),
    }),
  settings: () =>
    queryOptions({
      queryKey: queryKeys.notifications.settings,
      queryFn: () => call(client.notifications.settings.$get()),
      staleTime: 60_000,
    }),
};

export function useMarkAllRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.notifications['read-all'].$post()),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.notifications[':id'].read.$post({ param: { id } })),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.notifications.all }),
  });
}

/** Saves the settings at once, shown before the server answers and put back if it refuses. */
export function useSaveNotificationSettings() {
  const queryClient = useQueryClient();
  const key = queryKeys.notifications.settings;
  return useMutation({
    mutationFn: (next: NotificationSettings) => call(client.notifications.settings.$put({ json: next })),
    onMutate: (next) => {
      const previous = queryClient.getQueryData<NotificationSettings>(key);
      queryClient.setQueryData(key, next);
      return { previous };
    },
    onError: (_error, _next, context) => {
      if (context?.previous) queryClient.setQueryData(key, context.previous);
    },
  });
}
