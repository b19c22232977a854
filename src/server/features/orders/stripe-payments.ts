import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Executor, Tx } from '../../db/client';
import { orderEvents, orders, payoutAccounts } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import { systemClock, type Clock } from '../../clock';
import { idOf } from '../billing/stripe-events';
import { CHECKOUT_MINUTES, ORDER_JOBS, OrderJob, applyTransition, lockedOrder, tell } from './orders.service';
import type { OrderRow } from './order-view';

/** Ready for orders: Stripe lets the account take charges and receive payouts. */
const readyAccount = (account: Stripe.Account) =>
  Boolean(account.charges_enabled && account.payouts_enabled && account.details_submitted);

/**
 * Money through Stripe Connect, "separate charges and transfers" (docs/payments.md): the buyer pays
 * the platform at Stripe Checkout; the seller's share is transferred to their connected account when
 * released; a cancelled order is refunded. Every call that moves money carries an idempotency key
 * made from the order, and its result is recorded only if the order still owes it, so a retry, a crash
 * between the call and the record, or a second worker never pays or refunds twice. In demo mode the
 * same steps run with nothing sent to Stripe.
 */
export function stripePayments(deps: { db: Db; stripe: Stripe | null; publicUrl: string; clock?: Clock }) {
  const { db, stripe } = deps;
  const clock = deps.clock ?? systemClock;

  function needStripe(): Stripe {
    if (!stripe) throw new ApiError(503, 'PAYMENTS_UNAVAILABLE');
    return stripe;
  }

  /** Records a step of money on the order, once: only while it is still owed. */
  async function record(
    executor: Executor,
    orderId: string,
    owed: 'payout' | 'refund',
    id: string,
  ): Promise<boolean> {
    const now = clock();
    const done =
      owed === 'payout'
        ? await executor
            .update(orders)
            .set({ payout: 'paid', transferId: id, updatedAt: now })
            .where(and(eq(orders.id, orderId), eq(orders.payout, 'due')))
            .returning({ id: orders.id })
        : await executor
            .update(orders)
            .set({ refund: 'refunded', refundId: id, updatedAt: now })
            .where(and(eq(orders.id, orderId), eq(orders.refund, 'due')))
            .returning({ id: orders.id });
    if (!done.length) return false;
    const kind = owed === 'payout' ? 'paid_out' : 'refunded';
    await executor.insert(orderEvents).values({ orderId, kind, at: now });
    await tell(executor, orderId, kind);
    return true;
  }

  async function orderRow(orderId: string): Promise<OrderRow | null> {
    const [row] = await db.select().from(orders).where(eq(orders.id, orderId));
    return row ?? null;
  }

  const jobHandlers: Record<string, JobHandler> = {
    /** Sends the seller's share: a transfer to their connected account (demo: recorded only). */
    [ORDER_JOBS.payout]: async (payload) => {
      const order = await orderRow(OrderJob.parse(payload).orderId);
      if (!order || order.payout !== 'due') return;
      if (order.demo) {
        await db.transaction((tx) => record(tx, order.id, 'payout', 'demo').then(() => undefined));
        return;
      }
      const [account] = await db
        .select({ accountId: payoutAccounts.accountId })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, order.sellerId));
      if (!account) throw new Error(`order ${order.id}: the seller has no payout account`);
      const intent = order.paymentIntentId
        ? await needStripe().paymentIntents.retrieve(order.paymentIntentId)
        : null;
      const charge = idOf(intent?.latest_charge);
      const transfer = await needStripe().transfers.create(
        {
          amount: order.payoutCents,
          currency: 'usd',
          destination: account.accountId,
          transfer_group: order.id,
          ...(charge ? { source_transaction: charge } : {}),
          metadata: { orderId: order.id },
        },
        { idempotencyKey: `order-payout-${order.id}` },
      );
      await db.transaction((tx) => record(tx, order.id, 'payout', transfer.id).then(() => undefined));
    },

    /** Gives the buyer back what they paid, in full (demo: recorded only). */
    [ORDER_JOBS.refund]: async (payload) => {
      const order = await orderRow(OrderJob.parse(payload).orderId);
      if (!order || order.refund !== 'due') return;
      if (order.demo || !order.paymentIntentId) {
        await db.transaction((tx) => record(tx, order.id, 'refund', 'demo').then(() => undefined));
        return;
      }
      const refund = await needStripe().refunds.create(
        { payment_intent: order.paymentIntentId, metadata: { orderId: order.id } },
        { idempotencyKey: `order-refund-${order.id}` },
      );
      await db.transaction((tx) => record(tx, order.id, 'refund', refund.id).then(() => undefined));
    },
  };

  /** Marks an order paid from Stripe's word; a payment for an order already let go is refunded. */
  async function paid(tx: Tx, orderId: string, paymentIntentId: string | null) {
    const row = await lockedOrder(tx, orderId);
    if (!row) return;
    if (row.status === 'awaiting_payment') {
      await applyTransition(tx, row, 'paymentSucceeded', 'system', {
        actorId: null,
        now: clock(),
        set: { paymentIntentId },
      });
      return;
    }
    // Paid after the checkout's time ran out and the listing was let go: nothing is kept.
    if (row.status === 'cancelled' && !row.paymentIntentId && paymentIntentId) {
      await tx
        .update(orders)
        .set({ paymentIntentId, paidAt: clock(), refund: 'due', updatedAt: clock() })
        .where(eq(orders.id, row.id));
      await enqueueJob(tx, ORDER_JOBS.refund, { orderId: row.id });
    }
  }

  return {
    jobHandlers,

    /** A Stripe Checkout Session for the order's total, its payment kept by the platform for now. */
    async startCheckout(order: OrderRow, buyerEmail: string) {
      const session = await needStripe().checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: 'usd',
                unit_amount: order.itemCents,
                product_data: { name: order.listingTitle },
              },
            },
            ...(order.shippingCents > 0
              ? [
                  {
                    quantity: 1,
                    price_data: {
                      currency: 'usd',
                      unit_amount: order.shippingCents,
                      product_data: { name: 'Shipping' },
                    },
                  },
                ]
              : []),
          ],
          customer_email: buyerEmail,
          client_reference_id: order.id,
          metadata: { orderId: order.id },
          payment_intent_data: { transfer_group: order.id, metadata: { orderId: order.id } },
          expires_at: Math.floor(clock().getTime() / 1000) + CHECKOUT_MINUTES * 60,
          success_url: `${deps.publicUrl}/orders/${order.id}?checkout=success`,
          cancel_url: `${deps.publicUrl}/orders/${order.id}?checkout=cancelled`,
        },
        { idempotencyKey: `order-checkout-${order.id}` },
      );
      if (!session.url) throw new Error('Stripe gave no checkout URL');
      return { sessionId: session.id, url: session.url };
    },

    /** Lets a Stripe checkout go (its order was cancelled before it was paid); nothing without Stripe. */
    async endCheckout(sessionId: string) {
      await stripe?.checkout.sessions.expire(sessionId);
    },

    async checkoutUrl(sessionId: string) {
      const session = await needStripe().checkout.sessions.retrieve(sessionId);
      return session.status === 'open' ? session.url : null;
    },

    /**
     * Payouts for a seller: demo mode makes them ready at once; with Stripe, a connected account
     * (created once, by an idempotent call) and a link to Stripe's hosted onboarding.
     */
    async connect(userId: string, email: string, demo: boolean): Promise<{ url: string | null }> {
      if (demo) {
        await db
          .insert(payoutAccounts)
          .values({ userId, accountId: `demo_${userId}`, state: 'ready' })
          .onConflictDoNothing();
        return { url: null };
      }
      const client = needStripe();
      const [existing] = await db
        .select({ accountId: payoutAccounts.accountId })
        .from(payoutAccounts)
        .where(eq(payoutAccounts.userId, userId));
      let accountId = existing?.accountId;
      if (!accountId) {
        const account = await client.accounts.create(
          {
            type: 'express',
            country: 'US',
            email,
            capabilities: { transfers: { requested: true } },
            metadata: { userId },
          },
          { idempotencyKey: `connect-${userId}` },
        );
        accountId = account.id;
        await db
          .insert(payoutAccounts)
          .values({ userId, accountId, state: readyAccount(account) ? 'ready' : 'pending' })
          .onConflictDoNothing();
      }
      const link = await client.accountLinks.create({
        account: accountId,
        type: 'account_onboarding',
        refresh_url: `${deps.publicUrl}/dashboard?payouts=refresh`,
        return_url: `${deps.publicUrl}/dashboard?payouts=done`,
      });
      return { url: link.url };
    },

    /** Asks Stripe where the seller's account stands (on their return from onboarding). */
    async refresh(userId: string): Promise<void> {
      if (!stripe) return;
      const [existing] = await db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, userId));
      if (!existing || existing.accountId.startsWith('demo_')) return;
      const account = await stripe.accounts.retrieve(existing.accountId);
      await db
        .update(payoutAccounts)
        .set({ state: readyAccount(account) ? 'ready' : 'pending', updatedAt: clock() })
        .where(eq(payoutAccounts.userId, userId));
    },

    /**
     * What a verified Stripe event does to orders and payout accounts, in the transaction that records
     * it. Only forward steps: the machine refuses any other, so a late or replayed event changes nothing.
     */
    async apply(tx: Tx, event: Stripe.Event): Promise<void> {
      switch (event.type) {
        case 'account.updated': {
          const account = event.data.object;
          const at = new Date(event.created * 1000);
          await tx
            .update(payoutAccounts)
            .set({ state: readyAccount(account) ? 'ready' : 'pending', lastEventAt: at, updatedAt: clock() })
            .where(
              and(
                eq(payoutAccounts.accountId, account.id),
                sql`(${payoutAccounts.lastEventAt} is null or ${payoutAccounts.lastEventAt} <= ${at.toISOString()}::timestamptz)`,
              ),
            );
          return;
        }
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded': {
          const session = event.data.object;
          const orderId = session.metadata?.orderId;
          if (session.mode !== 'payment' || !orderId) return;
          if (session.payment_status !== 'paid') return;
          await paid(tx, orderId, idOf(session.payment_intent));
          return;
        }
        case 'checkout.session.expired':
        case 'checkout.session.async_payment_failed': {
          const session = event.data.object;
          const orderId = session.metadata?.orderId;
          if (session.mode !== 'payment' || !orderId) return;
          const row = await lockedOrder(tx, orderId);
          if (row?.status === 'awaiting_payment')
            await applyTransition(tx, row, 'abandon', 'system', { actorId: null, now: clock() });
          return;
        }
        default:
          return;
      }
    },
  };
}

export type StripePayments = ReturnType<typeof stripePayments>;
