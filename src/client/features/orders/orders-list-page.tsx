import { useInfiniteQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PackageOpen } from 'lucide-react';
import { formatDate, formatPrice } from '@common/i18n/format';
import { paths } from '@common/routes';
import type { OrderSummary } from '@common/schemas/orders';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { LoadMore } from '@client/components/ui/load-more';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { ListingPhoto } from '@client/features/photos';
import { orderQueries } from './api';
import { StatusBadge } from './order-ui';

/** /pending-sales: the member's open orders, as seller and as buyer, each with its next step and who acts. */
export function PendingSalesPage() {
  return <OrdersList status="open" />;
}

/** /history: completed, cancelled and refunded orders, both sides, each opening its receipt. */
export function HistoryPage() {
  return <OrdersList status="closed" />;
}

function OrdersList({ status }: { status: 'open' | 'closed' }) {
  const { t } = useTranslation(['orders', 'errors']);
  const list = useInfiniteQuery(orderQueries.list(status));
  const open = status === 'open';
  const title = open ? t('lists.pendingTitle') : t('lists.historyTitle');
  const items = list.data?.pages.flatMap((page) => page.items) ?? [];
  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta title={title} path={open ? paths.pendingSales.href() : paths.history.href()} />
      <h1 className="text-2xl font-bold text-slate-900 sm:text-3xl">{title}</h1>
      <p className="mt-1 text-slate-600">{open ? t('lists.pendingIntro') : t('lists.historyIntro')}</p>
      <div className="mt-6">
        {list.isError && !list.data ? (
          <QueryError query={list} />
        ) : !list.data ? (
          <div className="space-y-3" role="status">
            {Array.from({ length: 3 }, (_, i) => (
              <Skeleton key={i} className="h-24 w-full" />
            ))}
          </div>
        ) : items.length === 0 ? (
          <div className="flex flex-col items-center rounded-xl border border-dashed border-slate-300 px-4 py-12 text-center">
            <PackageOpen aria-hidden className="size-10 text-slate-400" />
            <p className="mt-3 text-slate-700">{open ? t('lists.pendingEmpty') : t('lists.historyEmpty')}</p>
            <Button asChild variant="secondary" className="mt-4">
              <Link to={paths.browse.href()}>{t('lists.browse')}</Link>
            </Button>
          </div>
        ) : (
          <ul className="space-y-3">
            {items.map((item) => (
              <OrderRow key={item.id} item={item} />
            ))}
          </ul>
        )}
        <LoadMore query={list} className="mt-4" />
      </div>
    </div>
  );
}

function OrderRow({ item }: { item: OrderSummary }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const seller = item.role === 'seller';
  const name = item.otherName ?? t('lists.someone');
  const mine = item.nextStep && item.nextStep.by === item.role;
  return (
    <li>
      <Link
        to={paths.order.href(item.id)}
        className="flex gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm transition-colors hover:border-brand-300 focus-visible:outline-2 focus-visible:outline-brand-600"
      >
        <ListingPhoto
          photo={item.photo}
          alt=""
          sizes="80px"
          emptyLabel={item.listingTitle}
          className="size-20 shrink-0 rounded-lg object-cover"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <span className="truncate font-semibold text-slate-900">{item.listingTitle}</span>
            <StatusBadge status={item.status} />
          </div>
          <p className="text-sm text-slate-600">
            {seller ? t('lists.sold', { name }) : t('lists.bought', { name })} ·{' '}
            {formatDate(item.updatedAt, language)}
          </p>
          {item.nextStep ? (
            <p className={mine ? 'mt-1 text-sm font-medium text-brand-800' : 'mt-1 text-sm text-slate-600'}>
              {t(`next.${mine ? 'you' : 'them'}.${item.nextStep.action}`)}
            </p>
          ) : null}
        </div>
        <div className="text-right text-sm">
          <p className="font-semibold text-slate-900 tabular-nums">
            {formatPrice(seller ? item.payoutCents : item.totalCents, { cents: true })}
          </p>
          {seller ? <p className="text-xs text-slate-500">{t('amounts.payout')}</p> : null}
        </div>
      </Link>
    </li>
  );
}
