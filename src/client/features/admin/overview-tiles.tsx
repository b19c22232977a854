import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '@common/i18n/format';
import { useLanguage } from '@client/lib/use-language';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { adminQueries } from './api';

/** The week at a glance, above the tabs: new members, listings and reports, and the open reports. */
export function Overview() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const overview = useQuery(adminQueries.overview());
  if (overview.isError) return <QueryError query={overview} className="mt-6" />;
  const tiles = ['newMembers', 'newListings', 'newReports', 'openReports'] as const;
  return (
    <dl className="mt-6 grid grid-cols-2 gap-3 sm:grid-cols-4">
      {tiles.map((tile) => (
        <div key={tile} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt className="text-sm text-slate-600">{t(`overview.${tile}`)}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {overview.data ? formatNumber(overview.data[tile], language) : <Skeleton className="h-8 w-12" />}
          </dd>
        </div>
      ))}
    </dl>
  );
}
