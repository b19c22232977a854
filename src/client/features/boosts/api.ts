import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Boosts' API layer: my allowance this month, and boosting a listing of mine. */

/** My boosts this month (Gold and Platinum). */
export const boostQueries = {
  allowance: () => queryOptions({ queryKey: queryKeys.boosts, queryFn: () => call(client.boosts.$get()) }),
};

/** Boosts a listing of mine: it moves up in browse, and the allowance goes down. */
export function useBoostListing() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (listingId: string) => call(client.boosts.$post({ json: { listingId } })),
    onSuccess: (result) => queryClient.setQueryData(queryKeys.boosts, result.allowance),
    onSettled: async () => {
      // A boosted listing moves up in browse and shows its badge on the dashboard.
      await queryClient.invalidateQueries({ queryKey: queryKeys.listings.all });
      await queryClient.invalidateQueries({ queryKey: queryKeys.dashboard });
      await queryClient.invalidateQueries({ queryKey: queryKeys.boosts });
    },
  });
}
