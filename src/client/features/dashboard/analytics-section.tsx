import { lazy, Suspense, useMemo } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { BarChart3, Lock } from 'lucide-react';
import type { Analytics, AnalyticsDay } from '@common/schemas/analytics';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { Button } from '@client/components/ui/button';
import { QueryError } from '@client/components/ui/query-error';
import { ScrollArea } from '@client/components/ui/scroll-area';
import { Skeleton } from '@client/components/ui/skeleton';
import { useLanguage } from '@client/lib/use-language';
import { dashboardQueries } from './api';
import { ListingsTable, MarketTable } from './analytics-tables';

// The charting library loads with the analytics only, never with the rest of the dashboard.
const LineChart = lazy(() => import('./line-chart'));

const TOTALS = ['views', 'impressions', 'favourites', 'conversations'] as const;

/** Shown to a plan without analytics: what they would see, on made-up numbers said to be so. */
const EXAMPLE_VIEWS = [
  3, 5, 4, 6, 9, 7, 8, 12, 10, 9, 11, 14, 13, 12, 15, 18, 16, 14, 17, 20, 19, 18, 22, 21, 24, 23, 26, 25, 28,
  30,
];

function exampleDays(): AnalyticsDay[] {
  const today = Date.UTC(2026, 0, 30);
  return EXAMPLE_VIEWS.map((views, i) => ({
    day: new Date(today - (EXAMPLE_VIEWS.length - 1 - i) * 86_400_000).toISOString().slice(0, 10),
    views,
    impressions: views * 6,
    favourites: Math.round(views / 5),
    conversations: Math.round(views / 8),
  }));
}

/** The dashboard's Analytics tab: Gold's per listing figures and views chart, Platinum's more. */
export function AnalyticsSection() {
  const { t } = useTranslation('market');
  const query = useQuery(dashboardQueries.analytics());
  if (query.isError) return <QueryError query={query} />;
  if (!query.data)
    return (
      <div className="space-y-3" aria-busy="true">
        <Skeleton className="h-24" />
        <Skeleton className="h-56" />
      </div>
    );
  const data = query.data;
  if (data.level === 'none') return <Preview />;
  return (
    <div className="space-y-6">
      <p className="text-sm text-slate-600">{t('analytics.period', { days: data.days })}</p>
      <Totals data={data} />
      <ViewsChart
        title={t('analytics.viewsChart')}
        days={data.daily.map((day) => day.day)}
        series={[{ label: t('analytics.views'), values: data.daily.map((day) => day.views) }]}
      />
      <ListingsTable data={data} />
      {data.level === 'advanced' ? (
        <>
          <ListingViewsChart data={data} />
          <MarketTable data={data} />
        </>
      ) : (
        <UpgradeNote text={t('analytics.moreWithPlatinum')} />
      )}
    </div>
  );
}

function Totals({ data }: { data: Analytics }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const shown = TOTALS.filter((key) => key !== 'impressions' || data.level === 'advanced');
  return (
    <dl className="grid grid-cols-2 gap-3 sm:grid-cols-4">
      {shown.map((key) => (
        <div key={key} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <dt className="text-sm text-slate-600">{t(`analytics.${key}`)}</dt>
          <dd className="mt-1 text-2xl font-bold text-slate-900">
            {formatNumber(
              data.daily.reduce((sum, day) => sum + day[key], 0),
              language,
            )}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A chart and the same numbers as a table (for screen readers, and for anyone who wants the figures). */
function ViewsChart({
  title,
  days,
  series,
}: {
  title: string;
  days: string[];
  series: { label: string; values: number[] }[];
}) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const day = useMemo(
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }),
    [language],
  );
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="flex items-center gap-2 font-semibold text-slate-900">
        <BarChart3 aria-hidden className="size-5 text-brand-700" />
        {title}
      </h3>
      <div className="mt-3 min-h-[220px]">
        <Suspense fallback={<Skeleton className="h-[220px]" />}>
          <LineChart
            days={days}
            series={series}
            label={title}
            dayLabel={t('analytics.day')}
            language={language}
          />
        </Suspense>
      </div>
      <details className="mt-3">
        <summary className="cursor-pointer text-sm font-medium text-brand-700">
          {t('analytics.asTable')}
        </summary>
        <ScrollArea label={title} className="mt-2">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">{title}</caption>
            <thead>
              <tr>
                <th scope="col" className="py-1 pr-4 font-semibold">
                  {t('analytics.day')}
                </th>
                {series.map((line) => (
                  <th key={line.label} scope="col" className="py-1 pr-4 text-right font-semibold">
                    {line.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((date, i) => (
                <tr key={date} className="border-t border-slate-100">
                  <th scope="row" className="py-1 pr-4 font-normal">
                    {day.format(new Date(`${date}T00:00:00Z`))}
                  </th>
                  {series.map((line) => (
                    <td key={line.label} className="py-1 pr-4 text-right">
                      {formatNumber(line.values[i] ?? 0, language)}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollArea>
      </details>
    </section>
  );
}

function ListingViewsChart({ data }: { data: Analytics }) {
  const { t } = useTranslation('market');
  const series = data.listings.flatMap((row) =>
    row.dailyViews ? [{ label: row.title, values: row.dailyViews }] : [],
  );
  if (!series.length) return null;
  return (
    <ViewsChart
      title={t('analytics.viewsByListing')}
      days={data.daily.map((day) => day.day)}
      series={series}
    />
  );
}

function UpgradeNote({ text }: { text: string }) {
  const { t } = useTranslation('market');
  return (
    <p className="flex flex-wrap items-center gap-3 rounded-xl border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
      <Lock aria-hidden className="size-4 text-brand-700" />
      {text}
      <Link to={paths.upgrade.href()} className="font-semibold text-brand-700 hover:underline">
        {t('analytics.seePlans')}
      </Link>
    </p>
  );
}

/** Bronze: what the analytics look like, on example numbers, and where they come from. */
function Preview() {
  const { t } = useTranslation('market');
  const days = useMemo(() => exampleDays(), []);
  const series = useMemo(
    () => [{ label: t('analytics.views'), values: days.map((day) => day.views) }],
    [days, t],
  );
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-brand-100 bg-brand-50 p-5">
        <h3 className="text-lg font-semibold text-slate-900">{t('analytics.previewTitle')}</h3>
        <p className="mt-1 text-slate-700">{t('analytics.previewBody')}</p>
        <Button asChild className="mt-3">
          <Link to={paths.upgrade.href()}>{t('analytics.seePlans')}</Link>
        </Button>
      </div>
      <p className="text-sm font-medium text-slate-600">{t('analytics.example')}</p>
      <ViewsChart title={t('analytics.exampleChart')} days={days.map((day) => day.day)} series={series} />
    </div>
  );
}
