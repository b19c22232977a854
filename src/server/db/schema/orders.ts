import { sql } from 'drizzle-orm';
import {
  bigserial,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import {
  DELIVERY_METHODS,
  ORDER_EVENTS,
  ORDER_STATUSES,
  PAYMENT_DIFFERENCES,
  PAYOUT_STATUSES,
  type ShippingAddress,
} from '@common/schemas/orders';
import { SELLER_LEVELS } from '@common/fees';
import { DISPUTE_OPENERS, DISPUTE_OUTCOMES, DISPUTE_STATUSES } from '@common/schemas/disputes';
import { REFERRAL_STATES } from '@common/schemas/referrals';
import { RETURN_REASONS, RETURN_STATUSES } from '@common/schemas/returns';
import type { Fit } from '@common/schemas/vehicles';
import type { StoredPhoto } from '@common/photos';
import { users } from './auth';
import { conversations, listings } from './listings';
import { offers } from './offers';

/**
 * A seller's connected Stripe account for payouts (docs/payments.md). `ready` once Stripe says the
 * account may be charged for and paid out to; kept current by Stripe's `account.updated` events, never
 * moved by one older than the newest applied (`last_event_at`).
 */
export const payoutAccounts = pgTable('payout_accounts', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  /** Stripe's connected account; `demo` in demo mode. */
  accountId: text('account_id').notNull().unique(),
  state: text('state', { enum: ['pending', 'ready'] })
    .notNull()
    .default('pending'),
  lastEventAt: timestamp('last_event_at', { withTimezone: true }),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A deal closed on ModMarket: one buyer, one listing, the amounts computed by the server when it was
 * placed (integer cents), how the part reaches the buyer, and where the money stands. The state
 * machine (`features/orders/order-machine.ts`) is the only writer of `status`.
 */
export const orders = pgTable(
  'orders',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the listing is deleted; its title is kept. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    /** The listing's first photo when ordered, for lists (null: none). */
    photo: jsonb('photo').$type<StoredPhoto | null>(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The accepted offer it pays for, if any. */
    offerId: uuid('offer_id').references(() => offers.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    status: text('status', { enum: ORDER_STATUSES }).notNull(),
    delivery: text('delivery', { enum: DELIVERY_METHODS }).notNull(),
    address: jsonb('address').$type<ShippingAddress | null>(),
    itemCents: integer('item_cents').notNull(),
    shippingCents: integer('shipping_cents').notNull(),
    totalCents: integer('total_cents').notNull(),
    feeCents: integer('fee_cents').notNull(),
    feeBasisPoints: integer('fee_basis_points').notNull(),
    processingCents: integer('processing_cents').notNull(),
    payoutCents: integer('payout_cents').notNull(),
    sellerLevel: text('seller_level', { enum: SELLER_LEVELS }).notNull(),
    /** Payment held until delivery: paid out on completion, not on shipping or hand-over. */
    held: boolean('held').notNull(),
    /** Demo payments: no card was charged and nothing is transferred. */
    demo: boolean('demo').notNull(),
    /** Stripe's Checkout Session and the payment it took. */
    checkoutSessionId: text('checkout_session_id').unique(),
    paymentIntentId: text('payment_intent_id'),
    carrier: text('carrier'),
    trackingNumber: text('tracking_number'),
    trackingUrl: text('tracking_url'),
    /** The 6 digits the buyer gives the seller at a local pickup. */
    handoffCode: text('handoff_code'),
    payout: text('payout', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    transferId: text('transfer_id'),
    /** A refund is owed (the job sends it) or was made. */
    refund: text('refund', { enum: ['due', 'refunded'] }),
    refundId: text('refund_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    /** Delivered or picked up: a held payment is released 7 days after, unless the buyer confirms first. */
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The seller accepted returns on the listing when it was bought (docs/payments.md, "Returns"). */
    returnsAccepted: boolean('returns_accepted').notNull().default(false),
    /** The buyer's fleet vehicle the fit badge named at checkout: the fit guarantee covers it. */
    fitVehicle: jsonb('fit_vehicle').$type<Fit>(),
    /**
     * Not completed by itself before this (besides 7 days after delivery): a refused return leaves the
     * buyer time to open a dispute.
     */
    releaseAfter: timestamp('release_after', { withTimezone: true }),
    /** A dispute is open: nothing is released or paid out until it is decided. */
    frozen: boolean('frozen').notNull().default(false),
    /** What a refund gives back, in cents: null is the whole total (a dispute may decide less). */
    refundCents: integer('refund_cents'),
    /** What was transferred to the seller (their share, less a referral and a partial refund). */
    transferCents: integer('transfer_cents'),
    /** Taken back from a seller already paid, for a refund decided later: how much, and Stripe's reversal. */
    reversalCents: integer('reversal_cents'),
    reversalId: text('reversal_id'),
    /** The member whose referral link brought the buyer, and what they earn of the seller's share. */
    referrerId: text('referrer_id').references(() => users.id, { onDelete: 'set null' }),
    referralCents: integer('referral_cents').notNull().default(0),
    referral: text('referral', { enum: REFERRAL_STATES }).notNull().default('none'),
    referralTransferId: text('referral_transfer_id'),
    /** When Stripe created the newest event applied to this order. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One buyer: a listing has at most one order on its way, whoever clicks at the same moment.
    uniqueIndex('orders_listing_open_idx')
      .on(table.listingId)
      .where(sql`${table.status} not in ('completed', 'cancelled', 'refunded')`),
    // A member's orders, as buyer and as seller, newest first (pending sales and history, keyset on
    // (updated_at, id)).
    index('orders_buyer_idx').on(
      table.buyerId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('orders_seller_idx').on(
      table.sellerId,
      table.updatedAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    // ... and the open ones alone (pending sales), so a long history is never walked for them.
    index('orders_buyer_open_idx')
      .on(table.buyerId, table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} not in ('completed', 'cancelled', 'refunded')`),
    index('orders_seller_open_idx')
      .on(table.sellerId, table.updatedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.status} not in ('completed', 'cancelled', 'refunded')`),
    // The seller level: completed orders per seller, counted in the index.
    index('orders_seller_completed_idx')
      .on(table.sellerId)
      .where(sql`${table.status} = 'completed'`),
    // A conversation's orders (its thread links the newest).
    index('orders_conversation_idx')
      .on(table.conversationId)
      .where(sql`${table.conversationId} is not null`),
    // A referrer's earnings, newest first.
    index('orders_referrer_idx')
      .on(table.referrerId, table.updatedAt.desc().nullsFirst())
      .where(sql`${table.referrerId} is not null`),
    // The order a card dispute names (by the payment Stripe took).
    index('orders_payment_intent_idx')
      .on(table.paymentIntentId)
      .where(sql`${table.paymentIntentId} is not null`),
    // The hourly reconciliation walks recent paid orders.
    index('orders_paid_at_idx')
      .on(table.paidAt)
      .where(sql`${table.paidAt} is not null`),
    // ... and the orders whose money moved recently (a payout or refund recorded).
    index('orders_money_updated_idx')
      .on(table.updatedAt)
      .where(sql`not ${table.demo} and (${table.transferId} is not null or ${table.refundId} is not null)`),
  ],
);

/** An order's timeline: each step, when, and who took it (null: ModMarket or Stripe). */
export const orderEvents = pgTable(
  'order_events',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ORDER_EVENTS }).notNull(),
    actorId: text('actor_id').references(() => users.id, { onDelete: 'set null' }),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('order_events_order_idx').on(table.orderId, table.id)],
);

/**
 * A difference the hourly reconciliation found between an order and Stripe's record, for the
 * moderation desk until a moderator resolves it. `key` names the difference, so a later run that finds
 * it again adds nothing.
 */
export const paymentDifferences = pgTable(
  'payment_differences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    key: text('key').notNull().unique(),
    kind: text('kind', { enum: PAYMENT_DIFFERENCES }).notNull(),
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    stripeId: text('stripe_id'),
    expectedCents: integer('expected_cents'),
    stripeCents: integer('stripe_cents'),
    foundAt: timestamp('found_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedBy: text('resolved_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    // The desk's open differences, oldest first.
    index('payment_differences_open_idx')
      .on(table.foundAt, table.id)
      .where(sql`${table.resolvedAt} is null`),
  ],
);

/**
 * A return the buyer asked for (one per order, docs/payments.md "Returns"): its reason, words and
 * photos, the seller's answer, and the parcel that brings the part back.
 */
export const orderReturns = pgTable('order_returns', {
  orderId: uuid('order_id')
    .primaryKey()
    .references(() => orders.id, { onDelete: 'cascade' }),
  reason: text('reason', { enum: RETURN_REASONS }).notNull(),
  details: text('details').notNull(),
  photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default([]),
  status: text('status', { enum: RETURN_STATUSES }).notNull(),
  /** Accepted at once under the fit guarantee. */
  guaranteed: boolean('guaranteed').notNull().default(false),
  /** While requested: silence accepts it then. */
  answerBy: timestamp('answer_by', { withTimezone: true }),
  refusal: text('refusal'),
  carrier: text('carrier'),
  trackingNumber: text('tracking_number'),
  trackingUrl: text('tracking_url'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A dispute about an order (docs/payments.md "Disputes"): opened by its buyer or seller (one each
 * order), or by the buyer's bank (a Stripe card dispute, by its id). Decided by the moderation desk, or
 * for a card dispute by the bank.
 */
export const disputes = pgTable(
  'disputes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    orderId: uuid('order_id')
      .notNull()
      .references(() => orders.id, { onDelete: 'cascade' }),
    openedBy: text('opened_by', { enum: DISPUTE_OPENERS }).notNull(),
    status: text('status', { enum: DISPUTE_STATUSES }).notNull().default('open'),
    stripeDisputeId: text('stripe_dispute_id').unique(),
    cardReason: text('card_reason'),
    answerBy: timestamp('answer_by', { withTimezone: true }),
    outcome: text('outcome', { enum: DISPUTE_OUTCOMES }),
    refundCents: integer('refund_cents'),
    note: text('note'),
    decidedBy: text('decided_by').references(() => users.id, { onDelete: 'set null' }),
    decidedAt: timestamp('decided_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One dispute by the members per order (a card dispute may come besides).
    uniqueIndex('disputes_member_order_idx')
      .on(table.orderId)
      .where(sql`${table.openedBy} <> 'card'`),
    index('disputes_order_idx').on(table.orderId, table.createdAt),
    // The desk's queue: open disputes, oldest first.
    index('disputes_open_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'open'`),
  ],
);

/** What each side (and the desk) said in a dispute, with photos, in order. */
export const disputeEntries = pgTable(
  'dispute_entries',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    disputeId: uuid('dispute_id')
      .notNull()
      .references(() => disputes.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => users.id, { onDelete: 'set null' }),
    side: text('side', { enum: ['buyer', 'seller', 'moderator'] }).notNull(),
    body: text('body').notNull(),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default([]),
    at: timestamp('at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('dispute_entries_dispute_idx').on(table.disputeId, table.id)],
);

/**
 * A member's referral link to a listing: a short random code (nothing about the member in the URL),
 * one per member and listing.
 */
export const referralLinks = pgTable(
  'referral_links',
  {
    code: text('code').primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    referrerId: text('referrer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [uniqueIndex('referral_links_member_listing_idx').on(table.listingId, table.referrerId)],
);
