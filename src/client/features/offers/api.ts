import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MakeOfferInput, OfferAnswerInput } from '@common/schemas/offers';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Offers: the API layer. Every step changes the listing's page and the conversation. */
function useOfferChange<T, R>(change: (input: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: change,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
        queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
      ]),
  });
}

export function useMakeOffer(listingId: string) {
  return useOfferChange((json: MakeOfferInput) =>
    call(client.listings[':id'].offers.$post({ param: { id: listingId }, json })),
  );
}

export function useAnswerOffer(offerId: string) {
  return useOfferChange((json: OfferAnswerInput) =>
    call(client.offers[':id'].answer.$post({ param: { id: offerId }, json })),
  );
}

export function useReleaseListing(listingId: string) {
  return useOfferChange(() => call(client.listings[':id'].release.$post({ param: { id: listingId } })));
}
