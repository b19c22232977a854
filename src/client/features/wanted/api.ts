import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { InferRequestType } from 'hono/client';
import type { WantedAnswerInput, WantedInput, WantedQuery } from '@common/schemas/wanted';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys, queryString } from '@client/lib/query-keys';

/** Parts wanted's API layer: the list, a post, posting and editing, renew, found, delete, "I have this". */

type BrowseParams = InferRequestType<typeof client.wanted.$get>['query'];

/** The filters that are set, as query parameters (in the order that also keys the cache). */
function browseParams(query: Partial<WantedQuery>, cursor?: string | null): BrowseParams {
  return Object.fromEntries(new URLSearchParams(queryString({ ...query, cursor: cursor ?? undefined })));
}

export const wantedQueries = {
  /** Open posts, newest first, a page at a time (keyset cursor); `mine`: my own in every state. */
  browse: (query: Partial<WantedQuery>) =>
    infiniteQueryOptions({
      queryKey: queryKeys.wanted.browse(query),
      queryFn: ({ pageParam }) => call(client.wanted.$get({ query: browseParams(query, pageParam) })),
      initialPageParam: null as string | null,
      getNextPageParam: nextPage,
    }),
  /** A post, the listings that match it now, and (for another member) their answers this month. */
  detail: (id: string) =>
    queryOptions({
      queryKey: queryKeys.wanted.detail(id),
      queryFn: () => call(client.wanted[':id'].$get({ param: { id } })),
    }),
  /** How many open posts each of my listings on the market matches, by listing id. */
  demand: () =>
    queryOptions({
      queryKey: queryKeys.wanted.demand,
      queryFn: async () => (await call(client.wanted.demand.$get())).listings,
      staleTime: 60_000,
    }),
};

/** A post changed: every list and post is fetched again (the demand on listings too). */
const wantedChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.wanted.all });

/** Posts a wanted part, or saves the one whose id is given; the answer is the post's page. */
export function useSaveWanted(id?: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WantedInput) =>
      id
        ? call(client.wanted[':id'].$put({ param: { id }, json: input }))
        : call(client.wanted.$post({ json: input })),
    onSuccess: async (post) => {
      await wantedChanged(queryClient);
      queryClient.setQueryData(queryKeys.wanted.detail(post.id), post);
    },
  });
}

/** The owner's actions on a post: open 30 more days, found (it closes), delete. */
export function useWantedAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, action }: { id: string; action: 'renew' | 'found' | 'delete' }) => {
      const param = { param: { id } };
      if (action === 'renew') await call(client.wanted[':id'].renew.$post(param));
      else if (action === 'found') await call(client.wanted[':id'].found.$post(param));
      else await call(client.wanted[':id'].$delete(param));
    },
    onSuccess: (_, { id, action }) => {
      if (action === 'delete') queryClient.removeQueries({ queryKey: queryKeys.wanted.detail(id) });
      return wantedChanged(queryClient);
    },
  });
}

/** "I have this": one of my listings and a message to the post's member, in a conversation. */
export function useAnswerWanted(id: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (json: WantedAnswerInput) =>
      call(client.wanted[':id'].answers.$post({ param: { id }, json })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all });
      return queryClient.invalidateQueries({ queryKey: queryKeys.wanted.detail(id) });
    },
  });
}
