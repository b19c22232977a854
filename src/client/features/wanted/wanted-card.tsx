import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MapPin, PackageSearch, RotateCw, Truck } from 'lucide-react';
import type { WantedCard as Card } from '@common/schemas/wanted';
import { formatDate, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { toast } from '@client/lib/toast';
import { errorMessage } from '@client/lib/error-message';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { ListingPhoto } from '@client/features/photos';
import { SellerRating } from '@client/features/reviews';
import { useWantedAction } from './api';
import { PartNumberChips, StateBadge, useFitment } from './wanted-bits';

/**
 * One wanted post of the list: its photo (or an icon), what and what for, its numbers, the price and
 * place, who wants it and since when. The member's own (`mine`) shows its state, and Renew once expired.
 */
export function WantedCard({ post, mine }: { post: Card; mine?: boolean }) {
  const { t } = useTranslation(['wanted', 'market']);
  const labels = useCatalogLabels();
  const language = useLanguage();
  const fitment = useFitment();
  return (
    <li className="relative flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-shadow hover:shadow-md sm:gap-4 sm:p-4">
      {post.photo ? (
        <ListingPhoto
          photo={post.photo}
          alt=""
          sizes="96px"
          className="size-20 shrink-0 rounded-lg sm:size-24"
          emptyLabel={t('market:card.noPhoto')}
        />
      ) : (
        <div
          aria-hidden
          className="flex size-20 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 sm:size-24"
        >
          <PackageSearch className="size-8" />
        </div>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <p className="text-xs font-medium tracking-wide text-brand-700 uppercase">
            {labels.category(post.category)}
          </p>
          {mine ? <StateBadge state={post.state} /> : null}
        </div>
        <h3 className="line-clamp-2 font-semibold break-words text-slate-900">
          {/* The whole card opens the post; its own buttons sit above this link. */}
          <Link
            to={paths.partsWantedPost.href(post.id)}
            className="after:absolute after:inset-0 after:rounded-xl hover:text-brand-700 focus-visible:outline-none focus-visible:after:outline-2 focus-visible:after:outline-brand-600"
          >
            {post.title}
          </Link>
        </h3>
        <p className="text-sm text-slate-600">{fitment(post)}</p>
        <PartNumberChips numbers={post.partNumbers} label={t('post.partNumbers')} className="mt-0.5" />
        <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-bold text-slate-900">
            {post.maxPriceCents === null
              ? t('card.anyPrice')
              : t('card.upTo', { price: formatPrice(post.maxPriceCents) })}
          </span>
          {post.location ? (
            <span className="flex min-w-0 items-center gap-1 text-slate-600">
              <MapPin aria-hidden className="size-3.5 shrink-0" />
              <span className="truncate">{post.location}</span>
            </span>
          ) : null}
          {post.shipsToMe ? (
            <span className="flex items-center gap-1 text-slate-600">
              <Truck aria-hidden className="size-3.5 shrink-0" />
              {t('card.shipsToMe')}
            </span>
          ) : null}
        </div>
        <p className="mt-auto flex flex-wrap items-center gap-x-2 gap-y-0.5 pt-1 text-xs text-slate-600">
          {mine ? null : (
            <>
              <span className="font-medium text-slate-800">{post.member.name ?? t('card.anonymous')}</span>
              <SellerRating rating={post.member.rating} />
              <span aria-hidden>·</span>
            </>
          )}
          <span>{t('card.posted', { date: formatDate(post.createdAt, language) })}</span>
          {mine && (post.state === 'open' || post.state === 'expired') ? (
            <>
              <span aria-hidden>·</span>
              <span>
                {post.state === 'open'
                  ? t('card.openUntil', { date: formatDate(post.expiresAt, language) })
                  : t('card.expiredOn', { date: formatDate(post.expiresAt, language) })}
              </span>
            </>
          ) : null}
        </p>
        {mine && post.state === 'expired' ? <RenewButton post={post} /> : null}
      </div>
    </li>
  );
}

/** Renew an expired post of mine from the list: open 30 more days. */
function RenewButton({ post }: { post: Card }) {
  const { t } = useTranslation(['wanted', 'errors']);
  const action = useWantedAction();
  const renew = () =>
    action.mutate(
      { id: post.id, action: 'renew' },
      {
        onSuccess: () => toast.success(t('owner.renewed')),
        onError: (error) => toast.error(t('owner.error'), { description: errorMessage(error, t) }),
      },
    );
  return (
    <Button
      variant="secondary"
      size="sm"
      className="relative z-10 mt-2 self-start"
      disabled={action.isPending}
      aria-label={t('card.renewLabel', { title: post.title })}
      onClick={renew}
    >
      <RotateCw aria-hidden className="size-4" />
      {t('owner.renew')}
    </Button>
  );
}

export function WantedCardSkeleton() {
  return (
    <li className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 sm:gap-4 sm:p-4">
      <Skeleton className="size-20 shrink-0 sm:size-24" />
      <div className="flex-1 space-y-2">
        <Skeleton className="h-3 w-1/4" />
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/2" />
        <Skeleton className="h-4 w-1/3" />
      </div>
    </li>
  );
}

export function WantedList({ children }: { children: React.ReactNode }) {
  return <ul className="grid gap-3 md:grid-cols-2 md:gap-4">{children}</ul>;
}
