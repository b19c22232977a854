import { queryOptions, useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Role } from '@common/schemas/auth';
import type { BuyerPreferencesInput, SellerPreferencesInput } from '@common/schemas/profile';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/**
 * Onboarding's API layer: the role, the buying and selling preferences, done or skipped. Each changes
 * the member's profile, and the session carries its role and whether onboarding is complete: both are
 * read again before the mutation settles, so the next step sees them.
 */

/** The member's profile: role, onboarding's answers and preferences (settings, browse's "Near"). */
export const profileQuery = () =>
  queryOptions({
    queryKey: queryKeys.profile,
    queryFn: () => call(client.profile.$get()),
  });

function profileChanged(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: queryKeys.session }),
    queryClient.invalidateQueries({ queryKey: queryKeys.profile }),
    // The home page's For you follows the preferred makes and categories.
    queryClient.invalidateQueries({ queryKey: queryKeys.listings.forYou }),
  ]);
}

export function useSaveRole() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role: Role) => call(client.profile.role.$put({ json: { role } })),
    onSuccess: () => profileChanged(queryClient),
  });
}

export function useSaveBuyerPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BuyerPreferencesInput) => call(client.profile.buyer.$put({ json: input })),
    onSuccess: () => profileChanged(queryClient),
  });
}

export function useSaveSellerPreferences() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: SellerPreferencesInput) => call(client.profile.seller.$put({ json: input })),
    onSuccess: () => profileChanged(queryClient),
  });
}

export function useCompleteOnboarding() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => call(client.profile.onboarding.complete.$post()),
    onSuccess: () => profileChanged(queryClient),
  });
}

/** Skipping counts as complete (from the role step, with the role chosen so far). */
export function useSkipOnboardingRequest() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (role?: Role) => call(client.profile.onboarding.skip.$post({ json: role ? { role } : {} })),
    onSuccess: () => profileChanged(queryClient),
  });
}
