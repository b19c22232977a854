import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { DecideDisputeSchema } from '@common/schemas/disputes';
import type { ModerationActionInput } from '@common/schemas/trust';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys } from '@client/lib/query-keys';

/**
 * The moderation desk's API layer: the week's numbers, the report queue, actions, the audit log, the
 * payment differences with Stripe, and the disputes about orders the desk decides.
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
  /** Open disputes (members' and card disputes), oldest first. */
  disputes: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.admin.disputes,
      queryFn: ({ pageParam }) =>
        call(client.admin.disputes.$get({ query: pageParam ? { cursor: pageParam } : {} })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  /** One dispute: its order (with what each side said, the timeline) and the order's conversation. */
  dispute: (id: string) =>
    queryOptions({
      queryKey: queryKeys.admin.dispute(id),
      queryFn: () => call(client.admin.disputes[':id'].$get({ param: { id } })),
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

/**
 * Decides a members' dispute (full refund, partial refund, or release); the queue, the dispute and the
 * audit log are read again, and the order wherever it is shown; also when it was refused (decided by
 * another moderator meanwhile), so the desk shows where it stands.
 */
export function useDecideDispute(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (decision: z.output<typeof DecideDisputeSchema>) =>
      call(client.admin.disputes[':id'].decision.$post({ param: { id }, json: decision })),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.admin.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
      ]),
  });
}
