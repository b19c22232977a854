import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { api } from '@client/lib/api';
import { listingKeys } from './api';

/** Mark sold / available; failures are shown, never swallowed. */
export function useListingStatus() {
  const { t } = useTranslation('market');
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isSold }: { id: string; isSold: boolean }) =>
      api(`/listings/${id}/status`, { method: 'PATCH', body: { isSold } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: listingKeys.all }),
    onError: (error) =>
      toast.error(t('listing.statusError'), {
        description: error instanceof Error ? error.message : undefined,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: listingKeys.dashboard }),
  });
}
