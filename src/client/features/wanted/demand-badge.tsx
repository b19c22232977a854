import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PackageSearch } from 'lucide-react';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { wantedQueries } from './api';

// Shown on the listing page and the dashboard, so its words are in their namespace (`market`).

/**
 * "3 members want this": how many open wanted posts one of the seller's listings matches, to the
 * wanted posts; nothing when none does. Every badge of a page reads the one demand query.
 */
export function WantedDemand({ listingId, className }: { listingId: string; className?: string }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const demand = useQuery(wantedQueries.demand());
  const count = demand.data?.[listingId] ?? 0;
  if (count <= 0) return null;
  return (
    <Link
      to={paths.partsWanted.href()}
      className={cn(
        'inline-flex items-center gap-1 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-semibold text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100',
        className,
      )}
    >
      <PackageSearch aria-hidden className="size-3.5 shrink-0" />
      {t('wanted.demand', { count, formatted: formatNumber(count, language) })}
    </Link>
  );
}
