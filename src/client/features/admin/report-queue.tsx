import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { adminQueries } from './api';
import { ReportCard } from './report-card';

/** The "Reports" tab: open reports, oldest first, a page at a time. */
export function ReportQueue() {
  const { t } = useTranslation('admin');
  const reports = useInfiniteQuery(adminQueries.reports());
  if (reports.isError) return <QueryError query={reports} />;
  if (!reports.data)
    return (
      <div className="space-y-4">
        <Skeleton className="h-40 w-full rounded-2xl" />
        <Skeleton className="h-40 w-full rounded-2xl" />
      </div>
    );
  const items = reports.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {t('queue.empty')}
      </p>
    );
  return (
    <div className="space-y-4">
      <ol className="space-y-4">
        {items.map((report) => (
          <ReportCard key={report.id} report={report} />
        ))}
      </ol>
      <LoadMore query={reports} label={t('more')} />
    </div>
  );
}
