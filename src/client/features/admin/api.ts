import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { ModerationActionInput } from '@common/schemas/trust';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The moderation desk's API layer: the week's numbers, the report queue, actions, the audit log and
 * the payment differences with Stripe.
 */
export const adminQueries = {
  overview: () =>
    queryOptions({ queryKey: queryKeys.admin.overview, queryFn: () => call(client.admin.overview.$get()) }),
  reports: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.admin.reports,
      queryFn: ({ pageParam }) =>
        call(client.admin.reports.$get({ query: pageParam ? { cursor: pageParam } : {} })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  audit: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.admin.audit,
      queryFn: ({ pageParam }) =>
        call(client.admin.audit.$get({ query: pageParam ? { cursor: pageParam } : {} })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  payments: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.admin.payments,
      queryFn: ({ pageParam }) =>
        call(client.admin.payments.$get({ query: pageParam ? { cursor: pageParam } : {} })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
};

/** Marks a payment difference set right; the list is read again. */
export function useResolvePayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.admin.payments[':id'].resolve.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.admin.payments }),
  });
}

/** Acts on a report; the queue, the numbers and the log are read again. */
export function useModerationAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ reportId, action }: { reportId: string; action: ModerationActionInput }) =>
      call(client.admin.reports[':id'].action.$post({ param: { id: reportId }, json: action })),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      ]),
  });
}
