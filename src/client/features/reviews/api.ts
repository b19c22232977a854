import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { WriteReviewInput } from '@common/schemas/reviews';
import { ApiClientError, call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Reviews: the API layer. */
export const reviewQueries = {
  seller: (id: string) =>
    queryOptions({
      queryKey: queryKeys.reviews.seller(id),
      queryFn: () => call(client.sellers[':id'].$get({ param: { id } })),
    }),
  /** For the two sides of a sold listing; null for anyone else (the server answers 404). */
  sale: (listingId: string) =>
    queryOptions({
      queryKey: queryKeys.reviews.sale(listingId),
      queryFn: () =>
        call(client.listings[':id'].review.$get({ param: { id: listingId } })).catch((error: unknown) => {
          if (error instanceof ApiClientError && error.status === 404) return null;
          throw error;
        }),
    }),
  /** Whom the seller may mark the listing sold to. */
  buyers: (listingId: string) =>
    queryOptions({
      queryKey: queryKeys.reviews.buyers(listingId),
      queryFn: () => call(client.listings[':id'].buyers.$get({ param: { id: listingId } })),
    }),
};

/** The review state and the listing's page (its buyer's "Leave a review" card opens or goes). */
function invalidateSale(queryClient: QueryClient, listingId: string) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
    queryClient.invalidateQueries({ queryKey: queryKeys.listings.detail(listingId) }),
  ]);
}

export function useWriteReview(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: WriteReviewInput) =>
      call(client.listings[':id'].review.$post({ param: { id: listingId }, json })),
    onSuccess: () => invalidateSale(queryClient, listingId),
  });
}

/** The buyer's answer to "Did you buy this?". */
export function useAnswerPurchase(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (bought: boolean) =>
      call(client.listings[':id'].purchase.$post({ param: { id: listingId }, json: { bought } })),
    onSuccess: () => invalidateSale(queryClient, listingId),
  });
}

export function useReplyToReview(reviewId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) =>
      call(client.reviews[':id'].reply.$post({ param: { id: reviewId }, json: { text } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.reviews.all }),
  });
}
