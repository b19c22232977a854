import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BadgeCheck, Calendar, Eye, MapPin, Truck, UserRound, type LucideIcon } from 'lucide-react';
import type { ListingDetail } from '@common/schemas/listings';
import { yearRange } from '@common/labels';
import { formatDate, formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { FitBadge } from '@client/features/fleet';
import { SellerRating } from '@client/features/reviews';
import { Card } from './listing-section';

/** What the part fits, and whether it fits the member's vehicles. */
export function FitmentCard({ listing: l }: { listing: ListingDetail }) {
  const { t } = useTranslation('market');
  const labels = useCatalogLabels();
  const years = yearRange(l.yearStart, l.yearEnd);
  return (
    <Card className="order-3" title={t('listing.fitment')}>
      <p className="text-lg font-semibold text-slate-900">{labels.vehicle(l.make, l.model)}</p>
      {years ? <p className="text-slate-700">{years}</p> : null}
      <FitBadge fit={l.fits} misfit={l.misfit} className="mt-2 text-sm" />
    </Card>
  );
}

/** The seller and the facts of the listing: handover, place, when listed, views, brand, part number, link. */
export function DetailsCard({ listing: l }: { listing: ListingDetail }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  return (
    <Card className="order-3" title={t('listing.details')}>
      <dl className="space-y-2 text-sm">
        <SellerRow seller={l.seller} />
        {l.seller.ships || l.seller.localPickup ? (
          <div className="flex items-center gap-2">
            <IconTerm icon={Truck} label={t('listing.handover')} />
            <dd className="flex flex-wrap gap-1.5">
              {l.seller.ships ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                  {t('listing.ships')}
                </span>
              ) : null}
              {l.seller.localPickup ? (
                <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-800">
                  {t('listing.localPickup')}
                </span>
              ) : null}
            </dd>
          </div>
        ) : null}
        {l.location ? (
          <div className="flex items-center gap-2">
            <IconTerm icon={MapPin} label={t('listing.location')} />
            <dd className="text-slate-800">{l.location}</dd>
          </div>
        ) : null}
        <div className="flex items-center gap-2">
          <IconTerm icon={Calendar} label={t('listing.listed')} />
          <dd className="text-slate-800">
            {t('listing.listedOn', { date: formatDate(l.createdAt, language) })}
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <IconTerm icon={Eye} label={t('listing.viewsLabel')} />
          <dd className="text-slate-800">
            {t('listing.views', { count: l.views, formatted: formatNumber(l.views, language) })}
          </dd>
        </div>
        {l.partBrand ? (
          <div className="flex gap-1 border-t border-slate-100 pt-2 text-slate-800">
            <dt>{t('listing.brand')}:</dt>
            <dd>{l.partBrand === 'Other' ? (l.partBrandOther ?? '') : l.partBrand}</dd>
          </div>
        ) : null}
        {l.partId ? (
          <div className="flex gap-1 text-slate-800">
            <dt>{t('listing.partId')}:</dt>
            <dd className="break-all">{l.partId}</dd>
          </div>
        ) : null}
        {l.productUrl ? (
          <div>
            <dt className="sr-only">{t('listing.productUrl')}</dt>
            <dd>
              <a
                href={l.productUrl}
                rel="noopener noreferrer nofollow"
                target="_blank"
                className="text-brand-700 underline"
              >
                {t('listing.productUrl')}
              </a>
            </dd>
          </div>
        ) : null}
      </dl>
    </Card>
  );
}

/** A row's term drawn as its icon, named for screen readers (a row of a list holds terms and details only). */
function IconTerm({ icon: Icon, label }: { icon: LucideIcon; label: string }) {
  return (
    <dt className="shrink-0">
      <Icon aria-hidden className="size-4 text-slate-500" />
      <span className="sr-only">{label}</span>
    </dt>
  );
}

/** Who sells it: their name (to their page), their stars and whether they are verified. */
function SellerRow({ seller }: { seller: ListingDetail['seller'] }) {
  const { t } = useTranslation('market');
  return (
    <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
      <IconTerm icon={UserRound} label={t('listing.seller')} />
      <dd className="flex items-center gap-1 font-medium text-slate-900">
        <Link to={paths.seller.href(seller.id)} className="text-brand-700 hover:underline">
          {seller.name ?? t('listing.anonymous')}
        </Link>
        <SellerRating rating={seller.rating} />
        {seller.verified ? (
          <span className="inline-flex items-center gap-0.5 text-xs font-semibold text-sky-700">
            <BadgeCheck aria-hidden className="size-4" />
            {t('listing.verified')}
          </span>
        ) : null}
      </dd>
      {seller.verified ? (
        <dd className="w-full pl-6 text-xs text-slate-600">{t('card.verifiedMeaning')}</dd>
      ) : null}
    </div>
  );
}
