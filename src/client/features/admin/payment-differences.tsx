import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDate, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import { errorMessage } from '@client/lib/error-message';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { LoadMore } from '@client/components/ui/load-more';
import { adminQueries, useResolvePayment } from './api';

const cents = (amount: number | null) => (amount === null ? '—' : formatPrice(amount, { cents: true }));

/**
 * The "Payments" tab: what the hourly reconciliation found between orders and Stripe's record, oldest
 * first, each with its order, Stripe's id and both amounts, until a moderator marks it set right.
 */
export function PaymentDifferences() {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const differences = useInfiniteQuery(adminQueries.payments());
  const resolve = useResolvePayment();
  if (differences.isError) return <QueryError query={differences} />;
  if (!differences.data) return <Skeleton className="h-40 w-full rounded-2xl" />;
  const items = differences.data.pages.flatMap((page) => page.items);
  if (!items.length)
    return (
      <p className="rounded-2xl border border-dashed border-slate-300 p-8 text-center text-slate-600">
        {t('payments.empty')}
      </p>
    );
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">{t('payments.intro')}</p>
      <ul className="space-y-3">
        {items.map((item) => (
          <li key={item.id} className="rounded-2xl border border-slate-200 bg-white p-4">
            <div className="flex flex-wrap items-start justify-between gap-3">
              <div className="min-w-0">
                <p className="font-medium text-slate-900">{t(`payments.kinds.${item.kind}`)}</p>
                <p className="mt-1 text-sm text-slate-600">
                  {item.orderId ? (
                    <Link className="text-brand-700 underline" to={paths.order.href(item.orderId)}>
                      {item.listingTitle ?? t('payments.order')}
                    </Link>
                  ) : (
                    t('payments.noOrder')
                  )}
                  {' · '}
                  {t('payments.found', { date: formatDate(item.foundAt, language) })}
                </p>
                <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
                  <dt className="text-slate-600">{t('payments.expected')}</dt>
                  <dd className="text-slate-900 tabular-nums">{cents(item.expectedCents)}</dd>
                  <dt className="text-slate-600">{t('payments.atStripe')}</dt>
                  <dd className="text-slate-900 tabular-nums">{cents(item.stripeCents)}</dd>
                  <dt className="text-slate-600">{t('payments.stripeId')}</dt>
                  <dd className="font-mono text-xs wrap-anywhere text-slate-900">{item.stripeId ?? '—'}</dd>
                </dl>
              </div>
              <Button
                variant="secondary"
                disabled={resolve.isPending}
                onClick={() =>
                  resolve.mutate(item.id, {
                    onSuccess: () => toast.success(t('payments.resolved')),
                    onError: (error) =>
                      toast.error(t('actions.error'), { description: errorMessage(error, t) }),
                  })
                }
              >
                {t('payments.resolve')}
              </Button>
            </div>
          </li>
        ))}
      </ul>
      <LoadMore query={differences} label={t('more')} />
    </div>
  );
}
