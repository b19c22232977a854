import { useState } from 'react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SearchX, SlidersHorizontal } from 'lucide-react';
import { CATEGORIES, CONDITIONS, MAKES } from '@common/catalog';
import { FILTER_KEYS, SORTS, browseQueryFromParams, type BrowseQuery } from '@common/schemas/listings';
import { formatNumber } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { useLanguage } from '@client/lib/use-language';
import { listingQueries } from './api';
import { ListingCard, ListingCardSkeleton, ListingGrid } from './listing-card';
import { useSession } from '@client/features/session';
import { useFleet } from '@client/features/fleet';
import { SaveSearchButton } from '@client/features/saved';
import { vehicleLabel } from '@common/schemas/vehicles';
import { queryString } from '@client/lib/query-keys';
import { QueryError } from '@client/components/ui/query-error';

type Draft = Record<(typeof FILTER_KEYS)[number], string>;

function toDraft(query: Partial<BrowseQuery>): Draft {
  return Object.fromEntries(
    FILTER_KEYS.map((key) => [key, query[key] === undefined ? '' : String(query[key])]),
  ) as Draft;
}

/** /browse: every filter lives in the URL, so back, reload and a shared link restore the search. */
export default function BrowsePage() {
  const { t } = useTranslation(['market', 'common']);
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const query = browseQueryFromParams(params);
  const key = queryString(query);
  const [draft, setDraft] = useState<Draft>(() => toDraft(query));
  const [filtersOpen, setFiltersOpen] = useState(false);
  const { user } = useSession();
  const fleet = useFleet(Boolean(user));

  // The URL changed (back button, a link): the form follows.
  const [draftKey, setDraftKey] = useState(key);
  if (draftKey !== key) {
    setDraftKey(key);
    setDraft(toDraft(query));
  }

  const results = useInfiniteQuery(listingQueries.browse(query));

  const apply = (next: Draft) => {
    const cleaned = Object.fromEntries(
      Object.entries(next)
        .map(([k, v]) => [k, v.trim()])
        .filter(([, v]) => v),
    );
    setParams(new URLSearchParams(cleaned));
  };
  const set = (name: keyof Draft, value: string, immediate = false) => {
    const next = { ...draft, [name]: value };
    setDraft(next);
    if (immediate) apply(next);
  };
  const clear = () => {
    setDraft(toDraft({}));
    setParams(new URLSearchParams());
  };

  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const count = results.data?.pages[0]?.count;
  const didYouMean = results.data?.pages[0]?.didYouMean;
  const hasFilters = FILTER_KEYS.some((k) => k !== 'sort' && query[k] !== undefined);

  return (
    <>
      <PageMeta
        title={t('browse.meta.title')}
        description={t('browse.meta.description')}
        path={paths.browse.href()}
      />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <h1 className="text-3xl font-bold text-slate-900">{t('browse.title')}</h1>

        <form
          role="search"
          className="mt-6 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
          onSubmit={(event) => {
            event.preventDefault();
            apply(draft);
          }}
        >
          <div className="flex gap-2">
            <label htmlFor="browse-search" className="sr-only">
              {t('browse.searchLabel')}
            </label>
            <input
              id="browse-search"
              type="search"
              className={inputClass}
              placeholder={t('browse.searchPlaceholder')}
              value={draft.search}
              maxLength={100}
              onChange={(event) => set('search', event.target.value)}
            />
            <Button type="submit" size="lg">
              {t('browse.apply')}
            </Button>
            <Button
              variant="secondary"
              size="lg"
              className="md:hidden"
              aria-expanded={filtersOpen}
              aria-controls="browse-filters"
              onClick={() => setFiltersOpen((open) => !open)}
            >
              <SlidersHorizontal aria-hidden className="size-4" />
              <span className="sr-only">{t('browse.filters')}</span>
            </Button>
          </div>
          <div
            id="browse-filters"
            className={`${filtersOpen ? 'grid' : 'hidden'} mt-4 gap-3 sm:grid-cols-2 md:grid md:grid-cols-4`}
          >
            <FilterSelect
              label={t('browse.category')}
              value={draft.category}
              onChange={(v) => set('category', v, true)}
            >
              <option value="">{t('browse.anyCategory')}</option>
              {CATEGORIES.map((c) => (
                <option key={c} value={c}>
                  {t(`catalog.categories.${c}`, { ns: 'common' })}
                </option>
              ))}
            </FilterSelect>
            <FilterSelect label={t('browse.make')} value={draft.make} onChange={(v) => set('make', v, true)}>
              <option value="">{t('browse.anyMake')}</option>
              {MAKES.map((m) => (
                <option key={m} value={m}>
                  {m === 'Other' ? t('catalog.categories.other', { ns: 'common' }) : m}
                </option>
              ))}
            </FilterSelect>
            <FilterInput
              label={t('browse.model')}
              value={draft.model}
              onChange={(v) => set('model', v)}
              placeholder={t('browse.modelPlaceholder')}
            />
            <FilterInput
              label={t('browse.year')}
              value={draft.year}
              onChange={(v) => set('year', v.replace(/\D/g, '').slice(0, 4))}
              placeholder={t('browse.yearPlaceholder')}
              inputMode="numeric"
            />
            <FilterInput
              label={t('browse.minPrice')}
              value={draft.minPrice}
              onChange={(v) => set('minPrice', v)}
              inputMode="decimal"
            />
            <FilterInput
              label={t('browse.maxPrice')}
              value={draft.maxPrice}
              onChange={(v) => set('maxPrice', v)}
              inputMode="decimal"
            />
            <FilterSelect
              label={t('browse.condition')}
              value={draft.condition}
              onChange={(v) => set('condition', v, true)}
            >
              <option value="">{t('browse.anyCondition')}</option>
              {CONDITIONS.map((c) => (
                <option key={c} value={c}>
                  {t(`conditions.${c}`)}
                </option>
              ))}
            </FilterSelect>
            {user && fleet.data?.length ? (
              <FilterSelect
                label={t('fits.filter')}
                value={draft.fits}
                onChange={(v) => set('fits', v, true)}
              >
                <option value="">{t('fits.all')}</option>
                <option value="any">{t('fits.any')}</option>
                {fleet.data.map((vehicle) => (
                  <option key={vehicle.id} value={vehicle.id}>
                    {vehicleLabel(vehicle)}
                  </option>
                ))}
              </FilterSelect>
            ) : null}
            <FilterSelect label={t('browse.sort')} value={draft.sort} onChange={(v) => set('sort', v, true)}>
              {/* "Best match" is the default order of a search; without words, newest first is. */}
              {SORTS.filter((s) => query.search || s !== 'best').map((s) => (
                <option key={s} value={s === (query.search ? 'best' : 'newest') ? '' : s}>
                  {t(`browse.sorts.${s}`)}
                </option>
              ))}
            </FilterSelect>
          </div>
        </form>

        <div className="mt-6 flex min-h-10 flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-slate-700" role="status" aria-live="polite">
            {didYouMean ? (
              <span className="mr-3">
                {t('browse.didYouMean')}{' '}
                <button
                  type="button"
                  className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                  onClick={() => set('search', didYouMean, true)}
                >
                  {didYouMean}
                </button>
              </span>
            ) : null}
            {count
              ? count.more
                ? t('browse.countMore', { formatted: formatNumber(count.value, language) })
                : t('browse.count', { count: count.value, formatted: formatNumber(count.value, language) })
              : null}
          </p>
          <div className="flex flex-wrap items-center gap-2">
            {user ? (
              <SaveSearchButton
                query={query}
                suggestedName={[query.search, query.make, query.model, query.year]
                  .filter((part) => part !== undefined && part !== '')
                  .join(' ')}
              />
            ) : null}
            {hasFilters ? (
              <Button variant="ghost" size="sm" onClick={clear}>
                {t('browse.clear')}
              </Button>
            ) : null}
          </div>
        </div>

        <div className="mt-2">
          {results.isPending ? (
            <ListingGrid>
              {Array.from({ length: 8 }, (_, i) => (
                <ListingCardSkeleton key={i} />
              ))}
            </ListingGrid>
          ) : results.isError ? (
            <QueryError query={results} />
          ) : items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
              <h2 className="mt-4 text-lg font-semibold text-slate-900">{t('browse.noResults')}</h2>
              <p className="mt-1 text-slate-600">{t('browse.noResultsBody')}</p>
              {hasFilters ? (
                <Button className="mt-6" onClick={clear}>
                  {t('browse.clear')}
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <ListingGrid>
                {items.map((listing, index) => (
                  <ListingCard key={listing.id} listing={listing} eager={index < 4} />
                ))}
              </ListingGrid>
              {results.hasNextPage ? (
                <div className="mt-8 text-center">
                  <Button
                    variant="secondary"
                    size="lg"
                    disabled={results.isFetchingNextPage}
                    onClick={() => void results.fetchNextPage()}
                  >
                    {results.isFetchingNextPage ? t('browse.loading') : t('browse.loadMore')}
                  </Button>
                </div>
              ) : null}
            </>
          )}
        </div>
      </div>
    </>
  );
}

function FilterSelect({
  label,
  value,
  onChange,
  children,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: React.ReactNode;
}) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      <select className={inputClass} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </select>
    </label>
  );
}

function FilterInput({
  label,
  value,
  onChange,
  placeholder,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  inputMode?: 'numeric' | 'decimal';
}) {
  return (
    <label className="block text-sm font-medium text-slate-800">
      <span className="mb-1 block">{label}</span>
      <input
        className={inputClass}
        value={value}
        placeholder={placeholder}
        inputMode={inputMode}
        onChange={(event) => onChange(event.target.value)}
      />
    </label>
  );
}
