import { useTranslation } from 'react-i18next';
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
