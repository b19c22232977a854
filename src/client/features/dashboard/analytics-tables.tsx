import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Analytics } from '@common/schemas/analytics';
import { formatNumber, formatPercent, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { ScrollArea } from '@client/components/ui/scroll-area';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';

/** A row of figures: what it is about (a link, a name) and its numbers, each with its heading. */
interface Row {
  key: string;
  name: ReactNode;
  figures: { label: string; value: string }[];
}

/**
 * Figures per listing, or per make and category: a table on wider screens, and on a phone a card per
 * row (its name across the top, its figures two by two under their names), where a table's columns
 * would leave a word a line.
 */
function FiguresTable({
  caption,
  nameHeader,
  headers,
  rows,
}: {
  caption: string;
  nameHeader: string;
  headers: string[];
  rows: Row[];
}) {
  return (
    <>
      <ul aria-label={caption} className="mt-3 space-y-3 sm:hidden">
        {rows.map((row) => (
          <li key={row.key} className="rounded-lg border border-slate-200 p-3">
            <p className="font-medium break-words">{row.name}</p>
            <dl className="mt-2 grid grid-cols-2 gap-x-4 gap-y-2 text-sm">
              {row.figures.map((figure) => (
                <div key={figure.label} className="min-w-0">
                  <dt className="text-slate-600">{figure.label}</dt>
                  <dd className="font-semibold text-slate-900 tabular-nums">{figure.value}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <ScrollArea label={caption} className="mt-3 hidden sm:block">
        <table className="w-full min-w-[32rem] text-left text-sm">
          <caption className="sr-only">{caption}</caption>
          <thead>
            <tr className="text-slate-700">
              <th scope="col" className="py-2 pr-4 font-semibold">
                {nameHeader}
              </th>
              {headers.map((header) => (
                // A column of figures: its heading lines up with them.
                <th key={header} scope="col" className="py-2 pr-4 text-right font-semibold">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.key} className="border-t border-slate-100">
                <th scope="row" className="max-w-56 truncate py-2 pr-4 font-medium">
                  {row.name}
                </th>
                {row.figures.map((figure) => (
                  <td key={figure.label} className="py-2 pr-4 text-right whitespace-nowrap">
                    {figure.value}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </ScrollArea>
    </>
  );
}

export function ListingsTable({ data }: { data: Analytics }) {
  const { t } = useTranslation('market');
  const language = useLanguage();
  const advanced = data.level === 'advanced';
  const number = (value: number) => formatNumber(value, language);
  const rows = data.listings.map((row) => ({
    key: row.id,
    name: (
      <Link to={paths.listing.href(row.id)} className="text-brand-700 hover:underline">
        {row.title}
      </Link>
    ),
    figures: [
      { label: t('analytics.views'), value: number(row.views) },
      ...(advanced ? [{ label: t('analytics.impressions'), value: number(row.impressions ?? 0) }] : []),
      { label: t('analytics.favourites'), value: number(row.favourites) },
      { label: t('analytics.conversations'), value: number(row.conversations) },
      ...(advanced
        ? [
            {
              label: t('analytics.conversion'),
              value: row.conversion == null ? '—' : formatPercent(row.conversion, language),
            },
            {
              label: t('analytics.priceVsMedian'),
              value: row.medianPriceCents
                ? t('analytics.priceAgainst', {
                    price: formatPrice(row.priceCents),
                    median: formatPrice(row.medianPriceCents),
                  })
                : formatPrice(row.priceCents),
            },
          ]
        : []),
    ],
  }));
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{t('analytics.perListing')}</h3>
      {rows.length === 0 ? (
        <p className="mt-3 text-sm text-slate-600">{t('analytics.noActivity')}</p>
      ) : (
        <FiguresTable
          caption={t('analytics.perListing')}
          nameHeader={t('analytics.listing')}
          headers={rows[0]!.figures.map((figure) => figure.label)}
          rows={rows}
        />
      )}
    </section>
  );
}

export function MarketTable({ data }: { data: Analytics }) {
  const { t } = useTranslation(['market', 'common']);
  const labels = useCatalogLabels();
  const language = useLanguage();
  if (!data.market.length) return null;
  const rows = data.market.map((pair) => ({
    key: `${pair.make}-${pair.category}`,
    name: `${labels.make(pair.make)} · ${labels.category(pair.category)}`,
    figures: [
      {
        label: t('analytics.medianPrice'),
        value: pair.medianPriceCents !== null ? formatPrice(pair.medianPriceCents) : '—',
      },
      {
        label: t('analytics.activeListings'),
        value: pair.activeListings.more
          ? t('analytics.moreThan', { count: formatNumber(pair.activeListings.value, language) })
          : formatNumber(pair.activeListings.value, language),
      },
      { label: t('analytics.savedSearches'), value: formatNumber(pair.savedSearches, language) },
    ],
  }));
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h3 className="font-semibold text-slate-900">{t('analytics.market')}</h3>
      <p className="mt-1 text-sm text-slate-600">{t('analytics.marketNote')}</p>
      <FiguresTable
        caption={t('analytics.market')}
        nameHeader={t('analytics.makeCategory')}
        headers={rows[0]!.figures.map((figure) => figure.label)}
        rows={rows}
      />
    </section>
  );
}
