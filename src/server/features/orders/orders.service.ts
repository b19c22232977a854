import { randomInt } from 'node:crypto';
import { and, desc, eq, inArray, notInArray, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { getTracking } from 'ts-tracking-number';
import { z } from 'zod';
import { orderAmounts, paymentHeld, sellerStanding } from '@common/fees';
import { publicName } from '@common/labels';
import type { SessionUser } from '@common/schemas/auth';
import { REVIEW_DAYS } from '@common/schemas/reviews';
import type { TrackingSchema } from '@common/schemas/tracking';
import {
  CLOSED_ORDER_STATUSES,
  OPEN_ORDER_STATUSES,
  type CheckoutQuote,
  type HandOverSchema,
  type Order,
  type OrderEventKind,
  type PlaceOrderSchema,
  type ShipOrderSchema,
} from '@common/schemas/orders';
import { secondsAfter, systemClock, type Clock } from '../../clock';
import type { Db, Executor, Tx } from '../../db/client';
import { decodeKeyset, exactTime, before, keysetPage } from '../../db/keyset';
import { lockMembers } from '../../db/member-state';
import {
  listings,
  offers,
  orderEvents,
  orderReturns,
  orders,
  payoutAccounts,
  sales,
  users,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { enqueueJob } from '../../jobs/queue';
import type { Storage } from '../../storage/storage';
import { countHit, hitsOf } from '../../security/rate-limit';
import { assertNotBlocked } from '../trust/trust.service';
import { askForReviews } from '../reviews/review-asks';
import { fitFor, type FleetService } from '../fleet/fleet.service';
import { referralFor, type ReferralVisit } from './referrals';
import { disputeReader } from './disputes';
import { checkoutOffered, completedSalesOf, type PaymentsMode } from './payments-mode';
import { take, type Party, type Transition } from './order-machine';
import { releaseTime, returnOpen, roleIn, toOrder, toSummary, type OrderRow } from './order-view';

export const ORDER_JOBS = {
  notify: 'orders.notify',
  payout: 'orders.payout',
  refund: 'orders.refund',
  /** Takes back from a seller already paid what a later refund gave the buyer. */
  reversal: 'orders.reversal',
  /** Sends a referrer what a completed order earned them. */
  referral: 'orders.referral',
  release: 'orders.release',
  expire: 'orders.expire',
  /** A deadline of a return or a dispute: a reminder, or silence accepting a return. */
  deadline: 'orders.deadline',
} as const;

export const OrderJob = z.object({ orderId: z.string() });
/** A deadline of an order's return or dispute, and what it does then. */
export const DeadlineJob = z.object({
  orderId: z.string(),
  kind: z.enum([
    'return_answer',
    'return_answer_reminder',
    'return_send_reminder',
    'return_send_lapse',
    'return_receive_reminder',
    'dispute_reminder',
  ]),
});
export const NotifyJob = z.object({
  orderId: z.string(),
  event: z.string(),
  to: z.enum(['buyer', 'seller']),
});

/** How long a buyer has at Stripe's checkout before the listing is let go (Stripe's least is 30 minutes). */
export const CHECKOUT_MINUTES = 30;
/** The smallest total a card is charged (Stripe's least is 50 cents; fees would eat a smaller one). */
export const MIN_ORDER_CENTS = 100;
/** Wrong hand-off codes a seller may enter for one order in an hour. */
export const HANDOFF_TRIES = { max: 5, windowSeconds: 3600 };

/** Whom each step tells. */
const TELLS: Partial<Record<OrderEventKind, 'buyer' | 'seller'>> = {
  paid: 'seller',
  shipped: 'buyer',
  ready_for_pickup: 'buyer',
  delivered: 'buyer',
  picked_up: 'buyer',
  receipt_confirmed: 'seller',
  completed: 'seller',
  refunded: 'buyer',
  paid_out: 'seller',
  return_requested: 'seller',
  return_accepted: 'buyer',
  return_refused: 'buyer',
  return_sent: 'seller',
  return_received: 'buyer',
};

/** The order's row, locked for a step ModMarket or Stripe takes; null when there is no such order. */
export async function lockedOrder(tx: Tx, orderId: string): Promise<OrderRow | null> {
  const [row] = await tx.select().from(orders).where(eq(orders.id, orderId)).for('update');
  return row ?? null;
}

/**
 * The order's row for a step one of its members takes, locked in the order every write takes: the
 * member's row first (refused when they are suspended or deleted), then the order's. Anyone else's
 * order is not found.
 */
export async function lockOrder(tx: Tx, orderId: string, actorId: string): Promise<OrderRow> {
  const [found] = await tx
    .select({ buyerId: orders.buyerId, sellerId: orders.sellerId })
    .from(orders)
    .where(eq(orders.id, orderId));
  if (!found || (actorId !== found.buyerId && actorId !== found.sellerId))
    throw new ApiError(404, 'NOT_FOUND');
  await lockMembers(tx, { actor: actorId });
  return (await lockedOrder(tx, orderId))!;
}

/** Reminders of a return's or a dispute's deadline (told like a step, not in the timeline). */
export type OrderReminder =
  'remind_answer_return' | 'remind_send_return' | 'remind_receive_return' | 'remind_dispute';

/**
 * A step one of an order's members takes beside the state machine (a return's or a dispute's), in its
 * own transaction on the order's locked row; the jobs it queued are woken, and the order is answered
 * as the member now sees it.
 */
export function memberSteps(deps: {
  db: Db;
  clock: Clock;
  wakeJobs: () => void;
  getOrder: (user: SessionUser, orderId: string) => Promise<Order | null>;
}) {
  return async (
    user: SessionUser,
    orderId: string,
    act: (tx: Tx, row: OrderRow, now: Date) => Promise<void>,
  ): Promise<Order> => {
    if (!isUuid(orderId)) throw new ApiError(404, 'NOT_FOUND');
    const now = deps.clock();
    await deps.db.transaction(async (tx) => act(tx, await lockOrder(tx, orderId, user.id), now));
    deps.wakeJobs();
    return (await deps.getOrder(user, orderId))!;
  };
}

/** Tells `to` (by default whom the step concerns) of an order's step: a notification and an email, queued. */
export async function tell(
  executor: Executor,
  orderId: string,
  event: OrderEventKind | OrderReminder,
  to: readonly ('buyer' | 'seller')[] = TELLS[event as OrderEventKind]
    ? [TELLS[event as OrderEventKind]!]
    : [],
): Promise<void> {
  for (const side of to) await enqueueJob(executor, ORDER_JOBS.notify, { orderId, event, to: side });
}

/**
 * A parcel's carrier, tracking number and tracking page, from what the sender typed: the number must
 * be one of the carriers' formats (the carrier is then named by it when left out).
 */
export function parcelOf(input: z.output<typeof TrackingSchema>) {
  const tracking = getTracking(input.trackingNumber);
  if (!tracking) throw new ApiError(400, 'TRACKING_INVALID');
  return {
    carrier: input.carrier || tracking.courier.name,
    trackingNumber: tracking.trackingNumber,
    trackingUrl: tracking.trackingUrl
      ? tracking.trackingUrl.replace('%s', encodeURIComponent(tracking.trackingNumber))
      : null,
  };
}

/** Whether the order has a return on its way (requested, accepted, or sent back). */
export async function openReturn(executor: Executor, orderId: string): Promise<boolean> {
  const [ret] = await executor
    .select({ status: orderReturns.status })
    .from(orderReturns)
    .where(eq(orderReturns.orderId, orderId));
  return returnOpen(ret?.status);
}

/** Whether a listing has an order on its way. */
async function hasOpenOrder(executor: Executor, listingId: string): Promise<boolean> {
  const [open] = await executor
    .select({ id: orders.id })
    .from(orders)
    .where(and(eq(orders.listingId, listingId), inArray(orders.status, OPEN_ORDER_STATUSES)))
    .limit(1);
  return Boolean(open);
}

/** Refuses while a listing has an order on its way: it cannot be marked sold, released or deleted meanwhile. */
export async function assertNoOpenOrder(executor: Executor, listingId: string): Promise<void> {
  if (await hasOpenOrder(executor, listingId)) throw new ApiError(409, 'ORDER_OPEN');
}

/**
 * Takes one transition of the order's state machine in the caller's transaction, with everything it
 * does: the row, the timeline, the payout or refund it owes (queued as jobs, sent once), the listing
 * (sold, or back on the market), the sale both may review, and the notification of the other side.
 */
export async function applyTransition(
  tx: Tx,
  row: OrderRow,
  transition: Transition,
  party: Party,
  options: { actorId: string | null; now: Date; set?: Partial<OrderRow> },
): Promise<OrderRow> {
  const step = take(row, transition, party);
  const { now } = options;
  const paid = row.paidAt !== null;
  const closes = step.relists || step.status === 'refunded';
  const [updated] = await tx
    .update(orders)
    .set({
      ...options.set,
      status: step.status,
      payout: step.payout,
      // The referrer earns it when the deal completes; a deal undone earns nothing.
      ...(row.referral === 'pending' && step.completes ? { referral: 'due' as const } : {}),
      ...(row.referral === 'pending' && closes ? { referral: 'void' as const } : {}),
      ...(step.delivered && !row.deliveredAt ? { deliveredAt: now } : {}),
      ...(step.completes ? { completedAt: now } : {}),
      ...(step.refund && paid ? { refund: 'due' as const } : {}),
      ...(step.status === 'paid' ? { paidAt: now } : {}),
      updatedAt: now,
    })
    .where(eq(orders.id, row.id))
    .returning();
  const order = updated!;
  await tx
    .insert(orderEvents)
    .values({ orderId: order.id, kind: step.event, actorId: options.actorId, at: now });

  if (step.payout === 'due' && row.payout !== 'due')
    await enqueueJob(tx, ORDER_JOBS.payout, { orderId: order.id });
  if (order.refund === 'due' && row.refund !== 'due')
    await enqueueJob(tx, ORDER_JOBS.refund, { orderId: order.id });
  // Money back to the buyer after the seller was paid (or is being paid): taken back from the seller.
  if (order.refund !== null && row.refund === null && (row.payout === 'due' || row.payout === 'paid'))
    await enqueueJob(tx, ORDER_JOBS.reversal, { orderId: order.id });
  if (order.referral === 'due' && row.referral !== 'due')
    await enqueueJob(tx, ORDER_JOBS.referral, { orderId: order.id });
  if (step.delivered && !row.deliveredAt && !step.completes)
    await enqueueJob(tx, ORDER_JOBS.release, { orderId: order.id }, { runAt: releaseTime(now) });

  if (step.relists && order.listingId) {
    await tx
      .update(listings)
      .set({ pendingBuyerId: null })
      .where(and(eq(listings.id, order.listingId), eq(listings.pendingBuyerId, order.buyerId)));
    if (order.offerId)
      await tx
        .update(offers)
        .set({ status: 'released', updatedAt: now })
        .where(and(eq(offers.id, order.offerId), eq(offers.status, 'accepted')));
  }
  if (step.completes) {
    if (order.listingId)
      await tx
        .update(listings)
        .set({ isSold: true, pendingBuyerId: null, soldToId: order.buyerId, soldAt: now, updatedAt: now })
        .where(eq(listings.id, order.listingId));
    // The two may review each other now (one review each per sale), and both are asked to.
    const [sale] = await tx
      .insert(sales)
      .values({
        listingId: order.listingId,
        listingTitle: order.listingTitle,
        sellerId: order.sellerId,
        buyerId: order.buyerId,
        orderId: order.id,
        status: 'confirmed',
        markedAt: now,
        answeredAt: now,
        windowEndsAt: secondsAfter(now, REVIEW_DAYS * 86_400),
      })
      .onConflictDoNothing()
      .returning({ id: sales.id });
    if (sale) await askForReviews(tx, sale.id);
  }

  // The other side hears of it; a cancellation tells whoever did not take it (both, when ModMarket did).
  if (!step.relists) await tell(tx, order.id, step.event);
  else
    await tell(
      tx,
      order.id,
      step.event,
      party === 'system' ? ['buyer', 'seller'] : [party === 'buyer' ? 'seller' : 'buyer'],
    );
  return order;
}

/**
 * A member suspended or deleted, in the transaction that does it (their row already locked): their
 * open orders, as buyer or seller, cannot wait for them (docs/payments.md, "Members who leave"). Not
 * yet paid: let go. Paid but not shipped or handed over: cancelled, refunded in full. Shipped: marked
 * delivered, so the buyer's 7 days to confirm start and the payment is then released. Delivered or
 * picked up: left to complete on its own after 7 days.
 */
export async function settleOrdersOf(tx: Tx, userId: string, now: Date): Promise<void> {
  const open = await tx
    .select()
    .from(orders)
    .where(
      and(
        or(eq(orders.buyerId, userId), eq(orders.sellerId, userId)),
        inArray(orders.status, OPEN_ORDER_STATUSES),
      ),
    )
    .orderBy(orders.id)
    .for('update');
  const next: Partial<Record<OrderRow['status'], Transition>> = {
    awaiting_payment: 'abandon',
    paid: 'cancel',
    ready_for_pickup: 'cancel',
    shipped: 'markDelivered',
  };
  for (const row of open) {
    const transition = next[row.status];
    if (transition) await applyTransition(tx, row, transition, 'system', { actorId: null, now });
  }
}

/**
 * Orders (docs/payments.md): checkout on a listing or an accepted offer, the steps of the state
 * machine as each side takes them, and the two lists. Payments go through Stripe, or nowhere in demo
 * mode; the Stripe side (checkout sessions, transfers, refunds, events) is `stripe-payments.ts`.
 */
export function createOrdersService(deps: {
  db: Db;
  storage: Storage;
  /** How deals are paid (payments-mode.ts). */
  mode: PaymentsMode;
  publicUrl: string;
  wakeJobs: () => void;
  clock?: Clock;
  /** Creates the Stripe checkout for a placed order: its session id and where to pay. */
  startCheckout: (order: OrderRow, buyerEmail: string) => Promise<{ sessionId: string; url: string }>;
  /** Lets a Stripe checkout go (the order was cancelled before it was paid). */
  endCheckout: (sessionId: string) => Promise<void>;
  /** Where an unpaid order's Stripe checkout is, again. */
  checkoutUrl: (sessionId: string) => Promise<string | null>;
  /** The buyer's fleet, for the fit the listing claims (the fit guarantee). */
  fleet: Pick<FleetService, 'list'>;
}) {
  const { db, storage } = deps;
  const clock = deps.clock ?? systemClock;
  const { mode } = deps;

  /**
   * The seller as checkout and the dashboard need them, in one statement: their plan, public name,
   * payouts' state, and their completed orders (their level).
   */
  async function sellerOf(executor: Executor, sellerId: string) {
    const [seller] = await executor
      .select({
        plan: users.plan,
        firstName: users.firstName,
        lastName: users.lastName,
        payouts: payoutAccounts.state,
        completedSales: completedSalesOf(sellerId),
      })
      .from(users)
      .leftJoin(payoutAccounts, eq(payoutAccounts.userId, users.id))
      .where(eq(users.id, sellerId));
    if (!seller) throw new ApiError(404, 'NOT_FOUND');
    return seller;
  }

  /**
   * What the buyer would pay for, at what price: the listing's, or their accepted offer's amount when
   * the listing is held for them. Refuses what cannot be bought by them now.
   */
  async function priceFor(
    executor: Executor,
    listing: typeof listings.$inferSelect,
    seller: { payouts: string | null },
    buyerId: string,
  ) {
    if (listing.userId === buyerId) throw new ApiError(400, 'ORDER_OWN_LISTING');
    if (listing.isSold || listing.hiddenAt) throw new ApiError(409, 'LISTING_SOLD');
    if (listing.pendingBuyerId && listing.pendingBuyerId !== buyerId)
      throw new ApiError(409, 'LISTING_PENDING');
    if (await hasOpenOrder(executor, listing.id)) throw new ApiError(409, 'LISTING_PENDING');
    if (!checkoutOffered(mode, seller.payouts)) throw new ApiError(409, 'CHECKOUT_UNAVAILABLE');
    let offerId: string | null = null;
    let itemCents = listing.priceCents;
    if (listing.pendingBuyerId === buyerId) {
      const [accepted] = await executor
        .select({ id: offers.id, amountCents: offers.amountCents })
        .from(offers)
        .where(
          and(eq(offers.listingId, listing.id), eq(offers.buyerId, buyerId), eq(offers.status, 'accepted')),
        )
        .orderBy(desc(offers.updatedAt))
        .limit(1);
      if (accepted) {
        offerId = accepted.id;
        itemCents = accepted.amountCents;
      }
    }
    return { offerId, itemCents };
  }

  /**
   * What an order page reads besides the session, each statement built once and run by name (the
   * order with its members' names and timeline, its return, its dispute): lookups by key, whose one
   * plan serves every order. Outside a transaction.
   */
  const buyer = alias(users, 'buyer');
  const seller = alias(users, 'seller');
  const orderStatement = db
    .select({
      order: orders,
      buyerFirst: buyer.firstName,
      buyerLast: buyer.lastName,
      sellerFirst: seller.firstName,
      sellerLast: seller.lastName,
      timeline: sql<{ kind: OrderEventKind; at: string }[]>`coalesce((
          select json_agg(json_build_object('kind', e.kind, 'at', to_char(e.at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')) order by e.id)
          from ${orderEvents} e where e.order_id = ${orders.id}), '[]'::json)`,
    })
    .from(orders)
    .innerJoin(buyer, eq(buyer.id, orders.buyerId))
    .innerJoin(seller, eq(seller.id, orders.sellerId))
    .where(eq(orders.id, sql.placeholder('orderId')))
    .prepare('order_page');
  const returnStatement = db
    .select()
    .from(orderReturns)
    .where(eq(orderReturns.orderId, sql.placeholder('orderId')))
    .prepare('order_return');
  const readDispute = disputeReader(db, storage);

  /** The order as its member (or the moderation desk) sees it; null for anyone else. */
  async function getOrder(user: SessionUser, orderId: string): Promise<Order | null> {
    if (!isUuid(orderId)) return null;
    // The order, its return and its dispute: three indexed reads, together.
    const [[found], [ret], dispute] = await Promise.all([
      orderStatement.execute({ orderId }),
      returnStatement.execute({ orderId }),
      readDispute(orderId),
    ]);
    if (!found) return null;
    const role = roleIn(found.order, user);
    if (!role) return null;
    return toOrder(storage, found.order, found, role, found.timeline, {
      ret: ret ?? null,
      dispute: dispute?.view ?? null,
      memberDispute: dispute?.memberDispute ?? false,
      now: clock(),
    });
  }

  /** One step of the machine, taken by a member, in its own transaction. */
  async function step(
    user: SessionUser,
    orderId: string,
    transition: (row: OrderRow) => Transition,
    set: Partial<OrderRow> = {},
    /** A further check on the locked row before the step. */
    guard?: (tx: Tx, row: OrderRow) => Promise<void>,
  ): Promise<Order> {
    if (!isUuid(orderId)) throw new ApiError(404, 'NOT_FOUND');
    const now = clock();
    const changed = await db.transaction(async (tx) => {
      const row = await lockOrder(tx, orderId, user.id);
      await guard?.(tx, row);
      const party = row.buyerId === user.id ? 'buyer' : 'seller';
      return applyTransition(tx, row, transition(row), party, { actorId: user.id, now, set });
    });
    deps.wakeJobs();
    if (changed.status === 'cancelled' && changed.checkoutSessionId && !changed.paidAt)
      await deps.endCheckout(changed.checkoutSessionId).catch(() => undefined);
    return (await getOrder(user, orderId))!;
  }

  return {
    mode,

    /** The checkout's numbers for a buyer, before paying. */
    async quote(user: SessionUser, listingId: string): Promise<CheckoutQuote> {
      if (!isUuid(listingId)) throw new ApiError(404, 'NOT_FOUND');
      const [listing] = await db.select().from(listings).where(eq(listings.id, listingId));
      if (!listing) throw new ApiError(404, 'NOT_FOUND');
      const [seller, fleet] = await Promise.all([sellerOf(db, listing.userId), deps.fleet.list(user.id)]);
      const { offerId, itemCents } = await priceFor(db, listing, seller, user.id);
      return {
        returnsAccepted: listing.acceptsReturns,
        fitVehicle: fitFor(fleet, listing),
        listingId,
        title: listing.title,
        offerId,
        itemCents,
        shippingCents: listing.shippingCents,
        localPickup: listing.localPickup,
        held: paymentHeld(seller.plan, listing.holdPayment),
        demo: mode === 'demo',
        sellerName: publicName(seller.firstName, seller.lastName),
      };
    },

    /**
     * The buyer pays for a listing: the order is placed and the listing held for them in one
     * transaction, on the listing's locked row, so two buyers at the same moment get one order and the
     * other 409 `LISTING_PENDING` before anything is charged. Demo mode: paid at once, nothing charged.
     * Stripe: the order waits for payment at Stripe's checkout for 30 minutes.
     */
    async place(
      user: SessionUser,
      listingId: string,
      input: z.output<typeof PlaceOrderSchema>,
      /** The referral link the buyer followed, from their browser's cookie. */
      visit: ReferralVisit | null = null,
    ): Promise<{ orderId: string; payUrl: string | null }> {
      if (!isUuid(listingId)) throw new ApiError(404, 'NOT_FOUND');
      const now = clock();
      const fleet = await deps.fleet.list(user.id);
      const order = await db.transaction(async (tx) => {
        const [owner] = await tx
          .select({ userId: listings.userId })
          .from(listings)
          .where(eq(listings.id, listingId));
        if (!owner) throw new ApiError(404, 'NOT_FOUND');
        await lockMembers(tx, { actor: user.id, owner: owner.userId });
        const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
        if (!listing) throw new ApiError(404, 'NOT_FOUND');
        const seller = await sellerOf(tx, listing.userId);
        const { offerId, itemCents } = await priceFor(tx, listing, seller, user.id);
        if (input.offerId && input.offerId !== offerId) throw new ApiError(409, 'OFFER_CLOSED');
        await assertNotBlocked(tx, user.id, listing.userId);
        if (input.delivery === 'ship' && listing.shippingCents === null)
          throw new ApiError(400, 'DELIVERY_UNAVAILABLE');
        if (input.delivery === 'pickup' && !listing.localPickup)
          throw new ApiError(400, 'DELIVERY_UNAVAILABLE');
        const standing = sellerStanding(seller.completedSales);
        const amounts = orderAmounts(
          itemCents,
          input.delivery === 'ship' ? (listing.shippingCents ?? 0) : 0,
          standing.feeBasisPoints,
        );
        if (amounts.totalCents < MIN_ORDER_CENTS) throw new ApiError(400, 'ORDER_TOO_SMALL');
        const referral = await referralFor(tx, visit, listing, user.id, itemCents, now);
        const [conversation] = await tx
          .execute<{ id: string }>(
            sql`select id from conversations where listing_id = ${listingId} and buyer_id = ${user.id} limit 1`,
          )
          .then((result) => result.rows);
        const [placed] = await tx
          .insert(orders)
          .values({
            listingId,
            listingTitle: listing.title,
            photo: listing.photos[0] ?? null,
            buyerId: user.id,
            sellerId: listing.userId,
            offerId,
            conversationId: conversation?.id ?? null,
            status: 'awaiting_payment',
            delivery: input.delivery,
            address: input.delivery === 'ship' ? input.address : null,
            ...amounts,
            sellerLevel: standing.level,
            held: paymentHeld(seller.plan, listing.holdPayment),
            demo: mode === 'demo',
            returnsAccepted: listing.acceptsReturns,
            fitVehicle: fitFor(fleet, listing),
            ...(referral
              ? {
                  referrerId: referral.referrerId,
                  referralCents: referral.cents,
                  referral: 'pending' as const,
                }
              : {}),
            handoffCode:
              input.delivery === 'pickup' ? String(randomInt(0, 1_000_000)).padStart(6, '0') : null,
            createdAt: now,
            updatedAt: now,
          })
          .onConflictDoNothing()
          .returning();
        // Another order took the listing first (the listing's lock makes this the rare path).
        if (!placed) throw new ApiError(409, 'LISTING_PENDING');
        await tx.update(listings).set({ pendingBuyerId: user.id }).where(eq(listings.id, listingId));
        await tx
          .insert(orderEvents)
          .values({ orderId: placed.id, kind: 'created', actorId: user.id, at: now });
        if (mode === 'demo')
          return applyTransition(tx, placed, 'paymentSucceeded', 'system', { actorId: null, now });
        await enqueueJob(
          tx,
          ORDER_JOBS.expire,
          { orderId: placed.id },
          { runAt: new Date(now.getTime() + (CHECKOUT_MINUTES + 1) * 60_000) },
        );
        return placed;
      });
      deps.wakeJobs();
      if (mode === 'demo') return { orderId: order.id, payUrl: null };
      let checkout: { sessionId: string; url: string };
      try {
        checkout = await deps.startCheckout(order, user.email);
      } catch {
        // Stripe could not be reached: the listing is let go at once, nothing was charged.
        await db.transaction(async (tx) => {
          const row = await lockedOrder(tx, order.id);
          if (row?.status === 'awaiting_payment')
            await applyTransition(tx, row, 'abandon', 'system', { actorId: null, now: clock() });
        });
        throw new ApiError(503, 'PAYMENTS_UNAVAILABLE');
      }
      await db.update(orders).set({ checkoutSessionId: checkout.sessionId }).where(eq(orders.id, order.id));
      return { orderId: order.id, payUrl: checkout.url };
    },

    /** Back to Stripe's checkout for an order still waiting for its payment. */
    async payUrl(user: SessionUser, orderId: string): Promise<{ url: string | null }> {
      if (!isUuid(orderId)) throw new ApiError(404, 'NOT_FOUND');
      const [row] = await db
        .select()
        .from(orders)
        .where(and(eq(orders.id, orderId), eq(orders.buyerId, user.id)));
      if (!row) throw new ApiError(404, 'NOT_FOUND');
      if (row.status !== 'awaiting_payment' || !row.checkoutSessionId) throw new ApiError(409, 'ORDER_STATE');
      return { url: await deps.checkoutUrl(row.checkoutSessionId) };
    },

    get: getOrder,

    /**
     * The member's orders as buyer and as seller, newest change first: the open ones (`/pending-sales`)
     * or the closed ones (`/history`). Two index walks (as buyer and as seller: the open orders' partial
     * indexes, or the whole history's), each stopping at a page, run together and merged; keyset on
     * (updated_at, id).
     */
    async list(user: SessionUser, which: 'open' | 'closed', cursor?: string) {
      const limit = 20;
      const position = cursor ? decodeKeyset(cursor) : null;
      // The partial indexes' own predicate, so the open walk uses them (orders_*_open_idx).
      const open = notInArray(orders.status, [...CLOSED_ORDER_STATUSES]);
      const walk = (role: 'buyer' | 'seller') => {
        const mine = role === 'buyer' ? orders.buyerId : orders.sellerId;
        const theirs = role === 'buyer' ? orders.sellerId : orders.buyerId;
        return db
          .select({
            order: orders,
            at: exactTime(orders.updatedAt),
            otherFirst: users.firstName,
            otherLast: users.lastName,
            returnStatus: orderReturns.status,
          })
          .from(orders)
          .innerJoin(users, eq(users.id, theirs))
          .leftJoin(orderReturns, eq(orderReturns.orderId, orders.id))
          .where(
            and(
              eq(mine, user.id),
              which === 'open' ? open : sql`not (${open})`,
              position ? before(orders.updatedAt, orders.id, position) : undefined,
            ),
          )
          .orderBy(desc(orders.updatedAt), desc(orders.id))
          .limit(limit + 1);
      };
      const [bought, sold] = await Promise.all([walk('buyer'), walk('seller')]);
      const rows = [...bought, ...sold].sort((x, y) =>
        x.at === y.at ? (x.order.id < y.order.id ? 1 : -1) : x.at < y.at ? 1 : -1,
      );
      const { page, nextCursor } = keysetPage(rows, limit, (row) => ({ at: row.at, id: row.order.id }));
      return {
        items: page.map((row) =>
          toSummary(
            storage,
            row.order,
            row.order.buyerId === user.id ? 'buyer' : 'seller',
            publicName(row.otherFirst, row.otherLast),
            row.returnStatus,
          ),
        ),
        nextCursor,
      };
    },

    ship: (user: SessionUser, orderId: string, input: z.output<typeof ShipOrderSchema>) =>
      step(user, orderId, () => 'ship', parcelOf(input)),

    ready: (user: SessionUser, orderId: string) => step(user, orderId, () => 'ready'),
    markDelivered: (user: SessionUser, orderId: string) => step(user, orderId, () => 'markDelivered'),
    /** Not while a return or a dispute is open: the desk or the return decides where the money goes. */
    confirmReceipt: (user: SessionUser, orderId: string) =>
      step(
        user,
        orderId,
        () => 'confirmReceipt',
        {},
        async (tx, row) => {
          if (row.frozen || (await openReturn(tx, row.id))) throw new ApiError(409, 'ORDER_CASE_OPEN');
        },
      ),
    cancel: (user: SessionUser, orderId: string) =>
      step(user, orderId, (row) => (row.status === 'awaiting_payment' ? 'abandon' : 'cancel')),

    /**
     * The seller enters the buyer's hand-off code: right, the part is handed over; wrong, refused, and
     * counted (HANDOFF_TRIES an hour, so six digits cannot be guessed).
     */
    async handOver(user: SessionUser, orderId: string, input: z.output<typeof HandOverSchema>) {
      if (!isUuid(orderId)) throw new ApiError(404, 'NOT_FOUND');
      const key = `handoff:${orderId}:${user.id}`;
      if ((await hitsOf(db, key)) >= HANDOFF_TRIES.max) throw new ApiError(429, 'HANDOFF_LOCKED');
      const [row] = await db
        .select({ buyerId: orders.buyerId, sellerId: orders.sellerId, code: orders.handoffCode })
        .from(orders)
        .where(eq(orders.id, orderId));
      if (!row || (row.buyerId !== user.id && row.sellerId !== user.id)) throw new ApiError(404, 'NOT_FOUND');
      if (row.sellerId !== user.id) throw new ApiError(403, 'ORDER_NOT_YOURS');
      if (input.code !== row.code) {
        await countHit(db, key, HANDOFF_TRIES.windowSeconds);
        throw new ApiError(400, 'HANDOFF_CODE_WRONG');
      }
      // The code never changes, so the step's own lock needs no second look at it.
      return step(user, orderId, () => 'handOver');
    },

    /** A seller's payouts and level, for the dashboard. */
    async payouts(user: SessionUser) {
      const seller = await sellerOf(db, user.id);
      const standing = sellerStanding(seller.completedSales);
      return {
        state: seller.payouts ?? ('not_connected' as const),
        mode,
        level: standing.level,
        feeBasisPoints: standing.feeBasisPoints,
        completedSales: standing.completedSales,
        nextLevel: standing.next,
      };
    },
  };
}

export type OrdersService = ReturnType<typeof createOrdersService>;
