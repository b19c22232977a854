import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { ListingInput } from '@common/schemas/listings';
import type { BrowseQuery } from '@common/schemas/browse';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys, queryString } from '@client/lib/query-keys';

/** Listings' API layer: browse, a listing, create and edit, status, delete, AI drafts, contacting a seller. */

type BrowseParams = InferRequestType<typeof client.listings.$get>['query'];

/** The filters that are set, as query parameters (in the order that also keys the cache). */
function browseParams(query: Partial<BrowseQuery>, cursor?: string | null): BrowseParams {
  return Object.fromEntries(new URLSearchParams(queryString({ ...query, cursor: cursor ?? undefined })));
}

export const listingQueries = {
  /** A search, a page at a time (keyset cursor). */
  browse: (query: BrowseQuery) =>
    infiniteQueryOptions({
      queryKey: queryKeys.listings.browse(query),
      queryFn: ({ pageParam }) => call(client.listings.$get({ query: browseParams(query, pageParam) })),
      initialPageParam: null as string | null,
      getNextPageParam: nextPage,
    }),
  /** The newest listings (the home page). */
  latest: (limit: number) =>
    queryOptions({
      queryKey: queryKeys.listings.latest,
      queryFn: () => call(client.listings.$get({ query: browseParams({ limit, sort: 'newest' }) })),
    }),
  /** The newest listings in the member's preferred makes and categories (the home page's For you). */
  forYou: (limit: number) =>
    queryOptions({
      queryKey: queryKeys.listings.forYou,
      queryFn: () => call(client.listings['for-you'].$get({ query: { limit: String(limit) } })),
    }),
  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.listings.detail(id),
      queryFn: () => call(client.listings[':id'].$get({ param: { id } })),
    }),
  /** A ZIP code's city and state (an unknown ZIP answers 404: no retry). */
  place: (zip: string) =>
    queryOptions({
      queryKey: queryKeys.place(zip),
      queryFn: () => call(client.places[':zip'].$get({ param: { zip } })),
      staleTime: Infinity,
      retry: false,
    }),
};

/** Counts a view of the listing (once per visitor a day, on the server); a failure is not the reader's concern. */
export function countView(id: string): void {
  void call(client.listings[':id'].views.$post({ param: { id } })).catch(() => undefined);
}

/** Whatever a listing change touches: every listing query and the seller's dashboard. */
async function listingsChanged(queryClient: QueryClient) {
  await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
  await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
}

/** Creates a listing, or saves the one whose id is given. */
export function useSaveListing(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: ListingInput) =>
      id
        ? call(client.listings[':id'].$put({ param: { id }, json: input }))
        : call(client.listings.$post({ json: input })),
    onSuccess: () => listingsChanged(queryClient),
  });
}

export function useDeleteListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.listings[':id'].$delete({ param: { id } })),
    onSuccess: () => listingsChanged(queryClient),
  });
}

/** Mark sold or available. */
export function useSetListingSold() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isSold, buyerId }: { id: string; isSold: boolean; buyerId?: string }) =>
      call(
        client.listings[':id'].status.$patch({
          param: { id },
          json: { isSold, ...(buyerId ? { buyerId } : {}) },
        }),
      ),
    onSettled: () => listingsChanged(queryClient),
  });
}

export function useAiDraft() {
  return useMutation({
    mutationFn: (json: InferRequestType<(typeof client.listings)['ai-draft']['$post']>['json']) =>
      call(client.listings['ai-draft'].$post({ json })),
  });
}

/** Starts or continues the conversation about a listing; `clientId` makes a retried send land once. */
export function useContactSeller(listingId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: { content: string; clientId: string }) =>
      call(client.listings[':id'].messages.$post({ param: { id: listingId }, json })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
