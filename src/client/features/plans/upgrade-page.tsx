import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from '@client/lib/toast';
import { CreditCard, Info, TriangleAlert } from 'lucide-react';
import { PLANS, PLAN_DETAILS, type Plan } from '@common/catalog';
import { formatDate, formatNumber, formatPrice } from '@common/i18n/format';
import { errorMessage } from '@client/lib/error-message';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { useCatalogLabels } from '@client/lib/use-catalog-labels';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert, ProgressBar } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { Skeleton } from '@client/components/ui/skeleton';
import { QueryError } from '@client/components/ui/query-error';
import { PlanTable } from './plan-table';
import { planQueries, useBillingPortal, useChangePlan } from './api';

/** /upgrade: the three plans, the member's plan and what they use of it, and the way to change it. */
export default function Upgrade() {
  const { t } = useTranslation(['billing', 'home']);
  const language = useLanguage();
  const [params, setParams] = useSearchParams();
  const [confirming, setConfirming] = useState<Plan | null>(null);
  const billing = useQuery(planQueries.billing());
  const changePlan = useChangePlan();
  const portal = useBillingPortal();
  const busy = changePlan.isPending ? changePlan.variables : null;
  const { plan: name } = useCatalogLabels();

  // Back from Stripe Checkout: say how it went, once.
  const checkout = params.get('checkout');
  useEffect(() => {
    if (checkout !== 'success' && checkout !== 'cancelled') return;
    if (checkout === 'success') toast.success(t('checkoutSuccess'));
    else toast.info(t('checkoutCancelled'));
    setParams({}, { replace: true });
  }, [checkout, setParams, t]);

  const change = async (plan: Plan) => {
    setConfirming(null);
    try {
      const result = await changePlan.mutateAsync(plan);
      if (result.status === 'redirect') {
        toast.info(t('redirecting'));
        window.location.assign(result.url);
        return;
      }
      if (result.status === 'changed')
        toast.success(t('changed', { plan: name(result.plan) }), {
          description: result.mode === 'demo' ? t('changedDemo') : undefined,
        });
      else if (result.status === 'scheduled')
        toast.info(
          result.at
            ? t('scheduled', { date: formatDate(result.at, language, 'long') })
            : t('scheduledNoDate'),
        );
      else toast.info(t('pending'));
    } catch (error) {
      toast.error(t('error'), { description: errorMessage(error, t) });
    }
  };

  const openPortal = async () => {
    try {
      window.location.assign((await portal.mutateAsync()).url);
    } catch (error) {
      toast.error(t('portalError'), { description: errorMessage(error, t) });
    }
  };

  const data = billing.data;
  const current = data?.plan;
  const planAction = (plan: Plan) =>
    plan === current ? (
      <span className="inline-block rounded-full bg-slate-900 px-3 py-1.5 text-xs font-semibold text-white">
        {t('currentPlan')}
      </span>
    ) : data?.mode === 'off' ? null : (
      <Button
        size="sm"
        variant={current && PLANS.indexOf(plan) > PLANS.indexOf(current) ? 'primary' : 'secondary'}
        disabled={!current || busy !== null}
        onClick={() => request(plan)}
      >
        {current && PLANS.indexOf(plan) > PLANS.indexOf(current)
          ? t('upgrade', { plan: name(plan) })
          : t('downgrade', { plan: name(plan) })}
      </Button>
    );
  const request = (plan: Plan) => {
    const limit = PLAN_DETAILS[plan].activeListings;
    if (data && limit !== null && data.usage.activeListings > limit) setConfirming(plan);
    else if (current && PLANS.indexOf(plan) < PLANS.indexOf(current)) setConfirming(plan);
    else void change(plan);
  };

  return (
    <>
      <PageMeta title={t('meta.title')} noIndex />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        <h1 className="text-2xl font-bold text-slate-900">{t('title')}</h1>
        <p className="mt-1 text-slate-600">{t('subtitle')}</p>

        {data?.mode === 'demo' || data?.mode === 'off' ? (
          <Alert tone="info" className="mt-5">
            <span className="flex gap-2">
              <Info aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>{t(`${data.mode}.title`)}</strong> {t(`${data.mode}.body`)}
              </span>
            </span>
          </Alert>
        ) : null}

        {data?.graceUntil ? (
          <Alert tone="error" className="mt-5">
            <span className="flex gap-2">
              <TriangleAlert aria-hidden className="mt-0.5 size-4 shrink-0" />
              <span>
                <strong>{t('grace.title')}</strong>{' '}
                {t('grace.body', {
                  plan: name(data.plan),
                  date: formatDate(data.graceUntil, language, 'long'),
                })}
              </span>
            </span>
          </Alert>
        ) : null}

        {data?.portal ? (
          <div className="mt-5">
            <Button variant="secondary" disabled={portal.isPending} onClick={() => void openPortal()}>
              <CreditCard aria-hidden className="size-4" />
              {t('portal')}
            </Button>
          </div>
        ) : null}

        {data ? (
          <section
            aria-labelledby="usage-title"
            className="mt-6 grid gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-3"
          >
            <div>
              <h2 id="usage-title" className="text-sm font-medium text-slate-600">
                {t('usage.title')}
              </h2>
              <p className="mt-1 text-xl font-bold text-slate-900">
                {t('current', { plan: name(data.plan) })}
              </p>
            </div>
            <Usage
              used={data.usage.activeListings}
              limit={data.usage.activeListingsLimit}
              label={(used, limit) =>
                limit === null
                  ? t('usage.listingsUnlimited', { used: formatNumber(used, language) })
                  : t('usage.listings', {
                      used: formatNumber(used, language),
                      limit: formatNumber(limit, language),
                    })
              }
            />
            <Usage
              used={data.usage.conversationsThisMonth}
              limit={data.usage.conversationsLimit}
              label={(used, limit) =>
                limit === null
                  ? t('usage.conversationsUnlimited', { used: formatNumber(used, language) })
                  : t('usage.conversations', {
                      used: formatNumber(used, language),
                      limit: formatNumber(limit, language),
                    })
              }
            />
          </section>
        ) : billing.isError ? (
          <QueryError query={billing} className="mt-6" />
        ) : (
          <Skeleton className="mt-6 h-28 w-full rounded-2xl!" />
        )}

        {/* Phones: one card per plan with its button; the full comparison follows. */}
        <ul className="mt-6 grid gap-3 md:hidden">
          {PLANS.map((plan) => (
            <li
              key={plan}
              className={cn(
                'rounded-2xl border bg-white p-4 shadow-sm',
                plan === current ? 'border-brand-600' : 'border-slate-200',
              )}
            >
              <div className="flex items-baseline justify-between gap-2">
                <h2 className="text-lg font-bold text-slate-900">{name(plan)}</h2>
                {plan === 'gold' ? (
                  <span className="rounded-full bg-brand-600 px-2 py-0.5 text-xs font-semibold text-white">
                    {t('plans.mostPopular', { ns: 'home' })}
                  </span>
                ) : null}
              </div>
              <p className="text-slate-700">
                {PLAN_DETAILS[plan].priceCents === 0
                  ? t('plans.free', { ns: 'home' })
                  : t('plans.perMonth', {
                      ns: 'home',
                      price: formatPrice(PLAN_DETAILS[plan].priceCents),
                    })}
              </p>
              <div className="mt-3">{planAction(plan)}</div>
            </li>
          ))}
        </ul>

        <PlanTable
          className="mt-6"
          {...(current ? { current } : {})}
          action={(plan) => <span className="hidden md:inline-flex">{planAction(plan)}</span>}
        />
      </div>
      <Modal
        open={confirming !== null}
        onOpenChange={(open) => (open ? undefined : setConfirming(null))}
        title={confirming ? t('confirmDowngrade.title', { plan: name(confirming) }) : ''}
        description={
          confirming
            ? t('confirmDowngrade.body', {
                plan: name(confirming),
                limit: formatNumber(PLAN_DETAILS[confirming].activeListings ?? 0, language),
              })
            : ''
        }
      >
        <Button variant="secondary" onClick={() => setConfirming(null)}>
          {t('confirmDowngrade.cancel')}
        </Button>
        <Button onClick={() => confirming && void change(confirming)}>{t('confirmDowngrade.confirm')}</Button>
      </Modal>
    </>
  );
}

function Usage({
  used,
  limit,
  label,
}: {
  used: number;
  limit: number | null;
  label: (used: number, limit: number | null) => string;
}) {
  const text = label(used, limit);
  return (
    <div>
      <p className="text-sm text-slate-700">{text}</p>
      {limit !== null ? (
        <div className="mt-2">
          <ProgressBar value={Math.min(100, Math.round((used / Math.max(limit, 1)) * 100))} label={text} />
        </div>
      ) : null}
    </div>
  );
}
