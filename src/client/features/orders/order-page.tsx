import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { KeyRound, MapPin, MessageSquare, Package, CirclePause } from 'lucide-react';
import { formatDate, formatDateTime } from '@common/i18n/format';
import { paths } from '@common/routes';
import type { Order } from '@common/schemas/orders';
import { ApiClientError } from '@client/lib/api';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Alert } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { orderQueries } from './api';
import { OrderActions } from './order-actions';
import { DisputeSection } from './order-dispute';
import { ReturnSection } from './order-return';
import { AmountsTable, DemoNote, HeldBadge, ParcelTracking, StatusBadge, money } from './order-ui';

/** /orders/{id}: where an order stands, its timeline, its money, and the step the member may take. */
export default function OrderPage() {
  const { t } = useTranslation(['orders', 'errors']);
  const { id = '' } = useParams();
  const order = useQuery(orderQueries.detail(id));
  if (order.error instanceof ApiClientError && order.error.status === 404)
    return (
      <div className="mx-auto max-w-3xl px-4 py-12 sm:px-6">
        <PageMeta title={t('checkout.title')} />
        <h1 className="sr-only">{t('order.notFound')}</h1>
        <Alert>{t('order.notFound')}</Alert>
      </div>
    );
  if (order.isError)
    return (
      <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
        <QueryError query={order} />
      </div>
    );
  if (!order.data)
    return (
      <div className="mx-auto max-w-3xl space-y-4 px-4 py-8 sm:px-6" role="status">
        <Skeleton className="h-9 w-2/3" />
        <Skeleton className="h-32 w-full" />
        <Skeleton className="h-48 w-full" />
      </div>
    );
  return <OrderView order={order.data} />;
}

function OrderView({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const language = useLanguage();
  const [search] = useSearchParams();
  const seller = order.role === 'seller';
  const other = seller ? order.buyer : order.seller;
  const party = order.role === 'moderator' ? null : order.role;
  const next = order.nextStep;
  const mine = next && party && next.by === party;

  return (
    <div className="mx-auto max-w-3xl px-4 py-8 sm:px-6">
      <PageMeta title={t('order.title', { title: order.listingTitle })} />
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-bold text-slate-900">
          {order.listingId ? (
            <Link to={paths.listing.href(order.listingId)} className="hover:underline">
              {order.listingTitle}
            </Link>
          ) : (
            order.listingTitle
          )}
        </h1>
        <StatusBadge status={order.status} />
      </div>
      <p className="mt-1 text-sm text-slate-600">
        {seller ? t('order.buyer') : t('order.seller')}: {other.name ?? t('lists.someone')}
        {seller ? null : ` · ${t(`levels.${order.seller.level}`)}`}
      </p>

      <div className="mt-4 space-y-3">
        {order.demo ? <DemoNote /> : null}
        {search.get('checkout') === 'success' && order.status !== 'awaiting_payment' ? (
          <Alert tone="success">{t('order.paid')}</Alert>
        ) : null}
        {search.get('checkout') === 'cancelled' && order.status === 'awaiting_payment' ? (
          <Alert>{t('order.checkoutCancelled')}</Alert>
        ) : null}
        {order.frozen ? (
          <p className="flex items-start gap-2 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900">
            <CirclePause aria-hidden className="mt-0.5 size-4 shrink-0" />
            {t('dispute.frozen')}
          </p>
        ) : null}
        {next ? (
          <p
            className={
              mine
                ? 'rounded-lg bg-brand-50 p-3 font-medium text-brand-900'
                : 'rounded-lg bg-slate-50 p-3 text-slate-700'
            }
          >
            {t(`next.${mine ? 'you' : 'them'}.${next.action}`)}
          </p>
        ) : null}
      </div>

      {order.handoffCode ? (
        <section
          aria-labelledby="handoff-title"
          className="mt-6 rounded-xl border-2 border-dashed border-brand-300 bg-white p-4 text-center"
        >
          <h2
            id="handoff-title"
            className="flex items-center justify-center gap-2 text-sm font-semibold text-slate-700"
          >
            <KeyRound aria-hidden className="size-4" />
            {t('order.handoffCode')}
          </h2>
          <p
            className="mt-2 font-mono text-4xl font-bold tracking-[0.3em] text-slate-900"
            aria-label={order.handoffCode.split('').join(' ')}
          >
            {order.handoffCode}
          </p>
          <p className="mt-2 text-sm text-slate-600">{t('order.handoffHelp')}</p>
        </section>
      ) : null}

      {party ? <OrderActions order={order} /> : null}
      <ReturnSection order={order} />
      <DisputeSection order={order} />

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <OrderReceipt order={order} />

        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="flex items-center gap-2 font-semibold text-slate-900">
            {order.delivery === 'ship' ? (
              <Package aria-hidden className="size-4" />
            ) : (
              <MapPin aria-hidden className="size-4" />
            )}
            {order.delivery === 'ship' ? t('order.shipTo') : t('order.pickup')}
          </h2>
          {order.address ? (
            <address className="mt-2 text-sm text-slate-700 not-italic">
              {order.address.name}
              <br />
              {order.address.line1}
              {order.address.line2 ? (
                <>
                  <br />
                  {order.address.line2}
                </>
              ) : null}
              <br />
              {order.address.city}, {order.address.state} {order.address.zip}
            </address>
          ) : null}
          {order.trackingNumber ? (
            <p className="mt-3 text-sm text-slate-700">
              <ParcelTracking
                carrier={order.carrier}
                trackingNumber={order.trackingNumber}
                trackingUrl={order.trackingUrl}
              />
            </p>
          ) : null}
          {order.conversationId && party ? (
            <Link
              to={paths.conversation.href(order.conversationId)}
              className="mt-3 inline-flex items-center gap-1.5 text-sm text-brand-700 underline-offset-4 hover:underline"
            >
              <MessageSquare aria-hidden className="size-4" />
              {t('order.conversation')}
            </Link>
          ) : null}
        </section>
      </div>

      <section className="mt-6">
        <h2 className="font-semibold text-slate-900">{t('order.timeline')}</h2>
        <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4">
          {order.timeline.map((event, index) => (
            <li key={`${event.kind}-${index}`} className="text-sm">
              <span className="font-medium text-slate-900">{t(`events.${event.kind}`)}</span>
              <span className="block text-slate-600">{formatDateTime(event.at, language)}</span>
            </li>
          ))}
        </ol>
      </section>
    </div>
  );
}

/** The receipt: the amounts, a refund, and for the seller the payout and a referral's commission. */
function OrderReceipt({ order }: { order: Order }) {
  const { t } = useTranslation('orders');
  const language = useLanguage();
  const seller = order.role === 'seller';
  const paid = order.timeline.some((event) => event.kind === 'paid');
  const referral = order.referralCents > 0 && order.referral !== 'none' && order.referral !== 'void';
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      <h2 className="font-semibold text-slate-900">{t('amounts.receipt')}</h2>
      <AmountsTable amounts={order} seller={seller || order.role === 'moderator'} />
      <div className="mt-3 space-y-2 text-sm text-slate-700">
        <HeldBadge held={order.held} />
        {referral && order.role !== 'buyer' ? (
          <p>{t('amounts.referral', { amount: money(order.referralCents) })}</p>
        ) : null}
        {seller ? (
          <p>
            {order.frozen
              ? t('dispute.frozen')
              : order.payout === 'pending'
                ? order.held
                  ? t('payout.pending')
                  : t('payout.pendingShip')
                : order.payout === 'none' && order.status === 'refunded'
                  ? t('payout.refunded')
                  : t(`payout.${order.payout}`)}
          </p>
        ) : null}
        {order.releasesAt ? (
          <p>{t('order.releasesAt', { date: formatDate(order.releasesAt, language, 'long') })}</p>
        ) : null}
        {order.refundCents !== null && order.refundCents !== order.totalCents ? (
          <p>
            {order.refunded
              ? t('order.partlyRefunded', { amount: money(order.refundCents) })
              : t('order.partialRefundPending', { amount: money(order.refundCents) })}
          </p>
        ) : (order.status === 'cancelled' && paid) || order.status === 'refunded' ? (
          <p>{order.refunded ? t('order.refunded') : t('order.refundPending')}</p>
        ) : null}
      </div>
    </section>
  );
}
