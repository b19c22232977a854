import { useState } from 'react';
import { Tabs } from 'radix-ui';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { Bookmark, Heart, Search, Trash2, TrendingDown } from 'lucide-react';
import type { Favourite } from '@common/schemas/favourites';
import type { SavedSearch } from '@common/schemas/saved-searches';
import { formatDate, formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { QueryError } from '@client/components/ui/query-error';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { inputClass } from '@client/components/ui/field';
import { Skeleton } from '@client/components/ui/skeleton';
import { ListingPhoto } from '@client/features/photos';
import { FavouriteButton } from './favourite-button';
import { queryKeys } from '@client/lib/query-keys';
import { markSearchOpened, savedQueries, useDeleteSearch, useSetFavourite, useSetSearchAlerts } from './api';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { WaitingInput } from '@client/components/ui/waiting';

const TABS = ['searches', 'favourites'] as const;
type Tab = (typeof TABS)[number];

/** /saved-searches: the member's saved searches and favourites, each with a search box. */
export default function Saved() {
  const { t } = useTranslation('saved');
  const [params, setParams] = useSearchParams();
  const tab: Tab = params.get('tab') === 'favourites' ? 'favourites' : 'searches';
  const [search, setSearch] = useState('');
  const term = search.trim();

  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <Tabs.Root
          value={tab}
          onValueChange={(value) =>
            setParams(value === 'favourites' ? { tab: 'favourites' } : {}, { replace: true })
          }
          className="mt-5"
        >
          <div className="flex flex-wrap items-center justify-between gap-3">
            <Tabs.List className="inline-flex rounded-xl bg-slate-100 p-1" aria-label={t('title')}>
              {TABS.map((value) => (
                <Tabs.Trigger
                  key={value}
                  value={value}
                  className="inline-flex items-center gap-2 rounded-lg px-4 py-2 text-sm font-medium text-slate-700 data-[state=active]:bg-white data-[state=active]:text-slate-900 data-[state=active]:shadow-sm"
                >
                  {value === 'searches' ? (
                    <Bookmark aria-hidden className="size-4" />
                  ) : (
                    <Heart aria-hidden className="size-4" />
                  )}
                  {t(`tabs.${value}`)}
                </Tabs.Trigger>
              ))}
            </Tabs.List>
            <div className="relative w-full sm:w-72">
              <label htmlFor="saved-search" className="sr-only">
                {t('searchLabel')}
              </label>
              <Search aria-hidden className="absolute top-3.5 left-3 size-4 text-slate-500" />
              <input
                id="saved-search"
                type="search"
                className={cn(inputClass, 'pl-9')}
                placeholder={t('searchPlaceholder')}
                value={search}
                maxLength={100}
                onChange={(event) => setSearch(event.target.value)}
              />
            </div>
          </div>
          <Tabs.Content value="searches" className="mt-5">
            <SavedSearches term={term} />
          </Tabs.Content>
          <Tabs.Content value="favourites" className="mt-5">
            <Favourites term={term} />
          </Tabs.Content>
        </Tabs.Root>
      </div>
    </>
  );
}

function Empty({ icon: Icon, title, body }: { icon: typeof Heart; title: string; body?: string }) {
  return (
    <div className="rounded-2xl border border-dashed border-slate-300 bg-white p-10 text-center">
      <Icon aria-hidden className="mx-auto size-10 text-slate-400" />
      <h2 className="mt-3 text-lg font-semibold text-slate-900">{title}</h2>
      {body ? <p className="mx-auto mt-1 max-w-md text-sm text-slate-600">{body}</p> : null}
    </div>
  );
}

function ListSkeleton() {
  return (
    <div className="space-y-3">
      {[0, 1, 2].map((n) => (
        <Skeleton key={n} className="h-24 w-full rounded-2xl!" />
      ))}
    </div>
  );
}

function SavedSearches({ term }: { term: string }) {
  const { t } = useTranslation('saved');
  const list = useQuery(savedQueries.searches(term));
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <QueryError query={list} />;
  const items = list.data;
  if (items.length === 0)
    return term ? (
      <Empty icon={Bookmark} title={t('searches.noMatches')} />
    ) : (
      <Empty icon={Bookmark} title={t('searches.empty')} body={t('searches.emptyBody')} />
    );
  return (
    <ul className="space-y-3">
      {items.map((item) => (
        <SavedSearchRow key={item.id} item={item} />
      ))}
    </ul>
  );
}

function SavedSearchRow({ item }: { item: SavedSearch }) {
  const { t } = useTranslation(['saved', 'market', 'common']);
  const labels = useCatalogLabels();
  const language = useLanguage();
  const navigate = useNavigate();
  const setSearchAlerts = useSetSearchAlerts();
  const deleteSearch = useDeleteSearch();
  const queryClient = useQueryClient();
  const [alerts, setAlerts] = useState(item.alerts);
  const summary = [
    item.query.search ? `“${item.query.search}”` : null,
    item.query.category ? labels.category(item.query.category) : null,
    item.query.make ? labels.make(item.query.make) : null,
    item.query.model ? labels.model(item.query.model) : null,
    item.query.year,
  ]
    .filter(Boolean)
    .join(' · ');

  const toggle = async () => {
    const next = !alerts;
    setAlerts(next);
    try {
      await setSearchAlerts.mutateAsync({ id: item.id, alerts: next });
      toast.success(next ? t('searches.alertsOnToast') : t('searches.alertsOffToast'));
    } catch (error) {
      setAlerts(!next);
      toast.error(t('searches.error'), { description: errorMessage(error, t) });
    }
  };
  const open = async () => {
    await markSearchOpened(item.id);
    void queryClient.invalidateQueries({ queryKey: queryKeys.saved.all });
    void navigate(paths.browse.href(item.query));
  };
  const remove = async () => {
    try {
      await deleteSearch.mutateAsync(item.id);
      toast.success(t('searches.deleted'));
    } catch (error) {
      toast.error(t('searches.error'), { description: errorMessage(error, t) });
    }
  };

  return (
    <li className="flex flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center">
      <div className="min-w-0 flex-1">
        <div className="flex flex-wrap items-center gap-2">
          <h2 className="font-semibold text-slate-900">{item.name}</h2>
          {item.newResults ? (
            <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-bold text-white">
              {t('searches.new', { count: item.newResults })}
            </span>
          ) : null}
        </div>
        <p className="mt-0.5 truncate text-sm text-slate-700">{summary || t('searches.anyQuery')}</p>
        <p className="mt-1 text-xs text-slate-500">
          {[
            t('searches.filters', { count: item.filterCount }),
            item.results.more
              ? t('searches.resultsMore', { formatted: formatNumber(item.results.value, language) })
              : t('searches.results', {
                  count: item.results.value,
                  formatted: formatNumber(item.results.value, language),
                }),
            t('searches.saved', { date: formatDate(new Date(item.createdAt), language) }),
          ].join(' · ')}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <label className="flex items-center gap-2 text-sm text-slate-700">
          <WaitingInput
            type="checkbox"
            role="switch"
            className="size-4 accent-brand-600"
            checked={alerts}
            aria-label={t('searches.alertsOn', { name: item.name })}
            onChange={() => void toggle()}
          />
          {t('searches.alerts')}
        </label>
        <Button size="sm" onClick={() => void open()}>
          {t('searches.open')}
        </Button>
        <Button
          variant="ghost"
          size="sm"
          aria-label={t('searches.deleteLabel', { name: item.name })}
          onClick={() => void remove()}
        >
          <Trash2 aria-hidden className="size-4" />
          {t('searches.delete')}
        </Button>
      </div>
    </li>
  );
}

function Favourites({ term }: { term: string }) {
  const { t } = useTranslation('saved');
  const list = useQuery(savedQueries.favourites(term));
  if (list.isPending) return <ListSkeleton />;
  if (list.isError) return <QueryError query={list} />;
  const items = list.data;
  if (items.length === 0)
    return term ? (
      <Empty icon={Heart} title={t('favourites.noMatches')} />
    ) : (
      <Empty icon={Heart} title={t('favourites.empty')} body={t('favourites.emptyBody')} />
    );
  return (
    <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
      {items.map((item) => (
        <FavouriteCard key={item.id} item={item} />
      ))}
    </ul>
  );
}

function FavouriteCard({ item }: { item: Favourite }) {
  const { t } = useTranslation(['saved', 'market']);
  const labels = useCatalogLabels();
  const setFavourite = useSetFavourite();
  const listing = item.listing;

  const removeGone = () =>
    setFavourite.mutate(
      { id: item.id, saved: false },
      {
        onSuccess: () => toast.success(t('favourites.removed')),
        onError: (error) => toast.error(errorMessage(error, t)),
      },
    );

  return (
    <li className="relative flex flex-col overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className={cn('relative', item.available ? '' : 'opacity-60 grayscale')}>
        <ListingPhoto
          photo={listing?.photo ?? null}
          alt={item.title}
          sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw"
          className="aspect-[4/3] w-full"
          emptyLabel={t('market:card.noPhoto')}
        />
      </div>
      {item.available ? null : (
        <span className="absolute top-3 left-3 rounded-full bg-slate-900 px-3 py-1 text-xs font-bold text-white">
          {t('favourites.unavailable')}
        </span>
      )}
      <div className="absolute top-2 right-2">
        {listing ? (
          <FavouriteButton listingId={listing.id} saved />
        ) : (
          <Button
            variant="secondary"
            size="icon"
            className="rounded-full!"
            aria-label={t('favourites.remove')}
            onClick={() => void removeGone()}
          >
            <Trash2 aria-hidden className="size-4" />
          </Button>
        )}
      </div>
      <div className="flex flex-1 flex-col gap-1 p-4">
        {listing ? (
          <Link
            to={paths.listing.href(listing.id)}
            className="line-clamp-2 font-semibold text-slate-900 hover:text-brand-700"
          >
            {item.title}
          </Link>
        ) : (
          <p className="line-clamp-2 font-semibold text-slate-900">{item.title}</p>
        )}
        {listing ? (
          <p className="text-sm text-slate-600">
            {labels.make(listing.make)} · {labels.model(listing.model)}
          </p>
        ) : null}
        <div className="mt-auto flex flex-wrap items-end gap-2 pt-3">
          {listing ? (
            <span className="text-lg font-bold text-slate-900">{formatPrice(listing.priceCents)}</span>
          ) : null}
          {item.priceDrop && item.available ? (
            <span className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800 ring-1 ring-emerald-200">
              <TrendingDown aria-hidden className="size-3.5" />
              {t('favourites.priceDrop')}
              <span className="font-normal">
                {t('favourites.priceDropFrom', { price: formatPrice(item.priceDrop.fromCents) })}
              </span>
            </span>
          ) : null}
        </div>
      </div>
    </li>
  );
}
