import { useTranslation } from 'react-i18next';
import { Rocket } from 'lucide-react';

/** "Boosted" on a card or a listing, while the boost lasts. */
export function BoostedBadge({ className }: { className?: string }) {
  const { t } = useTranslation('market');
  return (
    <span
      className={`inline-flex items-center gap-1 rounded-full bg-violet-100 px-2 py-0.5 text-xs font-semibold text-violet-800 ${className ?? ''}`}
    >
      <Rocket aria-hidden className="size-3.5" />
      {t('boost.badge')}
    </span>
  );
}
