import { and, eq, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Db, Executor, Tx } from '../../db/client';
import { orderEvents, orders, payoutAccounts } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import { systemClock, type Clock } from '../../clock';
import { idOf } from '../billing/stripe-events';
import { CHECKOUT_MINUTES, ORDER_JOBS, OrderJob, applyTransition, lockedOrder, tell } from './orders.service';
import { referralTransferCents, sellerTransferCents, type OrderRow } from './order-view';
import { cardDisputeClosed, cardDisputeOpened } from './disputes';
import { sendOwedReferrals } from './referrals';

/** Ready for orders: Stripe lets the account take charges and receive payouts. */
const accountReady = (account: Stripe.Account) =>
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
    owed: 'payout' | 'refund' | 'referral',
    id: string,
    cents: number,
  ): Promise<boolean> {
    const now = clock();
    const set = {
      payout: { payout: 'paid' as const, transferId: id, transferCents: cents },
      refund: { refund: 'refunded' as const, refundId: id },
      referral: { referral: 'paid' as const, referralTransferId: id, referralCents: cents },
    }[owed];
    const done = await executor
      .update(orders)
      .set({ ...set, updatedAt: now })
      .where(
        and(
          eq(orders.id, orderId),
          owed === 'payout'
            ? eq(orders.payout, 'due')
            : owed === 'refund'
              ? eq(orders.refund, 'due')
              : eq(orders.referral, 'due'),
        ),
      )
      .returning({ id: orders.id });
    if (!done.length) return false;
    const kind = ({ payout: 'paid_out', refund: 'refunded', referral: 'referral_paid' } as const)[owed];
    await executor.insert(orderEvents).values({ orderId, kind, at: now });
    await tell(executor, orderId, kind);
    return true;
  }

  /** A ready connected account of the member, or null (demo accounts are ready and move nothing). */
  async function readyAccount(userId: string) {
    const [account] = await db
      .select({ accountId: payoutAccounts.accountId, state: payoutAccounts.state })
      .from(payoutAccounts)
      .where(eq(payoutAccounts.userId, userId));
    return account?.state === 'ready' ? account.accountId : null;
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
      const amount = sellerTransferCents(order);
      if (order.demo || amount === 0) {
        await db.transaction((tx) =>
          record(tx, order.id, 'payout', order.demo ? 'demo' : 'none', amount).then(() => undefined),
        );
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
          amount,
          currency: 'usd',
          destination: account.accountId,
          transfer_group: order.id,
          ...(charge ? { source_transaction: charge } : {}),
          metadata: { orderId: order.id },
        },
        { idempotencyKey: `order-payout-${order.id}` },
      );
      await db.transaction((tx) => record(tx, order.id, 'payout', transfer.id, amount).then(() => undefined));
    },

    /** Gives the buyer back what they paid: in full, or the part a dispute decided (demo: recorded only). */
    [ORDER_JOBS.refund]: async (payload) => {
      const order = await orderRow(OrderJob.parse(payload).orderId);
      if (!order || order.refund !== 'due') return;
      const amount = order.refundCents ?? order.totalCents;
      if (order.demo || !order.paymentIntentId) {
        await db.transaction((tx) => record(tx, order.id, 'refund', 'demo', amount).then(() => undefined));
        return;
      }
      const refund = await needStripe().refunds.create(
        { payment_intent: order.paymentIntentId, amount, metadata: { orderId: order.id } },
        { idempotencyKey: `order-refund-${order.id}` },
      );
      await db.transaction((tx) => record(tx, order.id, 'refund', refund.id, amount).then(() => undefined));
    },

    /**
     * A refund (or a card dispute lost) after the seller was paid: what the buyer got back, up to what
     * the seller received, is taken back from their transfer. Waits (the job is tried again) while the
     * payout is still being sent.
     */
    [ORDER_JOBS.reversal]: async (payload) => {
      const order = await orderRow(OrderJob.parse(payload).orderId);
      if (!order || order.reversalId || order.payout === 'none' || order.payout === 'pending') return;
      if (order.payout === 'due') throw new Error(`order ${order.id}: the payout is still being sent`);
      const amount = Math.min(order.refundCents ?? order.totalCents, order.transferCents ?? 0);
      let id = 'demo';
      if (!order.demo && amount > 0 && order.transferId?.startsWith('tr_')) {
        const reversal = await needStripe().transfers.createReversal(
          order.transferId,
          { amount, metadata: { orderId: order.id } },
          { idempotencyKey: `order-reversal-${order.id}` },
        );
        id = reversal.id;
      }
      await db
        .update(orders)
        .set({ reversalId: id, reversalCents: amount, updatedAt: clock() })
        .where(and(eq(orders.id, order.id), sql`${orders.reversalId} is null`));
    },

    /**
     * A completed order's referral: transferred to the referrer's connected account, or left owed until
     * they connect one (then `sendOwedReferrals` sends it).
     */
    [ORDER_JOBS.referral]: async (payload) => {
      const order = await orderRow(OrderJob.parse(payload).orderId);
      if (!order || order.referral !== 'due' || !order.referrerId) return;
      const amount = referralTransferCents(order);
      const accountId = await readyAccount(order.referrerId);
      if (!accountId) {
        await db
          .update(orders)
          .set({ referral: 'owed', updatedAt: clock() })
          .where(and(eq(orders.id, order.id), eq(orders.referral, 'due')));
        return;
      }
      if (order.demo || amount === 0) {
        await db.transaction((tx) => record(tx, order.id, 'referral', 'demo', amount).then(() => undefined));
        return;
      }
      const transfer = await needStripe().transfers.create(
        {
          amount,
          currency: 'usd',
          destination: accountId,
          transfer_group: order.id,
          metadata: { orderId: order.id, kind: 'referral' },
        },
        { idempotencyKey: `order-referral-${order.id}` },
      );
      await db.transaction((tx) =>
        record(tx, order.id, 'referral', transfer.id, amount).then(() => undefined),
      );
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
        await db.transaction(async (tx) => {
          await tx
            .insert(payoutAccounts)
            .values({ userId, accountId: `demo_${userId}`, state: 'ready' })
            .onConflictDoNothing();
          await sendOwedReferrals(tx, userId);
        });
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
          .values({ userId, accountId, state: accountReady(account) ? 'ready' : 'pending' })
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
      await db.transaction(async (tx) => {
        await tx
          .update(payoutAccounts)
          .set({ state: accountReady(account) ? 'ready' : 'pending', updatedAt: clock() })
          .where(eq(payoutAccounts.userId, userId));
        if (accountReady(account)) await sendOwedReferrals(tx, userId);
      });
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
          const [updated] = await tx
            .update(payoutAccounts)
            .set({ state: accountReady(account) ? 'ready' : 'pending', lastEventAt: at, updatedAt: clock() })
            .where(
              and(
                eq(payoutAccounts.accountId, account.id),
                sql`(${payoutAccounts.lastEventAt} is null or ${payoutAccounts.lastEventAt} <= ${at.toISOString()}::timestamptz)`,
              ),
            )
            .returning({ userId: payoutAccounts.userId, state: payoutAccounts.state });
          if (updated?.state === 'ready') await sendOwedReferrals(tx, updated.userId);
          return;
        }
        // A card dispute the buyer's bank opened, and its end (won or lost).
        case 'charge.dispute.created':
          await cardDisputeOpened(tx, event.data.object, clock());
          return;
        case 'charge.dispute.closed':
          await cardDisputeClosed(tx, event.data.object, clock());
          return;
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
