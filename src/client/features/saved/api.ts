import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { SaveSearchSchema } from '@common/schemas/saved-searches';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Saved searches and favourites' API layer. */
export const savedQueries = {
  searches: (search: string) =>
    queryOptions({
      queryKey: queryKeys.saved.searches(search),
      queryFn: async () =>
        (await call(client['saved-searches'].$get({ query: search ? { search } : {} }))).savedSearches,
    }),
  favourites: (search: string) =>
    queryOptions({
      queryKey: queryKeys.saved.favourites(search),
      queryFn: async () =>
        (await call(client.favourites.$get({ query: search ? { search } : {} }))).favourites,
    }),
};

const savedChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.saved.all });

export function useSaveSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof SaveSearchSchema>) =>
      call(client['saved-searches'].$post({ json: input })),
    onSuccess: () => savedChanged(queryClient),
  });
}

export function useSetSearchAlerts() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, alerts }: { id: string; alerts: boolean }) =>
      call(client['saved-searches'][':id'].$patch({ param: { id }, json: { alerts } })),
    onSettled: () => savedChanged(queryClient),
  });
}

export function useDeleteSearch() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client['saved-searches'][':id'].$delete({ param: { id } })),
    onSuccess: () => savedChanged(queryClient),
  });
}

/** Marks a saved search as opened (its new-results count starts again); a failure changes nothing seen. */
export function markSearchOpened(id: string): Promise<unknown> {
  return call(client['saved-searches'][':id'].open.$post({ param: { id } })).catch(() => undefined);
}

/** Saves or removes a favourite: the hearts on cards and the favourites list follow. */
export function useSetFavourite() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, saved }: { id: string; saved: boolean }) =>
      saved
        ? call(client.favourites[':id'].$put({ param: { id } }))
        : call(client.favourites[':id'].$delete({ param: { id } })),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      void savedChanged(queryClient);
    },
  });
}
