import { z } from 'zod';
import { SELLER_LEVELS } from '../fees';
import { DeskMessageSchema, DisputeSchema } from './disputes';
import { PhotoViewSchema } from './listings';
import { cents } from './money';
import { REFERRAL_STATES } from './referrals';
import { OrderReturnSchema } from './returns';
import { TrackingSchema } from './tracking';
import { FitSchema } from './vehicles';

/**
 * Where an order stands (docs/payments.md has the diagram). `awaiting_payment`: the buyer is at
 * Stripe's checkout, the listing already held for them; `paid`; then `shipped` and `delivered`, or
 * `ready_for_pickup` and `picked_up`; then `completed`. `cancelled`: before shipping or hand-over,
 * refunded in full when it was paid. `refunded`: the part came back from a return, or a dispute was
 * decided for a full refund.
 */
export const ORDER_STATUSES = [
  'awaiting_payment',
  'paid',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'picked_up',
  'completed',
  'cancelled',
  'refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** Orders done with: what `/history` lists (the database's partial indexes name the same two). */
export const CLOSED_ORDER_STATUSES: readonly OrderStatus[] = ['completed', 'cancelled', 'refunded'];

/** Orders still on their way (every other status): what `/pending-sales` lists. */
export const OPEN_ORDER_STATUSES: readonly OrderStatus[] = ORDER_STATUSES.filter(
  (status) => !CLOSED_ORDER_STATUSES.includes(status),
);

/**
 * What a member may do with an order (its page's buttons); all but `cancel`, `request_return` and
 * `open_dispute` are also a next step. The return's steps: the seller answers it, the buyer sends the
 * part back, the seller confirms it came back (then the buyer is refunded).
 */
export const ORDER_ACTIONS = [
  'pay',
  'ship',
  'ready',
  'hand_over',
  'mark_delivered',
  'confirm_receipt',
  'cancel',
  'request_return',
  'answer_return',
  'send_return',
  'receive_return',
  'open_dispute',
] as const;
export type OrderAction = (typeof ORDER_ACTIONS)[number];

export const DELIVERY_METHODS = ['ship', 'pickup'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** What happens to an order, in its timeline. */
export const ORDER_EVENTS = [
  'created',
  'paid',
  'shipped',
  'ready_for_pickup',
  'delivered',
  'picked_up',
  'receipt_confirmed',
  'completed',
  'cancelled',
  'expired',
  'refunded',
  'paid_out',
  'return_requested',
  'return_accepted',
  'return_refused',
  'return_sent',
  'return_received',
  'dispute_opened',
  'dispute_decided',
  'card_dispute',
  'referral_paid',
] as const;
export type OrderEventKind = (typeof ORDER_EVENTS)[number];

/** The seller's side of the money: not yet released, released and being sent, sent, or none (cancelled). */
export const PAYOUT_STATUSES = ['pending', 'due', 'paid', 'none'] as const;
export type PayoutStatus = (typeof PAYOUT_STATUSES)[number];

const line = (max: number, message = 'validation.required') =>
  z.string().trim().min(1, message).max(max, 'validation.tooLong');

/** Where a shipped part goes: a US address. */
export const ShippingAddressSchema = z
  .object({
    name: line(100),
    line1: line(200),
    line2: z.string().trim().max(200, 'validation.tooLong').default(''),
    city: line(100),
    state: z
      .string()
      .trim()
      .toUpperCase()
      .regex(/^[A-Z]{2}$/, 'validation.stateInvalid'),
    zip: z
      .string()
      .trim()
      .regex(/^\d{5}(-\d{4})?$/, 'validation.zipInvalid'),
  })
  .meta({ id: 'ShippingAddress' });
export type ShippingAddress = z.infer<typeof ShippingAddressSchema>;

/**
 * Buy a listing at its price, or an accepted offer at its amount (`offerId`): the buyer says only how
 * it reaches them; every amount is the server's.
 */
export const PlaceOrderSchema = z
  .discriminatedUnion('delivery', [
    z.object({
      delivery: z.literal('ship'),
      address: ShippingAddressSchema,
      offerId: z.uuid().optional(),
    }),
    z.object({ delivery: z.literal('pickup'), offerId: z.uuid().optional() }),
  ])
  .meta({ id: 'PlaceOrder' });
export type PlaceOrderInput = z.input<typeof PlaceOrderSchema>;

/** What the seller sends when marking an order shipped. */
export const ShipOrderSchema = TrackingSchema.meta({ id: 'ShipOrder' });

/** The buyer's 6-digit hand-off code, entered by the seller handing the part over. */
export const HandOverSchema = z
  .object({
    code: z
      .string()
      .trim()
      .regex(/^\d{6}$/, 'validation.handoffCodeInvalid'),
  })
  .meta({ id: 'HandOver' });

const OrderAmountsSchema = z.object({
  itemCents: cents(),
  shippingCents: cents(),
  totalCents: cents(),
  /** The seller's fee by level, and its rate in basis points (350 = 3.5%). */
  feeCents: cents(),
  feeBasisPoints: z.number().int(),
  processingCents: cents(),
  payoutCents: cents(),
});

/** What a checkout shows before paying: the buyer's total, the options the seller offers. */
export const CheckoutQuoteSchema = z
  .object({
    listingId: z.string(),
    title: z.string(),
    offerId: z.string().nullable(),
    itemCents: cents(),
    /** Shipping offered at this price, or null when the seller does not ship it. */
    shippingCents: cents().nullable(),
    localPickup: z.boolean(),
    /** The payment is held until the buyer has the part (a Gold seller's choice, always for Platinum). */
    held: z.boolean(),
    /** Demo payments: nothing is charged. */
    demo: z.boolean(),
    sellerName: z.string().nullable(),
    /** The seller accepts returns within 7 days. */
    returnsAccepted: z.boolean(),
    /** The buyer's fleet vehicle it fits (the fit guarantee covers it), or null. */
    fitVehicle: FitSchema,
  })
  .meta({ id: 'CheckoutQuote' });
export type CheckoutQuote = z.infer<typeof CheckoutQuoteSchema>;

export const OrderEventSchema = z.object({
  kind: z.enum(ORDER_EVENTS),
  at: z.string(),
});

/** The next step of an order, and whose it is. */
export const NextStepSchema = z
  .object({
    action: z.enum(ORDER_ACTIONS).exclude(['cancel', 'request_return', 'open_dispute']),
    by: z.enum(['buyer', 'seller']),
  })
  .nullable();

export const OrderSchema = OrderAmountsSchema.extend({
  id: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  photo: PhotoViewSchema.nullable(),
  /** The member asking: the buyer or the seller (moderators see it as `moderator`). */
  role: z.enum(['buyer', 'seller', 'moderator']),
  buyer: z.object({ id: z.string(), name: z.string().nullable() }),
  seller: z.object({ id: z.string(), name: z.string().nullable(), level: z.enum(SELLER_LEVELS) }),
  status: z.enum(ORDER_STATUSES),
  delivery: z.enum(DELIVERY_METHODS),
  /** Only the two parties and the moderation desk see it. */
  address: ShippingAddressSchema.nullable(),
  held: z.boolean(),
  demo: z.boolean(),
  payout: z.enum(PAYOUT_STATUSES),
  refunded: z.boolean(),
  carrier: z.string().nullable(),
  trackingNumber: z.string().nullable(),
  trackingUrl: z.string().nullable(),
  /** The buyer's hand-off code (only the buyer sees it, while it is still to be given). */
  handoffCode: z.string().nullable(),
  /** When a held payment is released by itself, if the buyer does not confirm first. */
  releasesAt: z.string().nullable(),
  conversationId: z.string().nullable(),
  /** The seller accepted returns within 7 days on this listing when it was bought. */
  returnsAccepted: z.boolean(),
  /**
   * The buyer's fleet vehicle the listing's fit badge named at checkout: "doesn't fit" is then always
   * accepted as a reason to return it (the fit guarantee). Null: no fit was claimed.
   */
  fitVehicle: FitSchema,
  /** Until when the buyer may ask to return it (null: not delivered yet, or no longer). */
  returnUntil: z.string().nullable(),
  /** The return asked for, if any (one per order). */
  return: OrderReturnSchema.nullable(),
  /** The order's dispute (a member's, or a card dispute the bank opened), newest. */
  dispute: DisputeSchema.nullable(),
  /** A dispute is open: nothing is paid out until the moderation desk (or the bank) decides. */
  frozen: z.boolean(),
  /** What was (or is being) refunded, in cents: the total, or a dispute's partial amount. */
  refundCents: cents().nullable(),
  /**
   * The referral commission taken from the seller's share (0: none), and where it stands (only the
   * seller and the moderation desk see it).
   */
  referralCents: cents(),
  referral: z.enum(REFERRAL_STATES),
  nextStep: NextStepSchema,
  /** What the member asking may do now. */
  actions: z.array(z.enum(ORDER_ACTIONS)),
  createdAt: z.string(),
  timeline: z.array(OrderEventSchema),
}).meta({ id: 'Order' });
export type Order = z.infer<typeof OrderSchema>;

/** One dispute as the moderation desk reads it: the order (its dispute, timeline) and its conversation. */
export const DeskDisputeSchema = z
  .object({ order: OrderSchema, messages: z.array(DeskMessageSchema) })
  .meta({ id: 'DeskDispute' });
export type DeskDispute = z.infer<typeof DeskDisputeSchema>;

/** A row of `/pending-sales` and `/history`. */
export const OrderSummarySchema = OrderSchema.pick({
  id: true,
  listingTitle: true,
  photo: true,
  role: true,
  status: true,
  delivery: true,
  totalCents: true,
  payoutCents: true,
  feeCents: true,
  processingCents: true,
  itemCents: true,
  shippingCents: true,
  nextStep: true,
  createdAt: true,
  demo: true,
  refunded: true,
}).extend({ otherName: z.string().nullable(), updatedAt: z.string() });
export type OrderSummary = z.infer<typeof OrderSummarySchema>;

export const OrderListSchema = z
  .object({ items: z.array(OrderSummarySchema), nextCursor: z.string().nullable() })
  .meta({ id: 'OrderList' });

/** Placing an order answers the order, and where to pay when it is paid at Stripe. */
export const PlacedOrderSchema = z
  .object({ orderId: z.string(), payUrl: z.string().nullable() })
  .meta({ id: 'PlacedOrder' });

/** A seller's payouts: not connected, Stripe still verifying, or ready (demo: ready at once). */
export const PAYOUT_ACCOUNT_STATES = ['not_connected', 'pending', 'ready'] as const;
export const PayoutsSchema = z
  .object({
    state: z.enum(PAYOUT_ACCOUNT_STATES),
    mode: z.enum(['stripe', 'demo', 'off']),
    level: z.enum(SELLER_LEVELS),
    feeBasisPoints: z.number().int(),
    completedSales: z.number().int(),
    nextLevel: z.object({ level: z.enum(SELLER_LEVELS), at: z.number().int() }).nullable(),
  })
  .meta({ id: 'Payouts' });
export type Payouts = z.infer<typeof PayoutsSchema>;

export const PayoutsLinkSchema = z.object({ url: z.string().nullable() }).meta({ id: 'PayoutsLink' });

/**
 * What the hourly reconciliation can find between ModMarket's orders and Stripe's record
 * (docs/payments.md, "Reconciliation"): money Stripe moved that no order records, money an order
 * records that Stripe never moved, and amounts that differ.
 */
export const PAYMENT_DIFFERENCES = [
  'payment_unrecorded',
  'payment_missing',
  'payout_unrecorded',
  'payout_missing',
  'refund_unrecorded',
  'refund_missing',
  'amount_differs',
] as const;
export type PaymentDifferenceKind = (typeof PAYMENT_DIFFERENCES)[number];

export const PaymentDifferenceSchema = z
  .object({
    id: z.string(),
    kind: z.enum(PAYMENT_DIFFERENCES),
    /** The order it concerns; null when Stripe names an order ModMarket does not have. */
    orderId: z.string().nullable(),
    listingTitle: z.string().nullable(),
    /** Stripe's object (a checkout session, payment intent, transfer or refund). */
    stripeId: z.string().nullable(),
    /** What the order says, and what Stripe says, in cents (null where one of them has nothing). */
    expectedCents: z.number().int().nullable(),
    stripeCents: z.number().int().nullable(),
    foundAt: z.string(),
  })
  .meta({ id: 'PaymentDifference' });
export type PaymentDifference = z.infer<typeof PaymentDifferenceSchema>;

export const PaymentDifferenceListSchema = z
  .object({ items: z.array(PaymentDifferenceSchema), nextCursor: z.string().nullable() })
  .meta({ id: 'PaymentDifferenceList' });
