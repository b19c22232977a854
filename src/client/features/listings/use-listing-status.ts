import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toast } from '@client/lib/toast';
import { paths } from '@common/routes';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { useSetListingSold } from './api';

interface StatusChange {
  id: string;
  isSold: boolean;
  /** Sold to this member (who may then review the seller). */
  buyerId?: string;
}

/**
 * Mark sold / available. The outcome is confirmed with a toast that offers Undo (an undo is
 * confirmed too, without offering to undo it again); failures are shown (with the way to more
 * listings when the plan's limit refused it), never swallowed.
 */
export function useListingStatus() {
  const { t } = useTranslation('market');
  const navigate = useNavigate();
  const mutation = useSetListingSold();

  const change = (next: StatusChange, offerUndo: boolean) =>
    mutation.mutate(next, {
      onSuccess: () =>
        toast.success(next.isSold ? t('listing.markedSold') : t('listing.markedAvailable'), {
          description: next.isSold ? t('listing.markedSoldBody') : t('listing.markedAvailableBody'),
          ...(offerUndo
            ? {
                action: {
                  label: t('listing.undo'),
                  onClick: () => change({ id: next.id, isSold: !next.isSold }, false),
                },
              }
            : {}),
        }),
      onError: (error) =>
        toast.error(t('listing.statusError'), {
          description: errorMessage(error, t),
          ...(error instanceof ApiClientError && error.code === 'PLAN_LIMIT'
            ? { action: { label: t('form.seePlans'), onClick: () => void navigate(paths.upgrade.href()) } }
            : {}),
        }),
    });

  return {
    isPending: mutation.isPending,
    mutate: (next: StatusChange) => change(next, true),
  };
}
