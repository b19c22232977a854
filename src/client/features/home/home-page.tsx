import { Suspense, useId, useRef, useState } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import {
  Award,
  BadgeCheck,
  BellRing,
  CarFront,
  Handshake,
  MessageSquare,
  MessagesSquare,
  RotateCw,
  Search,
  ShieldCheck,
  Sparkles,
  Truck,
  Wrench,
} from 'lucide-react';
import { paths } from '@common/routes';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { useSession } from '@client/features/session';
import { FinishSetupCard } from '@client/features/onboarding';
import { listingQueries } from '@client/features/listings';
import { QueryError } from '@client/components/ui/query-error';
import { ListingCard, ListingCardSkeleton } from '@client/features/listings';
import type { ListingCard as ListingCardData } from '@common/schemas/listings';
import { PlanTable } from '@client/features/plans';
import type { Prefetch } from '@client/lib/prefetch';
import { WaitingInput } from '@client/components/ui/waiting';
import { cn } from '@client/lib/cn';
import { feeFigures } from '@client/lib/fee-figures';
import { useLanguage } from '@client/lib/use-language';
import { useTypingPlaceholder } from './typing-placeholder';

/**
 * What the marketplace does today, and nothing it does not (docs/product.md §6.10): checkout, escrow by
 * plan, returns within 7 days and the fit guarantee, disputes decided by the moderators (card disputes
 * by the bank), referral commissions and the fees as docs/payments.md describes them, with the figures
 * read from `@common/fees`. Its icons load with the framework (FIRST_ICONS in vite.config.ts): a new
 * one goes on that list.
 */
const FEATURES = [
  { key: 'curated', icon: Wrench },
  { key: 'fitment', icon: CarFront },
  { key: 'messaging', icon: MessagesSquare },
  { key: 'alerts', icon: BellRing },
  { key: 'verified', icon: BadgeCheck },
  { key: 'delivery', icon: Truck },
  { key: 'checkout', icon: Handshake },
  { key: 'held', icon: ShieldCheck },
  { key: 'returns', icon: RotateCw },
  { key: 'disputes', icon: MessageSquare },
  { key: 'referrals', icon: Sparkles },
  { key: 'fees', icon: Award },
] as const;

export const LATEST_COUNT = 3;

/** The newest parts, rendered with the page. */
export const prefetch: Prefetch = (queryClient) =>
  queryClient.prefetchQuery(listingQueries.latest(LATEST_COUNT));

/**
 * A row of listing cards under a heading: skeletons while loading, the error with Retry, or a line
 * when there are none.
 */
function Shelf({
  title,
  intro,
  link,
  query,
  empty,
  className,
}: {
  className?: string;
  title: string;
  intro?: string;
  link: { to: string; label: string };
  query: UseQueryResult<{ items: ListingCardData[] }>;
  empty: React.ReactNode;
}) {
  const id = useId();
  return (
    <section aria-labelledby={id} className={cn('mx-auto max-w-7xl px-4 py-14 sm:px-6', className)}>
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h2 id={id} className="text-2xl font-bold text-slate-900">
            {title}
          </h2>
          {intro ? <p className="mt-1 text-slate-600">{intro}</p> : null}
        </div>
        <Link to={link.to} className="font-semibold text-brand-700 hover:underline">
          {link.label}
        </Link>
      </div>
      {query.isError ? (
        <QueryError query={query} className="mt-6" />
      ) : (
        <div className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {query.data
            ? query.data.items.map((listing) => <ListingCard key={listing.id} listing={listing} />)
            : Array.from({ length: LATEST_COUNT }, (_, i) => <ListingCardSkeleton key={i} />)}
        </div>
      )}
      {query.data && query.data.items.length === 0 ? (
        <div className="mt-6 text-slate-600">{empty}</div>
      ) : null}
    </section>
  );
}

/** For a member: the newest listings in the makes and categories they chose, or an invitation to choose. */
function ForYou() {
  const { t } = useTranslation('home');
  const forYou = useQuery(listingQueries.forYou(LATEST_COUNT));
  const preferences = { to: `${paths.settings.href()}#profile`, label: t('forYou.edit') };
  if (forYou.data && !forYou.data.preferences)
    return (
      <section className="mx-auto max-w-7xl px-4 pb-14 sm:px-6">
        <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center">
          <h2 className="text-xl font-semibold text-slate-900">{t('forYou.title')}</h2>
          <p className="mx-auto mt-2 max-w-xl text-slate-600">{t('forYou.choose')}</p>
          <Button asChild className="mt-5">
            <Link to={preferences.to}>{t('forYou.chooseButton')}</Link>
          </Button>
        </div>
      </section>
    );
  return (
    <Shelf
      // Right under Latest, as its pair.
      className="pt-0"
      title={t('forYou.title')}
      intro={t('forYou.intro')}
      link={preferences}
      query={forYou}
      empty={t('forYou.empty')}
    />
  );
}

export default function HomePage() {
  const { t } = useTranslation(['home', 'market']);
  const { user } = useSession();
  const language = useLanguage();
  const fees = feeFigures(language).values;
  const latest = useQuery({
    ...listingQueries.latest(LATEST_COUNT),
  });
  const sellTo = user
    ? paths.create.href()
    : paths.auth.href({ mode: 'signin', redirect: paths.create.href() });

  return (
    <>
      <PageMeta title={t('meta.title')} description={t('meta.description')} path={paths.home.href()} />
      <section className="bg-gradient-to-b from-slate-900 to-slate-800 text-white">
        <div className="mx-auto max-w-7xl px-4 py-16 sm:px-6 md:py-24">
          <p className="text-sm font-semibold tracking-wide text-brand-500 uppercase">{t('hero.eyebrow')}</p>
          <h1 className="mt-3 max-w-3xl text-4xl font-extrabold tracking-tight md:text-6xl">
            {t('hero.title')}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-slate-300">{t('hero.subtitle')}</p>
          <HeroSearch />
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary">
              <Link to={paths.browse.href()}>{t('hero.browse')}</Link>
            </Button>
            <Button asChild size="lg" variant="onDark" className="ring-1 ring-white/30">
              <Link to={sellTo}>{t('hero.sell')}</Link>
            </Button>
          </div>
        </div>
      </section>

      {user && !user.onboardingCompleted ? (
        <Suspense fallback={null}>
          <FinishSetupCard />
        </Suspense>
      ) : null}
      <Shelf
        title={user ? t('latest.signedIn') : t('latest.signedOut')}
        link={{ to: paths.browse.href(), label: t('latest.viewAll') }}
        query={latest}
        empty={t('market:browse.noResults')}
      />
      {user ? <ForYou /> : null}

      <section className="bg-white py-14">
        <div className="mx-auto max-w-7xl px-4 sm:px-6">
          <h2 className="text-2xl font-bold text-slate-900">{t('features.title')}</h2>
          <div className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ key, icon: Icon }) => (
              <div key={key} className="rounded-xl border border-slate-200 p-6">
                <Icon aria-hidden className="size-7 text-brand-600" />
                <h3 className="mt-4 font-semibold text-slate-900">{t(`features.${key}.title`)}</h3>
                <p className="mt-2 text-slate-600">{t(`features.${key}.body`, fees)}</p>
              </div>
            ))}
          </div>
        </div>
      </section>

      <section className="mx-auto max-w-7xl px-4 py-14 sm:px-6">
        <h2 className="text-2xl font-bold text-slate-900">{t('plans.title')}</h2>
        <p className="mt-2 text-slate-600">{t('plans.subtitle')}</p>
        <PlanTable className="mt-6" />
      </section>

      <section className="bg-brand-700 text-white">
        <div className="mx-auto flex max-w-7xl flex-col items-start gap-4 px-4 py-12 sm:px-6 md:flex-row md:items-center md:justify-between">
          <div>
            <h2 className="text-2xl font-bold">{t('cta.title')}</h2>
            <p className="mt-1 text-white/90">{t('cta.body')}</p>
          </div>
          <Button asChild size="lg" variant="secondary">
            <Link to={sellTo}>{t('cta.button')}</Link>
          </Button>
        </div>
      </section>
    </>
  );
}

/** The hero's search: what is typed renders the form alone, not the whole page. */
function HeroSearch() {
  const { t } = useTranslation('home');
  const navigate = useNavigate();
  const [search, setSearch] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);
  const placeholder = useTypingPlaceholder(searchBox, [
    t('search.phrase1'),
    t('search.phrase2'),
    t('search.phrase3'),
  ]);
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const text = search.trim();
    if (!text) return;
    setSearch('');
    void navigate(`/browse?search=${encodeURIComponent(text)}`);
  };
  return (
    <form role="search" onSubmit={submit} className="mt-8 flex max-w-2xl gap-2">
      <label htmlFor="hero-search" className="sr-only">
        {t('search.label')}
      </label>
      <div className="relative flex-1">
        <Search aria-hidden className="absolute top-1/2 left-3 size-5 -translate-y-1/2 text-slate-500" />
        <WaitingInput
          ref={searchBox}
          id="hero-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={placeholder}
          maxLength={100}
          className="h-12 w-full rounded-lg border-0 bg-white pr-3 pl-10 text-base text-slate-900 placeholder:text-slate-500 focus:outline-2 focus:outline-brand-500"
        />
      </div>
      <Button type="submit" size="lg">
        {t('search.button')}
      </Button>
    </form>
  );
}
