import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { PackageSearch, Plus, SearchX } from 'lucide-react';
import type { WantedQuery } from '@common/schemas/wanted';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { LoadMore } from '@client/components/ui/load-more';
import { QueryError } from '@client/components/ui/query-error';
import { Tab, TabList, TabPanel, Tabs } from '@client/components/ui/tabs';
import { queryString } from '@client/lib/query-keys';
import type { Prefetch } from '@client/lib/prefetch';
import { useSession } from '@client/features/session';
import { wantedQueries } from './api';
import { wantedFilterCount, wantedQueryFromParams } from './query';
import { EmptyState } from './wanted-bits';
import { WantedCard, WantedCardSkeleton, WantedList } from './wanted-card';
import { WantedFilters } from './wanted-filters';

/** The first page of the list in the address, rendered with the page (a member's own posts are not). */
export const prefetch: Prefetch = async (queryClient, { url }) => {
  const query = wantedQueryFromParams(url.searchParams);
  if (!query.mine) await queryClient.prefetchInfiniteQuery(wantedQueries.browse(query));
};

type ListTab = 'all' | 'mine';

/**
 * /parts-wanted: the parts members are hunting for, newest first, with a search and browse's filters
 * in the address; for a member, a second tab with their own posts in every state. Anyone may browse;
 * posting and answering are for members (a visitor signs in first).
 */
export default function WantedPage() {
  const { t } = useTranslation(['wanted', 'market']);
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const query = wantedQueryFromParams(params);
  const tab: ListTab = query.mine && user ? 'mine' : 'all';
  // A visitor with a link to "My wanted posts" sees everyone's.
  const filters = query.mine ? {} : query;
  /** Everyone's open posts: the filters and the list. */
  const everyone = (
    <>
      <WantedFilters
        query={filters}
        queryKey={queryString(filters)}
        onApply={(next) => {
          const params = new URLSearchParams(next);
          setParams(params, { preventScrollReset: true });
          return queryString(wantedQueryFromParams(params));
        }}
      />
      <Posts query={filters} onClear={() => setParams(new URLSearchParams())} />
    </>
  );
  const postHref = user
    ? paths.partsWantedNew.href()
    : paths.auth.href({ mode: 'signin', redirect: paths.partsWantedNew.href() });

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} path={paths.partsWanted.href()} />
      <div className="mx-auto max-w-7xl px-4 py-6 sm:px-6 sm:py-8">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div className="min-w-0">
            <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{t('list.title')}</h1>
            <p className="mt-1 max-w-2xl text-slate-600">{t('list.subtitle')}</p>
          </div>
          <Button asChild size="lg" className="max-sm:w-full">
            <Link to={postHref}>
              <Plus aria-hidden className="size-4" />
              {t('list.post')}
            </Link>
          </Button>
        </div>

        {user ? (
          <Tabs
            value={tab}
            onValueChange={(value) => setParams(value === 'mine' ? { mine: '1' } : {}, { replace: true })}
            className="mt-6"
          >
            <TabList aria-label={t('list.tabsLabel')} look="underline">
              <Tab value="all" look="underline" className="px-3! sm:px-4!">
                {t('list.tabs.all')}
              </Tab>
              <Tab value="mine" look="underline" className="px-3! sm:px-4!">
                {t('list.tabs.mine')}
              </Tab>
            </TabList>
            <TabPanel value="all" className="mt-5">
              {everyone}
            </TabPanel>
            <TabPanel value="mine" className="mt-5">
              <Posts query={{ mine: '1' }} mine />
            </TabPanel>
          </Tabs>
        ) : (
          <div className="mt-6">{everyone}</div>
        )}
      </div>
    </>
  );
}

/** A page of posts at a time, with Load more; an empty list says why and what to do. */
function Posts({
  query,
  mine,
  onClear,
}: {
  query: Partial<WantedQuery>;
  mine?: boolean;
  onClear?: () => void;
}) {
  const { t } = useTranslation(['wanted', 'market']);
  const results = useInfiniteQuery(wantedQueries.browse(query));
  const items = results.data?.pages.flatMap((page) => page.items) ?? [];
  const filtered = wantedFilterCount(query) > 0;

  return (
    <section aria-labelledby="wanted-results" className={mine ? '' : 'mt-5'}>
      {/* The cards' titles are h3s: their section is named for screen readers, below the page's h1. */}
      <h2 id="wanted-results" className="sr-only">
        {mine ? t('list.tabs.mine') : t('list.resultsHeading')}
      </h2>
      {results.isPending ? (
        <WantedList>
          {Array.from({ length: 6 }, (_, i) => (
            <WantedCardSkeleton key={i} />
          ))}
        </WantedList>
      ) : results.isError ? (
        <QueryError query={results} />
      ) : items.length === 0 ? (
        mine ? (
          <EmptyState icon={PackageSearch} title={t('list.mineEmpty')} body={t('list.mineEmptyBody')}>
            <Button asChild>
              <Link to={paths.partsWantedNew.href()}>{t('list.post')}</Link>
            </Button>
          </EmptyState>
        ) : filtered ? (
          <EmptyState icon={SearchX} title={t('list.noMatches')} body={t('list.noMatchesBody')}>
            <Button onClick={onClear}>{t('browse.clear', { ns: 'market' })}</Button>
          </EmptyState>
        ) : (
          <EmptyState icon={PackageSearch} title={t('list.empty')} body={t('list.emptyBody')} />
        )
      ) : (
        <>
          <WantedList>
            {items.map((post) => (
              <WantedCard key={post.id} post={post} mine={mine} />
            ))}
          </WantedList>
          <LoadMore
            query={results}
            className="mt-8"
            label={t('list.loadMore')}
            loadingLabel={t('list.loading')}
          />
        </>
      )}
    </section>
  );
}
