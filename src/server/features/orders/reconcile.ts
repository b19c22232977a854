import { and, asc, eq, gte, inArray, isNotNull, isNull, not, or } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { PaymentDifference, PaymentDifferenceKind } from '@common/schemas/orders';
import type { Db } from '../../db/client';
import { decodeKeyset, exactTime, after, keysetPage } from '../../db/keyset';
import { orders, paymentDifferences } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { idOf } from '../billing/stripe-events';
import { CHECKOUT_MINUTES } from './orders.service';

/** How far back each hourly run looks, at Stripe and at the orders: runs overlap, so a missed hour is caught. */
export const RECONCILE_DAYS = 3;
/** A payment Stripe took is expected on its order by then (the webhook is seconds; its retries longer). */
const SETTLE_MINUTES = CHECKOUT_MINUTES + 15;
const PAGE = 50;

type Found = {
  kind: PaymentDifferenceKind;
  orderId: string | null;
  stripeId: string | null;
  expectedCents: number | null;
  stripeCents: number | null;
};

const isMissing = (error: unknown) => (error as { statusCode?: number }).statusCode === 404;

/**
 * The hourly reconciliation (docs/payments.md, "Reconciliation"): what Stripe took, transferred and
 * refunded in the last days, set beside what ModMarket's orders record, both ways. A difference is kept
 * for the moderation desk until a moderator resolves it; a run that finds it again adds nothing. Money
 * still on its way (a payout or refund whose job has not recorded it yet) is not a difference. Demo
 * orders have nothing at Stripe and are not looked at; without Stripe it does nothing.
 */
export function reconciliation(deps: { db: Db; stripe: Stripe | null }) {
  const { db, stripe } = deps;

  async function ordersByIds(ids: string[]) {
    const valid = [...new Set(ids.filter(isUuid))];
    if (!valid.length) return new Map<string, typeof orders.$inferSelect>();
    const rows = await db.select().from(orders).where(inArray(orders.id, valid));
    return new Map(rows.map((row) => [row.id, row]));
  }

  /** Stripe's objects made since `since`, with the order their metadata names. */
  async function stripeSide(client: Stripe, since: number) {
    const created = { gte: since };
    const sessions: Stripe.Checkout.Session[] = [];
    for await (const session of client.checkout.sessions.list({ created, limit: 100 }))
      if (session.mode === 'payment' && session.metadata?.orderId) sessions.push(session);
    const transfers: Stripe.Transfer[] = [];
    for await (const transfer of client.transfers.list({ created, limit: 100 }))
      if (transfer.metadata?.orderId) transfers.push(transfer);
    const refunds: Stripe.Refund[] = [];
    for await (const refund of client.refunds.list({ created, limit: 100 }))
      if (refund.metadata?.orderId) refunds.push(refund);
    return { sessions, transfers, refunds };
  }

  async function compare(client: Stripe, now: Date): Promise<Found[]> {
    const sinceDate = new Date(now.getTime() - RECONCILE_DAYS * 86_400_000);
    const { sessions, transfers, refunds } = await stripeSide(client, Math.floor(sinceDate.getTime() / 1000));
    const known = await ordersByIds([
      ...sessions.map((s) => s.metadata!.orderId!),
      ...transfers.map((t) => t.metadata.orderId!),
      ...refunds.map((r) => r.metadata!.orderId!),
    ]);
    const found: Found[] = [];
    const settled = now.getTime() - SETTLE_MINUTES * 60_000;

    // What Stripe took, transferred and refunded, against the orders.
    for (const session of sessions) {
      if (session.payment_status !== 'paid') continue;
      const orderId = session.metadata!.orderId!;
      const order = known.get(orderId);
      const intent = idOf(session.payment_intent);
      if (!order || (order.paymentIntentId !== intent && session.created * 1000 < settled))
        found.push({
          kind: 'payment_unrecorded',
          orderId: order ? orderId : null,
          stripeId: intent ?? session.id,
          expectedCents: order?.totalCents ?? null,
          stripeCents: session.amount_total,
        });
      else if (order.paymentIntentId === intent && session.amount_total !== order.totalCents)
        found.push({
          kind: 'amount_differs',
          orderId,
          stripeId: session.id,
          expectedCents: order.totalCents,
          stripeCents: session.amount_total,
        });
    }
    for (const transfer of transfers) {
      const order = known.get(transfer.metadata.orderId!);
      // A referrer's commission is its own transfer, recorded apart from the seller's.
      const referral = transfer.metadata.kind === 'referral';
      const recordedId = referral ? order?.referralTransferId : order?.transferId;
      const onItsWay = referral ? order?.referral === 'due' : order?.payout === 'due';
      const expected = referral ? order?.referralCents : (order?.transferCents ?? order?.payoutCents);
      // A payout whose job has not recorded it yet is on its way, not a difference.
      if (recordedId !== transfer.id && !onItsWay)
        found.push({
          kind: 'payout_unrecorded',
          orderId: order?.id ?? null,
          stripeId: transfer.id,
          expectedCents: recordedId ? 0 : (expected ?? null),
          stripeCents: transfer.amount,
        });
      else if (order && recordedId === transfer.id && transfer.amount !== expected)
        found.push({
          kind: 'amount_differs',
          orderId: order.id,
          stripeId: transfer.id,
          expectedCents: expected ?? null,
          stripeCents: transfer.amount,
        });
    }
    for (const refund of refunds) {
      const order = known.get(refund.metadata!.orderId!);
      if (order?.refundId !== refund.id && order?.refund !== 'due')
        found.push({
          kind: 'refund_unrecorded',
          orderId: order?.id ?? null,
          stripeId: refund.id,
          expectedCents: order?.refund === 'refunded' ? 0 : null,
          stripeCents: refund.amount,
        });
      else if (order?.refundId === refund.id && refund.amount !== (order.refundCents ?? order.totalCents))
        found.push({
          kind: 'amount_differs',
          orderId: order.id,
          stripeId: refund.id,
          expectedCents: order.refundCents ?? order.totalCents,
          stripeCents: refund.amount,
        });
    }

    // What the orders record, against Stripe: recent payments, payouts and refunds Stripe does not have.
    const paidIntents = new Set(sessions.map((s) => idOf(s.payment_intent)));
    const transferIds = new Set(transfers.map((t) => t.id));
    const refundIds = new Set(refunds.map((r) => r.id));
    const recent = await db
      .select()
      .from(orders)
      .where(
        // Each arm is one of the two partial indexes (orders_paid_at_idx, orders_money_updated_idx).
        or(
          and(isNotNull(orders.paidAt), gte(orders.paidAt, sinceDate), not(orders.demo)),
          and(
            not(orders.demo),
            or(isNotNull(orders.transferId), isNotNull(orders.refundId)),
            gte(orders.updatedAt, sinceDate),
          ),
        ),
      );
    for (const order of recent) {
      if (order.paymentIntentId && !paidIntents.has(order.paymentIntentId)) {
        const intent = await client.paymentIntents.retrieve(order.paymentIntentId).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!intent || intent.status !== 'succeeded')
          found.push({
            kind: 'payment_missing',
            orderId: order.id,
            stripeId: order.paymentIntentId,
            expectedCents: order.totalCents,
            stripeCents: null,
          });
      }
      for (const [id, seen, kind, retrieve] of [
        [order.transferId, transferIds, 'payout_missing', (id: string) => client.transfers.retrieve(id)],
        [order.refundId, refundIds, 'refund_missing', (id: string) => client.refunds.retrieve(id)],
      ] as const) {
        // A card dispute the bank decided for the buyer is the order's refund: no Stripe refund to find.
        if (!id || seen.has(id) || (kind === 'refund_missing' && /^(dp|du)_/.test(id))) continue;
        const there = await retrieve(id).catch((error: unknown) => {
          if (isMissing(error)) return null;
          throw error;
        });
        if (!there)
          found.push({
            kind,
            orderId: order.id,
            stripeId: id,
            expectedCents:
              kind === 'payout_missing'
                ? (order.transferCents ?? order.payoutCents)
                : (order.refundCents ?? order.totalCents),
            stripeCents: null,
          });
      }
    }
    return found;
  }

  return {
    /** One run: compares, and keeps what is new for the desk. The number of new differences. */
    async run(now: Date): Promise<number> {
      if (!stripe) return 0;
      const found = await compare(stripe, now);
      if (!found.length) return 0;
      const added = await db
        .insert(paymentDifferences)
        .values(
          found.map((difference) => ({
            ...difference,
            key: `${difference.kind}:${difference.orderId ?? '-'}:${difference.stripeId ?? '-'}`,
            foundAt: now,
          })),
        )
        .onConflictDoNothing()
        .returning({ id: paymentDifferences.id });
      return added.length;
    },

    /** The desk's open differences, oldest first. */
    async open(
      cursor: string | undefined,
    ): Promise<{ items: PaymentDifference[]; nextCursor: string | null }> {
      const position = cursor ? decodeKeyset(cursor) : null;
      const rows = await db
        .select({
          difference: paymentDifferences,
          at: exactTime(paymentDifferences.foundAt),
          listingTitle: orders.listingTitle,
        })
        .from(paymentDifferences)
        .leftJoin(orders, eq(orders.id, paymentDifferences.orderId))
        .where(
          and(
            isNull(paymentDifferences.resolvedAt),
            position ? after(paymentDifferences.foundAt, paymentDifferences.id, position) : undefined,
          ),
        )
        .orderBy(asc(paymentDifferences.foundAt), asc(paymentDifferences.id))
        .limit(PAGE + 1);
      const { page, nextCursor } = keysetPage(rows, PAGE, (row) => ({ at: row.at, id: row.difference.id }));
      return {
        items: page.map(({ difference, listingTitle }) => ({
          id: difference.id,
          kind: difference.kind,
          orderId: difference.orderId,
          listingTitle,
          stripeId: difference.stripeId,
          expectedCents: difference.expectedCents,
          stripeCents: difference.stripeCents,
          foundAt: difference.foundAt.toISOString(),
        })),
        nextCursor,
      };
    },

    /** A moderator has set it right (at Stripe or here): off the desk, with who and when kept. */
    async resolve(adminId: string, id: string, now: Date): Promise<void> {
      if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
      const done = await db
        .update(paymentDifferences)
        .set({ resolvedAt: now, resolvedBy: adminId })
        .where(and(eq(paymentDifferences.id, id), isNull(paymentDifferences.resolvedAt)))
        .returning({ id: paymentDifferences.id });
      if (!done.length) throw new ApiError(404, 'NOT_FOUND');
    },
  };
}

export type Reconciliation = ReturnType<typeof reconciliation>;
