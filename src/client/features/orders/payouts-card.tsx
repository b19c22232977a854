import { useEffect } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { Banknote, CircleCheck } from 'lucide-react';
import { formatPercent } from '@common/i18n/format';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Skeleton } from '@client/components/ui/skeleton';
import { orderQueries, useConnectPayouts } from './api';
import { DemoNote } from './order-ui';

/** The dashboard's payouts: connect (Stripe's onboarding, or at once in demo mode), the seller level and fee. */
export function PayoutsCard() {
  const { t } = useTranslation(['orders', 'errors']);
  const language = useLanguage();
  const payouts = useQuery(orderQueries.payouts);
  const connect = useConnectPayouts();
  const [search, setSearch] = useSearchParams();
  const back = search.get('payouts');
  // Back from Stripe's onboarding: ask again where the account stands.
  useEffect(() => {
    if (!back) return;
    void payouts.refetch();
    setSearch(
      (params) => {
        params.delete('payouts');
        return params;
      },
      { replace: true },
    );
  }, [back, payouts, setSearch]);

  if (!payouts.data) return <Skeleton className="h-32" />;
  const p = payouts.data;
  const start = async () => {
    try {
      const { url } = await connect.mutateAsync();
      if (url) window.location.assign(url);
      else toast.success(t('payouts.connected'));
    } catch (error) {
      toast.error(t('payouts.failed'), { description: errorMessage(error, t) });
    }
  };
  return (
    <section
      aria-labelledby="payouts-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-start justify-between gap-4">
        {/* At least 16rem beside the buttons, else the buttons go below: on a phone they squeezed the
            text to a word a line and covered the title. */}
        <div className="min-w-0 grow basis-64">
          <h2 id="payouts-title" className="flex items-center gap-2 font-semibold text-slate-900">
            <Banknote aria-hidden className="size-5 text-brand-600" />
            {t('payouts.title')}
          </h2>
          <p className="mt-1 text-sm text-slate-700">
            {p.mode === 'off'
              ? t('payouts.off')
              : p.state === 'ready'
                ? t('payouts.ready')
                : p.state === 'pending'
                  ? t('payouts.pending')
                  : t('payouts.notConnected')}
          </p>
          <p className="mt-2 text-sm text-slate-700">
            <strong>{t('payouts.level', { level: t(`levels.${p.level}`) })}</strong>{' '}
            {t('payouts.fee', { rate: formatPercent(p.feeBasisPoints / 10_000, language) })}{' '}
            {p.nextLevel
              ? t('payouts.next', {
                  count: p.nextLevel.at - p.completedSales,
                  level: t(`levels.${p.nextLevel.level}`),
                })
              : t('payouts.top')}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {p.mode !== 'off' && p.state !== 'ready' ? (
            <Button disabled={connect.isPending} onClick={() => void start()}>
              {p.state === 'pending' ? t('payouts.continue') : t('payouts.connect')}
            </Button>
          ) : null}
          {p.state === 'ready' ? (
            <span className="inline-flex items-center gap-1.5 text-sm font-medium text-emerald-700">
              <CircleCheck aria-hidden className="size-4" />
              {t('payouts.connected')}
            </span>
          ) : null}
          <Button asChild variant="secondary">
            <Link to={paths.pendingSales.href()}>{t('lists.pendingTitle')}</Link>
          </Button>
        </div>
      </div>
      {p.mode === 'demo' ? <DemoNote className="mt-3" /> : null}
    </section>
  );
}
