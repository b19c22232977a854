import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { ExternalLink, KeyRound, MapPin, MessageSquare, Package } from 'lucide-react';
import { formatDate, formatDateTime } from '@common/i18n/format';
import { paths } from '@common/routes';
import { HandOverSchema, ShipOrderSchema, type Order } from '@common/schemas/orders';
import { ApiClientError } from '@client/lib/api';
import { errorMessage } from '@client/lib/error-message';
import { showServerErrors, useSchemaForm } from '@client/lib/form';
import { useErrorText } from '@client/lib/form-errors';
import { toast } from '@client/lib/toast';
import { useLanguage } from '@client/lib/use-language';
import { PageMeta } from '@client/components/layout/page-meta';
import { Button } from '@client/components/ui/button';
import { Alert, TextField } from '@client/components/ui/field';
import { Modal } from '@client/components/ui/modal';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { orderQueries, useHandOver, useOrderStep, usePayAgain, useShipOrder, type OrderStep } from './api';
import { AmountsTable, DemoNote, HeldBadge, StatusBadge } from './order-ui';

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

      <div className="mt-6 grid gap-6 md:grid-cols-2">
        <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
          <h2 className="font-semibold text-slate-900">{t('amounts.receipt')}</h2>
          <AmountsTable amounts={order} seller={seller || order.role === 'moderator'} />
          <div className="mt-3 space-y-2 text-sm text-slate-700">
            <HeldBadge held={order.held} />
            {seller ? (
              <p>
                {order.payout === 'pending'
                  ? order.held
                    ? t('payout.pending')
                    : t('payout.pendingShip')
                  : t(`payout.${order.payout}`)}
              </p>
            ) : null}
            {order.releasesAt ? (
              <p>{t('order.releasesAt', { date: formatDate(order.releasesAt, language, 'long') })}</p>
            ) : null}
            {order.status === 'cancelled' && order.timeline.some((event) => event.kind === 'paid') ? (
              <p>{order.refunded ? t('order.refunded') : t('order.refundPending')}</p>
            ) : null}
          </div>
        </section>

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
              {t('order.tracking', { carrier: order.carrier ?? '', number: order.trackingNumber })}
              {order.trackingUrl ? (
                <>
                  {' '}
                  <a
                    href={order.trackingUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="inline-flex items-center gap-1 text-brand-700 underline-offset-4 hover:underline"
                  >
                    {t('order.trackIt')}
                    <ExternalLink aria-hidden className="size-3.5" />
                  </a>
                </>
              ) : null}
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

/** The buttons and small forms of the steps the member may take now. */
function OrderActions({ order }: { order: Order }) {
  const { t } = useTranslation(['orders', 'errors']);
  const stepper = useOrderStep(order.id);
  const pay = usePayAgain(order.id);
  const [cancelling, setCancelling] = useState(false);
  const can = Object.fromEntries(order.actions.map((action) => [action, true])) as Partial<
    Record<Order['actions'][number], true>
  >;
  if (!order.actions.length) return null;

  const run = async (name: OrderStep) => {
    try {
      await stepper.mutateAsync(name);
      toast.success(t('actions.done'));
    } catch (error) {
      toast.error(t('actions.failed'), { description: errorMessage(error, t) });
    }
  };

  return (
    <section className="mt-6 space-y-4 rounded-xl border border-slate-200 bg-white p-4 shadow-sm">
      {can.ship ? <ShipForm orderId={order.id} /> : null}
      {can.hand_over ? <HandOverForm orderId={order.id} /> : null}
      <div className="flex flex-wrap gap-3">
        {can.pay ? (
          <Button
            disabled={pay.isPending}
            onClick={() =>
              void pay
                .mutateAsync()
                .then((answer) => {
                  if (answer.url) window.location.assign(answer.url);
                })
                .catch((error: unknown) =>
                  toast.error(t('actions.failed'), { description: errorMessage(error, t) }),
                )
            }
          >
            {t('actions.pay')}
          </Button>
        ) : null}
        {can.ready ? (
          <Button disabled={stepper.isPending} onClick={() => void run('ready')}>
            {t('actions.ready')}
          </Button>
        ) : null}
        {can.mark_delivered ? (
          <Button variant="secondary" disabled={stepper.isPending} onClick={() => void run('delivered')}>
            {t('actions.mark_delivered')}
          </Button>
        ) : null}
        {can.confirm_receipt ? (
          <Button disabled={stepper.isPending} onClick={() => void run('confirm')}>
            {t('actions.confirm_receipt')}
          </Button>
        ) : null}
        {can.cancel ? (
          <Button variant="ghost" disabled={stepper.isPending} onClick={() => setCancelling(true)}>
            {t('actions.cancel')}
          </Button>
        ) : null}
      </div>
      <Modal
        open={cancelling}
        onOpenChange={setCancelling}
        title={t('cancel.title')}
        description={t('cancel.body')}
      >
        <Button variant="secondary" onClick={() => setCancelling(false)}>
          {t('cancel.keep')}
        </Button>
        <Button
          disabled={stepper.isPending}
          onClick={() => {
            setCancelling(false);
            void run('cancel');
          }}
        >
          {t('cancel.confirm')}
        </Button>
      </Modal>
    </section>
  );
}

function ShipForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const ship = useShipOrder(orderId);
  const form = useSchemaForm(ShipOrderSchema, { defaultValues: { carrier: '', trackingNumber: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await ship.mutateAsync(input);
      toast.success(t('actions.done'));
    } catch (error) {
      if (error instanceof ApiClientError && error.code === 'TRACKING_INVALID')
        form.setError(
          'trackingNumber',
          { type: 'server', message: errorMessage(error, t) },
          { shouldFocus: true },
        );
      else {
        showServerErrors(form, error);
        toast.error(t('actions.failed'), { description: errorMessage(error, t) });
      }
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_2fr_auto] sm:items-start"
    >
      <TextField
        label={t('ship.carrier')}
        autoComplete="off"
        error={message(errors.carrier?.message)}
        {...form.register('carrier')}
      />
      <TextField
        label={t('ship.tracking')}
        autoComplete="off"
        hint={t('ship.trackingHelp')}
        error={
          errors.trackingNumber?.type === 'server'
            ? errors.trackingNumber.message
            : message(errors.trackingNumber?.message)
        }
        {...form.register('trackingNumber')}
      />
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {t('actions.ship')}
      </Button>
    </form>
  );
}

function HandOverForm({ orderId }: { orderId: string }) {
  const { t } = useTranslation(['orders', 'errors']);
  const message = useErrorText();
  const handOver = useHandOver(orderId);
  const form = useSchemaForm(HandOverSchema, { defaultValues: { code: '' } });
  const { errors, isSubmitting } = form.formState;
  const submit = form.handleSubmit(async (input) => {
    try {
      await handOver.mutateAsync(input);
      toast.success(t('actions.done'));
    } catch (error) {
      form.setError('code', { type: 'server', message: errorMessage(error, t) }, { shouldFocus: true });
    }
  });
  return (
    <form
      onSubmit={(event) => void submit(event)}
      noValidate
      className="grid gap-3 sm:grid-cols-[1fr_auto] sm:items-start"
    >
      <TextField
        label={t('handOver.code')}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        hint={t('handOver.help')}
        error={errors.code?.type === 'server' ? errors.code.message : message(errors.code?.message)}
        {...form.register('code')}
      />
      <Button type="submit" className="sm:mt-7" disabled={isSubmitting}>
        {t('actions.hand_over')}
      </Button>
    </form>
  );
}
