import { useEffect, useRef, type ReactNode } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ArrowLeft, Landmark } from 'lucide-react';
import type { z } from 'zod';
import type { Dispute, DisputeQueueItemSchema } from '@common/schemas/disputes';
import type { PhotoView } from '@common/schemas/listings';
import type { DeskDispute, Order } from '@common/schemas/orders';
import { formatDateTime, formatPrice } from '@common/i18n/format';
import { useLanguage } from '@client/lib/use-language';
import { Button } from '@client/components/ui/button';
import { Alert } from '@client/components/ui/field';
import { QueryError } from '@client/components/ui/query-error';
import { Skeleton } from '@client/components/ui/skeleton';
import { ListingPhoto } from '@client/features/photos';
import { adminQueries } from './api';
import { DisputeDecision } from './dispute-decision';

const money = (amount: number) => formatPrice(amount, { cents: true });

/** A row of the queue: the dispute opened, and who opened it. */
export type QueueItem = z.infer<typeof DisputeQueueItemSchema>;

/**
 * One dispute as the desk reads it: the order (amounts, status, both members, held or frozen, its
 * return), the timeline, what each side said with their photos, and their conversation; then the
 * decision form, or, for a card dispute, that the buyer's bank decides it.
 */
export function DisputeCase({ item, onBack }: { item: QueueItem; onBack: () => void }) {
  const { t } = useTranslation('admin');
  const dispute = useQuery(adminQueries.dispute(item.id));
  const heading = useRef<HTMLHeadingElement>(null);
  const loaded = Boolean(dispute.data);
  // Opened from the queue: the reader lands on the case's title.
  useEffect(() => {
    if (loaded) heading.current?.focus();
  }, [loaded]);
  const back = (
    <Button variant="ghost" size="sm" onClick={onBack}>
      <ArrowLeft aria-hidden className="size-4" />
      {t('disputes.back')}
    </Button>
  );
  if (dispute.isError)
    return (
      <div className="space-y-4">
        {back}
        <QueryError query={dispute} />
      </div>
    );
  if (!dispute.data)
    return (
      <div className="space-y-4" aria-busy>
        {back}
        <Skeleton className="h-8 w-2/3" />
        <Skeleton className="h-48 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
        <Skeleton className="h-32 w-full rounded-2xl" />
      </div>
    );
  const { order, messages } = dispute.data;
  // The order's dispute is the one opened from the queue (the order has one open at a time, or a
  // card dispute beside it: then the queue's row says which one this is).
  const current = order.dispute?.id === item.id ? order.dispute : null;
  return (
    <div className="space-y-6">
      {back}
      <header>
        <h2 ref={heading} tabIndex={-1} className="text-xl font-semibold wrap-anywhere text-slate-900">
          {order.listingTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{t(`disputes.openedBy.${item.openedBy}`)}</p>
      </header>
      <OrderFacts order={order} />
      {order.return ? <ReturnFacts order={order} /> : null}
      <Timeline order={order} />
      {order.dispute ? <Statements dispute={order.dispute} /> : null}
      <Messages messages={messages} />
      <Verdict item={item} dispute={current} order={order} onDecided={onBack} />
    </div>
  );
}

function Panel({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="rounded-2xl border border-slate-200 bg-white p-5">
      <h3 className="font-semibold text-slate-900">{title}</h3>
      <div className="mt-3">{children}</div>
    </section>
  );
}

/** A term and its value in a two-column list. */
function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <>
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-slate-900">{children}</dd>
    </>
  );
}

const factList = 'grid grid-cols-[auto_1fr] gap-x-4 gap-y-1.5 text-sm';

function OrderFacts({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  return (
    <Panel title={t('disputes.order.heading')}>
      <div className="grid gap-5 md:grid-cols-2">
        <dl className={factList}>
          <Fact term={t('disputes.order.status')}>{t(`disputes.statuses.${order.status}`)}</Fact>
          <Fact term={t('disputes.order.buyer')}>{order.buyer.name ?? '—'}</Fact>
          <Fact term={t('disputes.order.seller')}>{order.seller.name ?? '—'}</Fact>
          <Fact term={t('disputes.order.delivery')}>{t(`disputes.order.deliveries.${order.delivery}`)}</Fact>
          {order.trackingNumber ? (
            <Fact term={t('disputes.order.tracking')}>
              <Tracking carrier={order.carrier} number={order.trackingNumber} url={order.trackingUrl} />
            </Fact>
          ) : null}
          <Fact term={t('disputes.order.payment')}>
            {order.held ? t('disputes.order.held') : t('disputes.order.notHeld')}
          </Fact>
          <Fact term={t('disputes.order.payout')}>
            {t(`disputes.order.payouts.${order.payout}`)}
            {order.frozen ? (
              <span className="mt-0.5 block font-medium text-red-700">{t('disputes.order.frozen')}</span>
            ) : null}
          </Fact>
        </dl>
        <dl className={`${factList} tabular-nums`}>
          <Fact term={t('disputes.order.item')}>{money(order.itemCents)}</Fact>
          <Fact term={t('disputes.order.shipping')}>{money(order.shippingCents)}</Fact>
          <Fact term={t('disputes.order.total')}>
            <span className="font-semibold">{money(order.totalCents)}</span>
          </Fact>
          <Fact term={t('disputes.order.fee')}>{money(order.feeCents)}</Fact>
          <Fact term={t('disputes.order.processing')}>{money(order.processingCents)}</Fact>
          {order.referralCents ? (
            <Fact term={t('disputes.order.referral')}>{money(order.referralCents)}</Fact>
          ) : null}
          <Fact term={t('disputes.order.sellerGets')}>{money(order.payoutCents)}</Fact>
          {order.refundCents !== null ? (
            <Fact term={t('disputes.order.refunded')}>{money(order.refundCents)}</Fact>
          ) : null}
        </dl>
      </div>
    </Panel>
  );
}

function Tracking({ carrier, number, url }: { carrier: string | null; number: string; url: string | null }) {
  const text = [carrier, number].filter(Boolean).join(' ');
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className="break-all text-brand-700 underline">
      {text}
    </a>
  ) : (
    <span className="break-all">{text}</span>
  );
}

function ReturnFacts({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  const ret = order.return!;
  return (
    <Panel title={t('disputes.return.heading')}>
      <dl className={factList}>
        <Fact term={t('disputes.return.status')}>{t(`disputes.return.statuses.${ret.status}`)}</Fact>
        <Fact term={t('disputes.return.reason')}>
          {t(`disputes.return.reasons.${ret.reason}`)}
          {ret.guaranteed ? (
            <span className="mt-0.5 block text-slate-600">{t('disputes.return.guaranteed')}</span>
          ) : null}
        </Fact>
        <Fact term={t('disputes.return.asked')}>{formatDateTime(ret.createdAt, language)}</Fact>
        {ret.refusal ? <Fact term={t('disputes.return.refusal')}>{ret.refusal}</Fact> : null}
        {ret.trackingNumber ? (
          <Fact term={t('disputes.return.tracking')}>
            <Tracking carrier={ret.carrier} number={ret.trackingNumber} url={ret.trackingUrl} />
          </Fact>
        ) : null}
      </dl>
      <p className="mt-3 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">{ret.details}</p>
      <Photos photos={ret.photos} label={t('disputes.sides.buyer')} />
    </Panel>
  );
}

function Timeline({ order }: { order: Order }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <Panel title={t('disputes.timeline')}>
      <ol className="space-y-1 text-sm">
        {order.timeline.map((event, index) => (
          <li key={`${event.kind}-${index}`} className="flex flex-wrap gap-x-3">
            <time dateTime={event.at} className="text-slate-600 tabular-nums">
              {formatDateTime(event.at, language)}
            </time>
            <span className="text-slate-900">{t(`disputes.events.${event.kind}`)}</span>
          </li>
        ))}
      </ol>
    </Panel>
  );
}

function Statements({ dispute }: { dispute: Dispute }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <Panel title={t('disputes.statements')}>
      {dispute.entries.length ? (
        <ol className="space-y-4">
          {dispute.entries.map((entry, index) => {
            const side = t(`disputes.sides.${entry.side}`);
            return (
              <li key={`${entry.at}-${index}`} className="border-l-4 border-slate-200 pl-3">
                <p className="text-sm text-slate-600">
                  <span className="font-medium text-slate-900">
                    {entry.name ? `${side} · ${entry.name}` : side}
                  </span>
                  {' · '}
                  <time dateTime={entry.at}>{formatDateTime(entry.at, language)}</time>
                </p>
                <p className="mt-1 text-sm wrap-anywhere whitespace-pre-wrap text-slate-800">{entry.body}</p>
                <Photos photos={entry.photos} label={side} />
              </li>
            );
          })}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">{t('disputes.noStatements')}</p>
      )}
    </Panel>
  );
}

/** Evidence photos, each opening at full size in a new tab. */
function Photos({ photos, label }: { photos: PhotoView[]; label: string }) {
  const { t } = useTranslation('admin');
  if (!photos.length) return null;
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {photos.map((photo, index) => {
        const alt = t('disputes.photo', { side: label, number: index + 1 });
        return (
          <li key={photo.key}>
            <a href={photo.sources.at(-1)?.url} target="_blank" rel="noreferrer" className="block">
              <ListingPhoto
                photo={photo}
                alt={alt}
                sizes="96px"
                className="size-24 rounded-lg"
                emptyLabel={alt}
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function Messages({ messages }: { messages: DeskDispute['messages'] }) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  return (
    <Panel title={t('disputes.messages')}>
      {messages.length ? (
        <ol className="max-h-96 space-y-2 overflow-y-auto text-sm">
          {messages.map((message, index) => (
            <li
              key={`${message.at}-${index}`}
              className={
                message.side === 'buyer' ? 'rounded-lg bg-slate-50 p-2' : 'rounded-lg bg-brand-50 p-2'
              }
            >
              <p className="text-slate-600">
                <span className="font-medium text-slate-900">{t(`disputes.sides.${message.side}`)}</span>
                {' · '}
                <time dateTime={message.at}>{formatDateTime(message.at, language)}</time>
              </p>
              <p className="wrap-anywhere whitespace-pre-wrap text-slate-800">{message.body}</p>
            </li>
          ))}
        </ol>
      ) : (
        <p className="text-sm text-slate-600">{t('disputes.noMessages')}</p>
      )}
    </Panel>
  );
}

/**
 * What the desk can do: decide an open members' dispute; for a card dispute, nothing (the bank
 * decides); for one decided already, read the decision.
 */
function Verdict({
  item,
  dispute,
  order,
  onDecided,
}: {
  item: QueueItem;
  dispute: Dispute | null;
  order: Order;
  onDecided: () => void;
}) {
  const { t } = useTranslation('admin');
  const language = useLanguage();
  if (item.openedBy === 'card')
    return (
      <section className="rounded-2xl border border-slate-200 bg-slate-50 p-5">
        <h3 className="flex items-center gap-2 font-semibold text-slate-900">
          <Landmark aria-hidden className="size-5 text-slate-700" />
          {t('disputes.card.title')}
        </h3>
        <p className="mt-2 text-sm text-slate-700">{t('disputes.card.text')}</p>
        {dispute?.cardReason ? (
          <p className="mt-2 text-sm text-slate-700">
            {t('disputes.card.reason', {
              reason: t(`disputes.card.reasons.${dispute.cardReason}`, {
                defaultValue: dispute.cardReason.replace(/_/g, ' '),
              }),
            })}
          </p>
        ) : null}
        {dispute?.outcome ? (
          <p className="mt-2 text-sm font-medium text-slate-900">
            {t(`disputes.outcomes.${dispute.outcome}`)}
          </p>
        ) : null}
      </section>
    );
  if (dispute?.status === 'decided')
    return (
      <Alert tone="success">
        <p className="font-medium">
          {dispute.outcome
            ? t(`disputes.outcomes.${dispute.outcome}`, { amount: money(dispute.refundCents ?? 0) })
            : null}
          {dispute.decidedAt ? ` · ${formatDateTime(dispute.decidedAt, language)}` : ''}
        </p>
        {dispute.note ? <p className="mt-1 whitespace-pre-wrap">{dispute.note}</p> : null}
      </Alert>
    );
  return <DisputeDecision disputeId={item.id} totalCents={order.totalCents} onDecided={onDecided} />;
}
