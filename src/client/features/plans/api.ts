import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Plan } from '@common/catalog';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Plans' API layer: the member's plan and usage, changing plan (Stripe Checkout or at once), billing portal. */
export const planQueries = {
  billing: () => queryOptions({ queryKey: queryKeys.billing, queryFn: () => call(client.billing.$get()) }),
};

export function useChangePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (plan: Plan) => call(client.billing.plan.$post({ json: { plan } })),
    // A new plan changes the session's plan and every limit shown.
    onSuccess: async (result) => {
      if (result.status === 'redirect') return;
      await queryClient.invalidateQueries({ queryKey: queryKeys.session });
      await queryClient.invalidateQueries({ queryKey: queryKeys.billing });
    },
  });
}

/** A fresh link into Stripe's billing portal (invoices, cards); the page sends the member there. */
export function useBillingPortal() {
  return useMutation({
    mutationFn: () => call(client.billing.portal.$post()),
  });
}
