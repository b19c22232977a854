import { useTranslation } from 'react-i18next';
import type { ListingDetail } from '@common/schemas/listings';
import { formatPrice } from '@common/i18n/format';
import { listingReference } from '@common/listing-reference';
import { FavouriteButton } from '@client/features/saved';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { BoostedBadge } from '@client/features/boosts';
import { PendingBadge } from './listing-badges';
import { Badge } from './listing-section';

/** The top of a listing: its badges, title, price, whether it is negotiable, and its reference. */
export function ListingSummary({ listing: l }: { listing: ListingDetail }) {
  const { t } = useTranslation(['market', 'trust']);
  const labels = useCatalogLabels();
  return (
    <div className="order-1">
      <div className="flex flex-wrap gap-2">
        <Badge tone={l.isSold ? 'red' : 'green'}>
          {l.isSold ? t('listing.sold') : t('listing.available')}
        </Badge>
        <Badge tone="brand">{labels.category(l.category)}</Badge>
        <Badge>{labels.condition(l.condition)}</Badge>
        {l.pending ? <PendingBadge /> : null}
        {l.boostedUntil && !l.isSold ? <BoostedBadge /> : null}
        {l.hidden ? <Badge tone="red">{t('hidden.badge', { ns: 'trust' })}</Badge> : null}
      </div>
      <div className="mt-3 flex items-start justify-between gap-3">
        <h1 className="text-2xl font-bold break-words text-slate-900 sm:text-3xl">{l.title}</h1>
        {l.isOwner ? null : <FavouriteButton listingId={l.id} saved={l.favourite} className="shrink-0" />}
      </div>
      <p className="mt-2 text-3xl font-extrabold text-slate-900">{formatPrice(l.priceCents)}</p>
      <p className="mt-1 text-sm text-slate-600">
        {l.negotiable ? t('listing.negotiable') : t('listing.firm')}
      </p>
      <p className="mt-1 text-sm text-slate-600" title={t('listing.referenceHint')}>
        <span>{t('listing.reference')}</span>{' '}
        <span className="font-mono font-medium text-slate-800 select-all" data-testid="listing-reference">
          {listingReference(l.id)}
        </span>
      </p>
    </div>
  );
}
