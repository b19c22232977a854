import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@common/routes';
import { api, ApiClientError } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Mark sold / available; failures are shown (with the way to more listings), never swallowed. */
export function useListingStatus() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, isSold }: { id: string; isSold: boolean }) =>
      api(`/listings/${id}/status`, { method: 'PATCH', body: { isSold } }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.listings.all }),
    onError: (error) =>
      toast.error(t('listing.statusError'), {
        description: error instanceof Error ? error.message : undefined,
        ...(error instanceof ApiClientError && error.code === 'PLAN_LIMIT'
          ? { action: { label: t('form.seePlans'), onClick: () => void navigate(paths.upgrade.href()) } }
          : {}),
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: queryKeys.dashboard }),
  });
}
