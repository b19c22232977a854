import { useTranslation } from 'react-i18next';
import { Star } from 'lucide-react';
import type { Rating } from '@common/schemas/rating';
import { cn } from '@client/lib/cn';

// Shown on cards on every page too, so in the cards' namespace (`market`) and light for the home page.

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
