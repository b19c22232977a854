import { useMutation } from '@tanstack/react-query';
import type { Role } from '@common/schemas/auth';
import type { BuyerPreferencesInput, SellerPreferencesInput } from '@common/schemas/profile';
import { call, client } from '@client/lib/api';

/** Onboarding's API layer: the role, the buying and selling preferences, done or skipped. */

export function useSaveRole() {
  return useMutation({ mutationFn: (role: Role) => call(client.profile.role.$put({ json: { role } })) });
}

export function useSaveBuyerPreferences() {
  return useMutation({
    mutationFn: (input: BuyerPreferencesInput) => call(client.profile.buyer.$put({ json: input })),
  });
}

export function useSaveSellerPreferences() {
  return useMutation({
    mutationFn: (input: SellerPreferencesInput) => call(client.profile.seller.$put({ json: input })),
  });
}

export function completeOnboarding() {
  return call(client.profile.onboarding.complete.$post());
}

/** Skipping counts as complete (from the role step, with the role chosen so far). */
export function useSkipOnboardingRequest() {
  return useMutation({
    mutationFn: (role?: Role) => call(client.profile.onboarding.skip.$post({ json: role ? { role } : {} })),
  });
}
