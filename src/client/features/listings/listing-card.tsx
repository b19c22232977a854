import { useTranslation } from 'react-i18next';
import { BoostedBadge } from '@client/features/boosts';
import { PendingBadge } from './listing-badges';
import { SellerRating } from '@client/features/reviews';
import { Link } from 'react-router';
import { BadgeCheck, MapPin } from 'lucide-react';
import type { ListingCard as Card } from '@common/schemas/listings';
import { yearRange } from '@common/labels';
import { formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { Skeleton } from '@client/components/ui/skeleton';
import { FitBadge } from '@client/features/fleet';
import { FavouriteButton } from '@client/features/saved';
import { ListingPhoto } from '@client/features/photos';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

export function ListingCard({ listing, eager }: { listing: Card; eager?: boolean }) {
  return (
    <div className="relative flex">
      <CardLink listing={listing} eager={eager} />
      <FavouriteButton listingId={listing.id} saved={listing.favourite} className="absolute top-2 right-2" />
    </div>
  );
}

function CardLink({ listing, eager }: { listing: Card; eager?: boolean | undefined }) {
  const { t } = useTranslation('market');
  const labels = useCatalogLabels();
  const years = yearRange(listing.yearStart, listing.yearEnd);
  return (
    <Link
      to={paths.listing.href(listing.id)}
      className="group flex w-full flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md"
    >
      <ListingPhoto
        photo={listing.photo}
        alt={listing.title}
        sizes="(min-width: 1280px) 25vw, (min-width: 1024px) 33vw, 50vw"
        className="aspect-[4/3] w-full"
        eager={eager}
        emptyLabel={t('card.noPhoto')}
      />
      <div className="flex min-w-0 flex-1 flex-col gap-1 p-3 sm:p-4">
        <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
          {labels.category(listing.category)}
        </p>
        <h3 className="line-clamp-2 text-sm font-semibold break-words text-slate-900 group-hover:text-brand-700 sm:text-base">
          {listing.title}
        </h3>
        <p className="text-xs text-slate-600 sm:text-sm">
          {[labels.make(listing.make), labels.model(listing.model), years].filter(Boolean).join(' · ')}
        </p>
        {listing.partNumber ? (
          <p className="truncate font-mono text-xs text-slate-600">
            {t('card.partNumber', { number: listing.partNumber })}
          </p>
        ) : null}
        <FitBadge fit={listing.fits} misfit={listing.misfit} className="self-start" />
        {listing.pending ? <PendingBadge className="self-start" /> : null}
        {listing.boostedUntil ? <BoostedBadge className="self-start" /> : null}
        <SellerRating rating={listing.sellerRating} className="self-start" />
        {listing.sellerVerified ? (
          <span
            title={t('card.verifiedMeaning')}
            className="inline-flex items-center gap-1 self-start text-xs font-semibold text-sky-700"
          >
            <BadgeCheck aria-hidden className="size-4" />
            {t('card.verifiedSeller')}
          </span>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1 pt-2 sm:pt-3">
          <span className="text-base font-bold text-slate-900 sm:text-lg">
            {formatPrice(listing.priceCents)}
          </span>
          {listing.location ? (
            <span className="flex min-w-0 items-center gap-1 text-xs text-slate-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{listing.location}</span>
            </span>
          ) : null}
        </div>
      </div>
    </Link>
  );
}

export function ListingCardSkeleton() {
  return (
    <div className="overflow-hidden rounded-xl border border-slate-200 bg-white">
      <Skeleton className="aspect-[4/3] w-full rounded-none!" />
      <div className="space-y-2 p-3 sm:p-4">
        <Skeleton className="h-3 w-1/3" />
        <Skeleton className="h-5 w-4/5" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="mt-4 h-6 w-1/4" />
      </div>
    </div>
  );
}

export function ListingGrid({ children }: { children: React.ReactNode }) {
  return <div className="grid grid-cols-2 gap-3 sm:gap-5 lg:grid-cols-3 xl:grid-cols-4">{children}</div>;
}
