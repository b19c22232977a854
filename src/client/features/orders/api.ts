import { infiniteQueryOptions, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { PlaceOrderInput } from '@common/schemas/orders';
import type { AnswerReturnInput, RequestReturnInput } from '@common/schemas/returns';
import type { DisputeStatementInput } from '@common/schemas/disputes';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys } from '@client/lib/query-keys';

/** Orders and payouts: the API layer. */
export const orderQueries = {
  checkout: (listingId: string) =>
    queryOptions({
      queryKey: queryKeys.orders.checkout(listingId),
      queryFn: () => call(client.listings[':id'].checkout.$get({ param: { id: listingId } })),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.orders.detail(id),
      queryFn: () => call(client.orders[':id'].$get({ param: { id } })),
    }),
  /** The member's orders, a page at a time: the open ones (pending sales) or the closed ones (history). */
  list: (status: 'open' | 'closed') =>
    infiniteQueryOptions({
      queryKey: queryKeys.orders.list(status),
      queryFn: ({ pageParam }) =>
        call(client.orders.$get({ query: { status, ...(pageParam ? { cursor: pageParam } : {}) } })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  payouts: queryOptions({
    queryKey: queryKeys.orders.payouts,
    queryFn: () => call(client.payouts.$get()),
  }),
  /** What the member's referral links earned: paid, owed, pending, and the latest orders. */
  referrals: queryOptions({
    queryKey: queryKeys.orders.referrals,
    queryFn: () => call(client.referrals.$get()),
  }),
};

/** Every order step changes the order, the lists, and the listing it is for. */
function useOrderChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.orders.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
      ]),
  });
}

export function usePlaceOrder(listingId: string) {
  return useOrderChange((json: PlaceOrderInput) =>
    call(client.listings[':id'].orders.$post({ param: { id: listingId }, json })),
  );
}

export type OrderStep = 'ready' | 'delivered' | 'confirm' | 'cancel';

export function useOrderStep(orderId: string) {
  return useOrderChange((name: OrderStep) =>
    call(client.orders[':id'][name].$post({ param: { id: orderId } })),
  );
}

export function useShipOrder(orderId: string) {
  return useOrderChange((json: { carrier?: string; trackingNumber: string }) =>
    call(client.orders[':id'].ship.$post({ param: { id: orderId }, json })),
  );
}

export function useHandOver(orderId: string) {
  return useOrderChange((json: { code: string }) =>
    call(client.orders[':id']['hand-over'].$post({ param: { id: orderId }, json })),
  );
}

/** The buyer asks to return it: a reason, words and photos. */
export function useRequestReturn(orderId: string) {
  return useOrderChange((json: RequestReturnInput) =>
    call(client.orders[':id'].return.$post({ param: { id: orderId }, json })),
  );
}

/** The seller accepts the return, or refuses it with a note. */
export function useAnswerReturn(orderId: string) {
  return useOrderChange((json: AnswerReturnInput) =>
    call(client.orders[':id'].return.answer.$post({ param: { id: orderId }, json })),
  );
}

/** The buyer sends the part back: the parcel's tracking. */
export function useSendReturn(orderId: string) {
  return useOrderChange((json: { carrier?: string; trackingNumber: string }) =>
    call(client.orders[':id'].return.shipment.$post({ param: { id: orderId }, json })),
  );
}

/** The seller has the part back: the buyer is refunded in full. */
export function useReceiveReturn(orderId: string) {
  return useOrderChange((_: void) =>
    call(client.orders[':id'].return.received.$post({ param: { id: orderId } })),
  );
}

/** Open a dispute (either side), or add words and photos to the open one. */
export function useDisputeStatement(orderId: string, kind: 'open' | 'add') {
  return useOrderChange((json: DisputeStatementInput) =>
    kind === 'open'
      ? call(client.orders[':id'].dispute.$post({ param: { id: orderId }, json }))
      : call(client.orders[':id'].dispute.entries.$post({ param: { id: orderId }, json })),
  );
}

/** The member's referral link to a listing (made once, then the same). */
export function useReferralLink(listingId: string) {
  return useMutation({
    mutationFn: () => call(client.listings[':id']['referral-link'].$post({ param: { id: listingId } })),
  });
}

/** A followed referral link: this browser remembers it; answers the listing it leads to. */
export function useReferralVisit() {
  return useMutation({
    mutationFn: (code: string) => call(client.referrals[':code'].visit.$post({ param: { code } })),
  });
}

export function usePayAgain(orderId: string) {
  return useMutation({ mutationFn: () => call(client.orders[':id'].pay.$post({ param: { id: orderId } })) });
}

export function useConnectPayouts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.payouts.connect.$post()),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.orders.payouts }),
  });
}
