import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import type { Rating } from '@common/schemas/rating';
import { cn } from '@client/lib/cn';

// What cards show on every page, in the cards' namespace (`market`), light enough for the home page.

/** "Pending" beside Sold / Available: an accepted offer holds the listing for one buyer. */
export function PendingBadge({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  return (
    <span
      className={cn(
        'inline-flex items-center rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900',
        className,
      )}
    >
      {t('card.pending')}
    </span>
  );
}

/** Five stars, `value` of them filled; the words are for screen readers. */
export function Stars({ value, className }: { value: number; className?: string }) {
  const { t } = useTranslation('market');
  return (
    <span className={cn('inline-flex items-center', className)}>
      <span className="sr-only">{t('rating.stars', { count: value })}</span>
      {[1, 2, 3, 4, 5].map((n) => (
        <Star
          key={n}
          aria-hidden
          className={cn(
            'size-4',
            n <= Math.round(value) ? 'fill-amber-400 text-amber-500' : 'text-slate-300',
          )}
        />
      ))}
    </span>
  );
}

/** "★ 4.5 (3)" beside a seller's name, or nothing before their first review. */
export function SellerRating({ rating, className }: { rating: Rating | undefined; className?: string }) {
  const { t } = useTranslation('market');
  if (!rating?.count || rating.average === null) return null;
  const summary = t('rating.summary', { average: rating.average, count: rating.count });
  return (
    <span
      className={cn('inline-flex items-center gap-1 text-xs font-semibold text-slate-800', className)}
      title={summary}
    >
      <Star aria-hidden className="size-3.5 fill-amber-400 text-amber-500" />
      <span aria-hidden>
        {rating.average.toFixed(1)} ({rating.count})
      </span>
      <span className="sr-only">{summary}</span>
    </span>
  );
}
