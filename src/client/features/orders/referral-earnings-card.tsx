import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { HandCoins } from 'lucide-react';
import { formatDate } from '@common/i18n/format';
import { paths } from '@common/routes';
import type { ReferralEarning } from '@common/schemas/referrals';
import { cn } from '@client/lib/cn';
import { useLanguage } from '@client/lib/use-language';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { orderQueries } from './api';
import { money } from './order-ui';

/** The latest earnings the card lists. */
const LATEST = 5;

const STATE_TONES: Record<ReferralEarning['state'], string> = {
  pending: 'bg-sky-50 text-sky-900',
  owed: 'bg-amber-50 text-amber-900',
  due: 'bg-sky-50 text-sky-900',
  paid: 'bg-emerald-50 text-emerald-800',
  void: 'bg-slate-100 text-slate-700',
};

/**
 * The dashboard's referral earnings, beside the payouts: paid, owed until payouts are connected, and
 * pending until the orders complete, with the latest orders the member's links brought.
 */
export function ReferralEarningsCard() {
  const { t } = useTranslation(['orders', 'errors']);
  const earnings = useQuery(orderQueries.referrals);
  const payouts = useQuery(orderQueries.payouts);
  if (earnings.isError) return <QueryError query={earnings} />;
  if (!earnings.data) return <Skeleton className="h-32" />;
  const e = earnings.data;
  const ready = payouts.data?.state === 'ready';
  const totals = [
    { key: 'paid', cents: e.paidCents, note: null },
    {
      key: 'owed',
      cents: e.owedCents,
      note: e.owedCents > 0 ? (ready ? t('referrals.owedSending') : t('referrals.owedConnect')) : null,
    },
    { key: 'pending', cents: e.pendingCents, note: e.pendingCents > 0 ? t('referrals.pendingNote') : null },
  ] as const;
  return (
    <section
      aria-labelledby="referrals-title"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="referrals-title" className="flex items-center gap-2 font-semibold text-slate-900">
        <HandCoins aria-hidden className="size-5 text-brand-600" />
        {t('referrals.title')}
      </h2>
      <dl className="mt-3 grid grid-cols-3 gap-3">
        {totals.map((total) => (
          <div key={total.key} className="min-w-0">
            <dt className="text-sm text-slate-600">{t(`referrals.${total.key}`)}</dt>
            <dd className="text-lg font-bold text-slate-900 tabular-nums">{money(total.cents)}</dd>
            {total.note ? (
              <dd
                className={cn(
                  'text-xs',
                  total.key === 'owed' && !ready ? 'font-medium text-amber-800' : 'text-slate-600',
                )}
              >
                {total.note}
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
      {e.items.length ? (
        <EarningsList items={e.items.slice(0, LATEST)} />
      ) : (
        <p className="mt-4 rounded-lg border border-dashed border-slate-300 px-4 py-5 text-center text-sm text-slate-600">
          {t('referrals.empty')}
        </p>
      )}
    </section>
  );
}

/** The latest orders the member's links brought: the listing, what it earns, and where that stands. */
function EarningsList({ items }: { items: ReferralEarning[] }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  return (
    <div className="mt-4">
      <h3 className="text-sm font-medium text-slate-800">{t('referrals.latest')}</h3>
      <ul className="mt-2 divide-y divide-slate-100 text-sm">
        {items.map((item) => (
          <li key={item.orderId} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
            <span className="min-w-0 flex-1">
              {item.listingId ? (
                <Link
                  to={paths.listing.href(item.listingId)}
                  className="font-medium break-words text-slate-900 hover:text-brand-700 hover:underline"
                >
                  {item.listingTitle}
                </Link>
              ) : (
                <span className="font-medium break-words text-slate-900">{item.listingTitle}</span>
              )}
              <span className="block text-xs text-slate-600">{formatDate(item.updatedAt, language)}</span>
            </span>
            <span className="flex items-center gap-2">
              <span className={cn('rounded-full px-2 py-0.5 text-xs font-semibold', STATE_TONES[item.state])}>
                {t(`referrals.state.${item.state}`)}
              </span>
              <span
                className={cn(
                  'font-semibold tabular-nums',
                  item.state === 'void' ? 'text-slate-500 line-through' : 'text-slate-900',
                )}
              >
                {money(item.amountCents)}
              </span>
            </span>
          </li>
        ))}
      </ul>
    </div>
  );
}
