import { useState } from 'react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { placeLabel } from '@common/schemas/places';
import { useSearchParams } from 'react-router';
import { Search, SearchX, SlidersHorizontal } from 'lucide-react';
import { DEFAULT_RADIUS_MILES } from '@common/schemas/browse';
import { browseQueryFromParams, filterCount } from '@common/schemas/browse';
import { formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { Sheet, preloadSheet } from '@client/components/ui/sheet';
import { QueryError } from '@client/components/ui/query-error';
import { LoadMore } from '@client/components/ui/load-more';
import { cn } from '@client/lib/cn';
import { WaitingButton, WaitingInput } from '@client/components/ui/waiting';
import { useLanguage } from '@client/lib/use-language';
import { queryString } from '@client/lib/query-keys';
import type { Prefetch } from '@client/lib/prefetch';
import { useSession } from '@client/features/session';
import { useFleet } from '@client/features/fleet';
import { profileQuery } from '@client/features/onboarding';
import { ApiClientError } from '@client/lib/api';
import { SaveSearchButton } from '@client/features/saved';
import { listingQueries } from './api';
import { ListingCard, ListingCardSkeleton, ListingGrid } from './listing-card';
import {
  ActiveFilterChips,
  FilterFields,
  pricesConflict,
  draftParams,
  useFilterDraft,
  type Draft,
  type FilterKey,
  type NearDefaults,
} from './browse-filters';

/** The first page of the search in the address, rendered with the page. */
export const prefetch: Prefetch = (queryClient, { url }) =>
  queryClient.prefetchInfiniteQuery(listingQueries.browse(browseQueryFromParams(url.searchParams)));

/** /browse: every filter lives in the URL, so back, reload and a shared link restore the search. */
export default function BrowsePage() {
  const { t } = useTranslation(['market', 'common']);
  const labels = useCatalogLabels();
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const query = browseQueryFromParams(params);
  const key = queryString(query);
  const [sheetOpen, setSheetOpen] = useState(false);
  const { user } = useSession();
  const fleet = useFleet(Boolean(user)).data;
  const profile = useQuery({ ...profileQuery(), enabled: Boolean(user) }).data;
  const near: NearDefaults = {
    zip: profile?.zip?.match(/^\d{5}/)?.[0] ?? null,
    // A link with a ZIP code and no distance is searched within the server's default.
    radius: query.near ? DEFAULT_RADIUS_MILES : (profile?.radiusMiles ?? DEFAULT_RADIUS_MILES),
  };
  const place = useQuery({ ...listingQueries.place(query.near ?? ''), enabled: Boolean(query.near) });

  const apply = (next: Draft) => {
    const cleaned = draftParams(next);
    // A distance goes with a ZIP code: the one the form shows, or none.
    if (cleaned.near) cleaned.radius ??= String(near.radius);
    else delete cleaned.radius;
    const address = new URLSearchParams(cleaned);
    setParams(address, { preventScrollReset: true });
    return queryString(browseQueryFromParams(address));
  };
  const filters = useFilterDraft(query, key, apply);
  const remove = (keys: FilterKey[]) => {
    const next = new URLSearchParams(params);
    keys.forEach((name) => next.delete(name));
    setParams(next, { preventScrollReset: true });
  };
  const clear = () => setParams(new URLSearchParams());

  const results = useInfiniteQuery(listingQueries.browse(query));
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const count = results.data?.pages[0]?.count;
  const didYouMean = results.data?.pages[0]?.didYouMean;
  const active = filterCount(query);
  /** A ZIP code nobody knows: said on its field and in place of the results. */
  const nearError = results.error instanceof ApiClientError ? results.error.fields.near : undefined;
  /** The filter fields, in the form on wide screens and in the sheet on phones. */
  const fieldProps = { filters, fleet, near, nearError };
  const hasFilters = active > 0 || query.search !== undefined;
  const conflict = pricesConflict(query);
  const countText = count
    ? count.more
      ? t('browse.countMore', { formatted: formatNumber(count.value, language) })
      : t('browse.count', { count: count.value, formatted: formatNumber(count.value, language) })
    : null;

  return (
    <>
      <PageMeta
        title={t('browse.meta.title')}
        description={t('browse.meta.description')}
        path={paths.browse.href()}
      />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('browse.title')}</h1>

        <form
          role="search"
          className="mt-4 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:mt-6 sm:p-4"
          onSubmit={(event) => {
            event.preventDefault();
            filters.submit();
          }}
        >
          <div className="flex gap-2">
            <label htmlFor="browse-search" className="sr-only">
              {t('browse.searchLabel')}
            </label>
            <WaitingInput
              id="browse-search"
              type="search"
              className={cn(inputClass, 'min-w-0 flex-1')}
              placeholder={t('browse.searchPlaceholder')}
              value={filters.draft.search}
              maxLength={100}
              enterKeyHint="search"
              onChange={(event) => filters.type('search', event.target.value)}
            />
            <Button type="submit" size="lg" className="shrink-0 max-sm:px-3 sm:px-5">
              <Search aria-hidden className="size-4" />
              <span className="sr-only sm:not-sr-only">{t('browse.apply')}</span>
            </Button>
          </div>
          {sheetOpen ? null : <FilterFields {...fieldProps} className="mt-4 hidden md:grid md:grid-cols-4" />}
        </form>

        <div className="mt-4 flex flex-wrap items-center gap-2 md:hidden">
          <Button
            variant="secondary"
            onClick={() => setSheetOpen(true)}
            onPointerDown={preloadSheet}
            aria-haspopup="dialog"
          >
            <SlidersHorizontal aria-hidden className="size-4" />
            {active ? t('browse.filtersActive', { count: active }) : t('browse.filters')}
          </Button>
        </div>
        <Sheet
          className="w-full! max-w-md!"
          open={sheetOpen}
          onOpenChange={setSheetOpen}
          title={t('browse.filters')}
          closeLabel={t('browse.closeFilters')}
          footer={
            <>
              <Button variant="ghost" disabled={!hasFilters} onClick={clear}>
                {t('browse.clear')}
              </Button>
              <Button
                className="flex-1"
                disabled={results.isFetching}
                onClick={() => {
                  // What was typed last is searched now, not after the sheet has closed.
                  filters.submit();
                  setSheetOpen(false);
                }}
              >
                {count
                  ? count.more
                    ? t('browse.showResultsMore', { formatted: formatNumber(count.value, language) })
                    : t('browse.showResults', {
                        count: count.value,
                        formatted: formatNumber(count.value, language),
                      })
                  : t('browse.showResults', { count: 0, formatted: formatNumber(0, language) })}
              </Button>
            </>
          }
        >
          <FilterFields {...fieldProps} className="grid grid-cols-2 p-4 [&>*:nth-child(-n+2)]:col-span-2" />
        </Sheet>

        <div className="mt-4 space-y-3">
          <ActiveFilterChips
            query={query}
            fleet={fleet}
            nearPlace={place.data ? placeLabel(place.data) : undefined}
            onRemove={remove}
          />
          <div className="flex min-h-10 flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-slate-700" role="status" aria-live="polite">
              {didYouMean ? (
                <span className="mr-3">
                  {t('browse.didYouMean')}{' '}
                  <WaitingButton
                    className="font-medium text-brand-700 underline underline-offset-2 hover:text-brand-800"
                    onClick={() =>
                      setParams(new URLSearchParams({ ...Object.fromEntries(params), search: didYouMean }))
                    }
                  >
                    {didYouMean}
                  </WaitingButton>
                </span>
              ) : null}
              {countText}
            </p>
            <div className="flex flex-wrap items-center gap-2">
              {user ? (
                <SaveSearchButton
                  query={query}
                  suggestedName={[
                    query.search,
                    query.make && labels.make(query.make),
                    query.model && labels.model(query.model),
                    query.year,
                  ]
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
        </div>

        <div className="mt-2">
          {/* The cards' titles are h3s: their section is named for screen readers, below the page's h1. */}
          <h2 className="sr-only">{t('browse.resultsHeading')}</h2>
          {results.isPending ? (
            <ListingGrid>
              {Array.from({ length: 8 }, (_, i) => (
                <ListingCardSkeleton key={i} />
              ))}
            </ListingGrid>
          ) : results.isError && !nearError ? (
            <QueryError query={results} />
          ) : items.length === 0 ? (
            <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-16 text-center">
              <SearchX aria-hidden className="mx-auto size-10 text-slate-400" />
              <h2 className="mt-4 text-lg font-semibold text-slate-900">
                {conflict ? t('browse.priceConflictTitle') : t('browse.noResults')}
              </h2>
              <p className="mt-1 text-slate-600">
                {conflict
                  ? t('browse.priceConflictBody', {
                      min: formatPrice(query.minPriceCents ?? 0),
                      max: formatPrice(query.maxPriceCents ?? 0),
                    })
                  : (nearError ?? t('browse.noResultsBody'))}
              </p>
              {conflict ? (
                <Button
                  className="mt-6"
                  onClick={() =>
                    setParams(
                      new URLSearchParams({
                        ...Object.fromEntries(params),
                        minPriceCents: String(query.maxPriceCents),
                        maxPriceCents: String(query.minPriceCents),
                      }),
                    )
                  }
                >
                  {t('browse.swapPrices')}
                </Button>
              ) : hasFilters ? (
                <Button className="mt-6" onClick={clear}>
                  {t('browse.clear')}
                </Button>
              ) : null}
            </div>
          ) : (
            <>
              <ListingGrid>
                {items.map((listing, index) => (
                  <ListingCard key={listing.id} listing={listing} eager={index < 2} />
                ))}
              </ListingGrid>
              <LoadMore
                query={results}
                className="mt-8"
                label={t('browse.loadMore')}
                loadingLabel={t('browse.loading')}
              />
            </>
          )}
        </div>
      </div>
    </>
  );
}
