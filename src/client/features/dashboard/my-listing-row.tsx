import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Eye } from 'lucide-react';
import type { ListingCard } from '@common/schemas/listings';
import { formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { ListingPhoto } from '@client/features/photos';
import type { useListingStatus } from '@client/features/listings';
import { BoostAction, BoostedBadge } from '@client/features/boosts';
import { WantedDemand } from '@client/features/wanted';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

/**
 * One of the seller's listings. On a phone or a tablet a card: the photo beside the title, price and
 * figures, which keep the card's width, and the actions in a row of their own under them; on a wide
 * screen, one row with the actions at its end.
 */
export function MyListingRow({
  listing,
  status,
}: {
  listing: ListingCard & { views: number };
  status: ReturnType<typeof useListingStatus>;
}) {
  const { t } = useTranslation('market');
  const labels = useCatalogLabels();
  const language = useLanguage();
  return (
    <li className="grid grid-cols-[4rem_minmax(0,1fr)] items-start gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:flex lg:items-center lg:gap-4">
      <ListingPhoto
        photo={listing.photo}
        alt=""
        sizes="96px"
        className="size-16 shrink-0 rounded-lg lg:size-20"
        emptyLabel={t('card.noPhoto')}
      />
      <div className="min-w-0 lg:flex-1">
        <Link
          to={paths.listing.href(listing.id)}
          className="inline-block min-h-6 font-semibold break-words text-slate-900 hover:text-brand-700 hover:underline"
        >
          {listing.title}
        </Link>
        <p className="text-sm text-slate-600">{labels.vehicle(listing.make, listing.model)}</p>
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-bold text-slate-900">{formatPrice(listing.priceCents)}</span>
          <span
            className={cn(
              'rounded-full px-2 py-0.5 text-xs font-semibold',
              listing.isSold ? 'bg-red-100 text-red-800' : 'bg-green-100 text-green-800',
            )}
          >
            {listing.isSold ? t('dashboard.sold') : t('dashboard.active')}
          </span>
          {listing.boostedUntil && !listing.isSold ? <BoostedBadge /> : null}
          {listing.isSold ? null : <WantedDemand listingId={listing.id} />}
          <span className="flex items-center gap-1 whitespace-nowrap text-slate-600">
            <Eye aria-hidden className="size-4" />
            {t('dashboard.views', { count: listing.views, formatted: formatNumber(listing.views, language) })}
          </span>
        </p>
      </div>
      <div className="col-span-2 flex flex-wrap items-center gap-2 border-t border-slate-100 pt-3 lg:shrink-0 lg:flex-col lg:items-end lg:border-0 lg:pt-0">
        <BoostAction listingId={listing.id} boostedUntil={listing.boostedUntil} isSold={listing.isSold} />
        <div className="flex gap-2">
          <Button
            variant="secondary"
            size="sm"
            disabled={status.isPending}
            onClick={() => status.mutate({ id: listing.id, isSold: !listing.isSold })}
          >
            {listing.isSold ? t('dashboard.markAvailable') : t('dashboard.markSold')}
          </Button>
          <Button asChild variant="ghost" size="sm">
            <Link to={paths.editListing.href(listing.id)}>{t('dashboard.edit')}</Link>
          </Button>
        </div>
      </div>
    </li>
  );
}
