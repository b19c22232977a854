import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from 'sonner';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { useSetListingSold } from './api';

/** Mark sold / available; failures are shown (with the way to more listings), never swallowed. */
export function useListingStatus() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const mutation = useSetListingSold();
  return {
    isPending: mutation.isPending,
    mutate: (change: { id: string; isSold: boolean }) =>
      mutation.mutate(change, {
        onError: (error) =>
          toast.error(t('listing.statusError'), {
            description: errorMessage(error, t),
            ...(error instanceof ApiClientError && error.code === 'PLAN_LIMIT'
              ? { action: { label: t('form.seePlans'), onClick: () => void navigate(paths.upgrade.href()) } }
              : {}),
          }),
      }),
  };
}
