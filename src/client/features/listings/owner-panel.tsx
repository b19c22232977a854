import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Pencil, Trash2 } from 'lucide-react';
import type { ListingDetail } from '@common/schemas/listings';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { errorMessage } from '@client/lib/error-message';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { OwnerPending } from '@client/features/offers';
import { reviewQueries, SoldToDialog } from '@client/features/reviews';
import { useDeleteListing } from './api';
import { BoostAction } from '@client/features/boosts';
import { WantedDemand } from '@client/features/wanted';
import { useListingStatus } from './use-listing-status';

/**
 * What the seller sees of their own listing: how many members want it (their wanted posts), edit, mark
 * sold (asking who bought it) or available, delete (confirmed), the offers waiting for them and the boost.
 */
export function OwnerPanel({ listing: l }: { listing: ListingDetail }) {
  const { t } = useTranslation(['market', 'trust']);
  const navigate = useNavigate();
  const status = useListingStatus();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [choosingBuyer, setChoosingBuyer] = useState(false);
  const buyers = useQuery({ ...reviewQueries.buyers(l.id), enabled: !l.isSold });
  const deleteListing = useDeleteListing();
  const remove = async () => {
    try {
      await deleteListing.mutateAsync(l.id);
      toast.success(t('listing.deleted'));
      void navigate(paths.dashboard.href(), { replace: true });
    } catch (error) {
      toast.error(t('listing.statusError'), { description: errorMessage(error, t) });
    }
  };
  const setSold = (isSold: boolean, buyerId?: string) =>
    status.mutate({ id: l.id, isSold, ...(buyerId ? { buyerId } : {}) });

  return (
    <>
      <div className="order-1 space-y-2 rounded-xl border border-brand-100 bg-brand-50 p-4">
        <p className="text-sm font-medium text-slate-800">{t('listing.ownerNote')}</p>
        {l.isSold ? null : <WantedDemand listingId={l.id} />}
        {l.hidden ? <Alert tone="error">{t('hidden.ownerNote', { ns: 'trust' })}</Alert> : null}
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to={paths.editListing.href(l.id)}>
              <Pencil aria-hidden className="size-4" />
              {t('listing.edit')}
            </Link>
          </Button>
          <Button
            variant="secondary"
            size="sm"
            // Who bought it is asked only when somebody messaged about it, so the button waits
            // until that is known.
            disabled={status.isPending || (!l.isSold && buyers.isPending)}
            onClick={() =>
              l.isSold || buyers.data?.buyers.length === 0 ? setSold(!l.isSold) : setChoosingBuyer(true)
            }
          >
            {l.isSold ? t('listing.markAvailable') : t('listing.markSold')}
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setConfirmDelete(true)}>
            <Trash2 aria-hidden className="size-4" />
            {t('listing.delete')}
          </Button>
        </div>
        {l.pending ? <OwnerPending listingId={l.id} /> : null}
        <BoostAction listingId={l.id} boostedUntil={l.boostedUntil} isSold={l.isSold} />
      </div>
      {l.isOwner && !l.isSold ? (
        <SoldToDialog
          listingId={l.id}
          open={choosingBuyer}
          onOpenChange={setChoosingBuyer}
          onConfirm={(buyerId) => setSold(true, buyerId)}
        />
      ) : null}
      <Modal
        open={confirmDelete}
        onOpenChange={setConfirmDelete}
        title={t('listing.deleteTitle')}
        description={t('listing.deleteBody')}
      >
        <Button variant="secondary" onClick={() => setConfirmDelete(false)}>
          {t('listing.cancel')}
        </Button>
        <Button onClick={() => void remove()}>{t('listing.deleteConfirm')}</Button>
      </Modal>
    </>
  );
}
