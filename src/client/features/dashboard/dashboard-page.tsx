import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { DollarSign, MessageSquare, Package, PackageCheck, Plus, Tag } from 'lucide-react';
import { PLAN_DETAILS } from '@common/catalog';
import { formatDate, formatNumber, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { QueryError } from '@client/components/ui/query-error';
import { Tab, TabList, TabPanel, Tabs } from '@client/components/ui/tabs';
import { useSession } from '@client/features/session';
import { useListingStatus } from '@client/features/listings';
import { dashboardQueries } from './api';
import { AnalyticsSection } from './analytics-section';
import { MyListingRow } from './my-listing-row';
import { PayoutsCard, ReferralEarningsCard } from '@client/features/orders';

const DASHBOARD_TABS = ['listings', 'messages', 'analytics'] as const;

/** /dashboard: the seller's listings, stats, quota and latest messages. */
export default function DashboardPage() {
  const { t } = useTranslation('market');
  const { user, isLoading } = useSession();

  if (!isLoading && !user) {
    return (
      <div className="mx-auto max-w-md px-4 py-16 text-center">
        <PageMeta title={t('dashboard.meta.title')} noIndex />
        <h1 className="text-2xl font-bold text-slate-900">{t('dashboard.signIn')}</h1>
        <p className="mt-2 text-slate-600">{t('dashboard.signInBody')}</p>
        <Button asChild size="lg" className="mt-6">
          <Link to={paths.auth.href({ mode: 'signin', redirect: paths.dashboard.href() })}>
            {t('dashboard.signInButton')}
          </Link>
        </Button>
      </div>
    );
  }
  return <SellerDashboard />;
}

function SellerDashboard() {
  const { t } = useTranslation(['market', 'common']);
  const language = useLanguage();
  const status = useListingStatus();
  const data = useQuery(dashboardQueries.mine());
  const d = data.data;
  const { user } = useSession();
  // The plan line is the member's plan and its limit, known from the session: it is written whole at
  // once and only its count waits, so it wraps (or lets New listing beside it) as it will with the
  // figures, whatever the language and the screen's width.
  const plan = d?.plan ?? user?.plan;
  const limit = plan ? PLAN_DETAILS[plan].activeListings : null;
  const active = d ? formatNumber(d.quota.active, language) : '–';

  // The cards' frames, icons and labels do not wait for the figures: the page keeps its layout as they
  // arrive, so nothing below (Connect payouts) moves from under a press.
  const stats = [
    { label: t('dashboard.stats.total'), value: d && formatNumber(d.stats.total, language), icon: Package },
    { label: t('dashboard.stats.active'), value: d && formatNumber(d.stats.active, language), icon: Tag },
    {
      label: t('dashboard.stats.sold'),
      value: d && formatNumber(d.stats.sold, language),
      icon: PackageCheck,
    },
    { label: t('dashboard.stats.value'), value: d && formatPrice(d.stats.totalValueCents), icon: DollarSign },
  ];

  return (
    <>
      <PageMeta title={t('dashboard.meta.title')} noIndex />
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-bold text-slate-900">{t('dashboard.title')}</h1>
            {plan ? (
              <p className="mt-1 text-slate-600" aria-busy={!d}>
                {t('dashboard.plan', { plan: t(`catalog.plans.${plan}`, { ns: 'common' }) })} ·{' '}
                {limit === null
                  ? t('dashboard.quotaUnlimited', { active })
                  : t('dashboard.quota', { active, limit })}{' '}
                {limit !== null ? (
                  <Link to={paths.upgrade.href()} className="font-medium text-brand-700 hover:underline">
                    {t('dashboard.upgrade')}
                  </Link>
                ) : null}
              </p>
            ) : (
              // The line's height while the session is on its way: it does not push the page down.
              <Skeleton className="mt-1 h-6 w-64 max-w-full" />
            )}
          </div>
          <Button asChild>
            <Link to={paths.create.href()}>
              <Plus aria-hidden className="size-4" />
              {t('dashboard.newListing')}
            </Link>
          </Button>
        </div>

        <div className="mt-6 grid grid-cols-2 gap-4 lg:grid-cols-4">
          {stats.map((stat) => (
            <div key={stat.label} className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm">
              <stat.icon aria-hidden className="size-5 text-brand-600" />
              {stat.value ? (
                <p className="mt-3 text-2xl font-bold text-slate-900">{stat.value}</p>
              ) : (
                // The figure's line, text-2xl: 2rem high.
                <Skeleton className="mt-3 h-8 w-16" />
              )}
              <p className="text-sm text-slate-600">{stat.label}</p>
            </div>
          ))}
        </div>

        <div className="mt-6 grid gap-4 lg:grid-cols-2">
          <PayoutsCard />
          <ReferralEarningsCard />
        </div>

        {data.isError ? (
          <QueryError query={data} className="mt-8" />
        ) : (
          <Tabs defaultValue="listings" className="mt-8">
            <TabList aria-label={t('dashboard.title')} look="underline">
              {DASHBOARD_TABS.map((id) => (
                // Each name on one line: a phone has room for the three in every language, not for wide padding.
                <Tab key={id} value={id} look="underline" className="px-3! whitespace-nowrap sm:px-4!">
                  {id === 'analytics' ? t('analytics.tab') : t(`dashboard.tabs.${id}`)}
                </Tab>
              ))}
            </TabList>
            {!d ? (
              <div className="mt-4 space-y-3">
                {Array.from({ length: 3 }, (_, i) => (
                  <Skeleton key={i} className="h-24" />
                ))}
              </div>
            ) : (
              <>
                <TabPanel value="listings" className="mt-4">
                  {d.listings.length === 0 ? (
                    <div className="rounded-xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center">
                      <p className="font-medium text-slate-900">{t('dashboard.empty')}</p>
                      <Button asChild className="mt-4">
                        <Link to={paths.create.href()}>{t('dashboard.emptyAction')}</Link>
                      </Button>
                    </div>
                  ) : (
                    <ul className="space-y-3">
                      {d.listings.map((listing) => (
                        <MyListingRow key={listing.id} listing={listing} status={status} />
                      ))}
                    </ul>
                  )}
                </TabPanel>
                <TabPanel value="messages" className="mt-4">
                  <section>
                    <h2 className="text-lg font-semibold text-slate-900">{t('dashboard.recentMessages')}</h2>
                    {d.recentMessages.length === 0 ? (
                      <p className="mt-4 rounded-xl border border-dashed border-slate-300 bg-white px-6 py-10 text-center text-slate-600">
                        {t('dashboard.noMessages')}
                      </p>
                    ) : (
                      <ul className="mt-4 space-y-3">
                        {d.recentMessages.map((m) => (
                          <li
                            key={m.id}
                            className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
                          >
                            <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
                              <span className="flex items-center gap-1.5 font-semibold text-slate-900">
                                <MessageSquare aria-hidden className="size-4 text-brand-600" />
                                {m.senderName ?? t('listing.anonymous')}
                              </span>
                              <time dateTime={m.createdAt} className="text-slate-600">
                                {formatDate(m.createdAt, language)}
                              </time>
                            </div>
                            <Link
                              to={paths.conversation.href(m.conversationId)}
                              className="mt-2 block text-slate-800 hover:underline"
                            >
                              {m.content}
                            </Link>
                            {m.listingId ? (
                              <Link
                                to={paths.listing.href(m.listingId)}
                                className="mt-1 inline-block text-sm text-brand-700 hover:underline"
                              >
                                {t('dashboard.about', { title: m.listingTitle })}
                              </Link>
                            ) : (
                              <p className="mt-1 text-sm text-slate-600">
                                {t('dashboard.about', { title: m.listingTitle })} ·{' '}
                                {t('listing.noLongerAvailable')}
                              </p>
                            )}
                          </li>
                        ))}
                      </ul>
                    )}
                  </section>
                </TabPanel>
                <TabPanel value="analytics" className="mt-4">
                  <AnalyticsSection />
                </TabPanel>
              </>
            )}
          </Tabs>
        )}
      </div>
    </>
  );
}
