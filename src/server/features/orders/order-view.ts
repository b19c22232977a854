import { publicName } from '@common/labels';
import type { Dispute } from '@common/schemas/disputes';
import type { Order, OrderSummary } from '@common/schemas/orders';
import { RETURN_DAYS, type ReturnStatus } from '@common/schemas/returns';
import { secondsAfter } from '../../clock';
import type { disputes, orderReturns, orders } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { photoView } from '../../cards/listing-card';
import { actionsFor, nextStep } from './order-machine';

export type OrderRow = typeof orders.$inferSelect;
export type ReturnRow = typeof orderReturns.$inferSelect;
export type DisputeRow = typeof disputes.$inferSelect;

/** A return still on its way: the seller to answer, the part to go back, or to be confirmed back. */
export const OPEN_RETURN_STATUSES: readonly ReturnStatus[] = ['requested', 'accepted', 'sent'];
export const returnOpen = (status: ReturnStatus | null | undefined) =>
  Boolean(status && OPEN_RETURN_STATUSES.includes(status));

/** Statuses a paid order may be disputed in (paid, not yet completed, cancelled or refunded). */
const DISPUTABLE: readonly OrderRow['status'][] = [
  'paid',
  'ready_for_pickup',
  'shipped',
  'delivered',
  'picked_up',
];
/** Statuses the buyer has the part in: a return may be asked for. */
const RETURNABLE: readonly OrderRow['status'][] = ['shipped', 'delivered', 'picked_up'];

/** Until when the buyer may ask to return it: 7 days after delivery or pickup (open-ended while shipped). */
export function returnUntil(row: OrderRow): Date | null {
  if (!RETURNABLE.includes(row.status) || (!row.returnsAccepted && !row.fitVehicle)) return null;
  return row.deliveredAt ? secondsAfter(row.deliveredAt, RETURN_DAYS * 86_400) : null;
}

/** Whether the buyer may ask to return it now. */
export function mayRequestReturn(row: OrderRow, ret: { status: ReturnStatus } | null, now: Date): boolean {
  if (ret || row.frozen || !RETURNABLE.includes(row.status)) return false;
  if (!row.returnsAccepted && !row.fitVehicle) return false;
  const until = returnUntil(row);
  return !until || now < until;
}

/** Whether a member may open a dispute on it now (one by the members per order). */
export function mayDispute(row: OrderRow, memberDispute: boolean): boolean {
  return !memberDispute && DISPUTABLE.includes(row.status) && row.paidAt !== null;
}

/** Days after delivery or pickup that a payment still held is released by itself. */
export const RELEASE_DAYS = 7;

/** When a held payment delivered or picked up at `deliveredAt` is released, unless the buyer confirms first. */
export const releaseTime = (deliveredAt: Date): Date => secondsAfter(deliveredAt, RELEASE_DAYS * 86_400);

export interface People {
  buyerFirst: string | null;
  buyerLast: string | null;
  sellerFirst: string | null;
  sellerLast: string | null;
}

/** Who is asking, as the order sees them. */
export function roleIn(row: OrderRow, viewer: { id: string; isAdmin: boolean }) {
  if (row.buyerId === viewer.id) return 'buyer' as const;
  if (row.sellerId === viewer.id) return 'seller' as const;
  return viewer.isAdmin ? ('moderator' as const) : null;
}

/** An order as its page shows it to one of its two members, or to the moderation desk. */
export function toOrder(
  storage: Storage,
  row: OrderRow,
  people: People,
  role: 'buyer' | 'seller' | 'moderator',
  timeline: { kind: Order['timeline'][number]['kind']; at: string }[],
  cases: { ret: ReturnRow | null; dispute: Dispute | null; memberDispute: boolean; now: Date },
): Order {
  const party = role === 'moderator' ? null : role;
  const { ret } = cases;
  const held = row.frozen || returnOpen(ret?.status);
  const releasesAt =
    row.held && row.deliveredAt && row.payout === 'pending' && row.status !== 'completed' && !held
      ? releaseAt(row).toISOString()
      : null;
  const until = returnUntil(row);
  return {
    id: row.id,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    photo: row.photo ? photoView(storage, row.photo) : null,
    role,
    buyer: { id: row.buyerId, name: publicName(people.buyerFirst, people.buyerLast) },
    seller: {
      id: row.sellerId,
      name: publicName(people.sellerFirst, people.sellerLast),
      level: row.sellerLevel,
    },
    status: row.status,
    delivery: row.delivery,
    address: row.address ?? null,
    held: row.held,
    demo: row.demo,
    payout: row.payout,
    refunded: row.refund === 'refunded',
    itemCents: row.itemCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    feeCents: row.feeCents,
    feeBasisPoints: row.feeBasisPoints,
    processingCents: row.processingCents,
    payoutCents: row.payoutCents,
    carrier: row.carrier,
    trackingNumber: row.trackingNumber,
    trackingUrl: row.trackingUrl,
    // The buyer's to give, while the part is still to be handed over.
    handoffCode:
      role === 'buyer' && (row.status === 'paid' || row.status === 'ready_for_pickup')
        ? row.handoffCode
        : null,
    releasesAt,
    conversationId: row.conversationId,
    returnsAccepted: row.returnsAccepted,
    fitVehicle: row.fitVehicle ?? null,
    returnUntil: until && !ret && until > cases.now ? until.toISOString() : null,
    return: ret ? toReturn(storage, ret) : null,
    dispute: cases.dispute,
    frozen: row.frozen,
    refundCents: row.refund ? (row.refundCents ?? row.totalCents) : null,
    referralCents: role === 'buyer' ? 0 : row.referralCents,
    referral: role === 'buyer' ? 'none' : row.referral,
    nextStep: nextStep(row, ret?.status),
    actions: party ? caseActions(row, party, cases, actionsFor(row, party)) : [],
    createdAt: row.createdAt.toISOString(),
    timeline,
  };
}

/**
 * What the seller's transfer is: their share, less a referral (held back for the referrer until the
 * order completes) and a partial refund the desk decided before the payout.
 */
export function sellerTransferCents(
  row: Pick<
    OrderRow,
    'payoutCents' | 'referral' | 'referralCents' | 'status' | 'refund' | 'refundCents' | 'totalCents'
  >,
): number {
  const referral = row.referral === 'none' || row.referral === 'void' ? 0 : row.referralCents;
  const refunded = row.status === 'completed' && row.refund ? (row.refundCents ?? row.totalCents) : 0;
  return Math.max(0, row.payoutCents - refunded - referral);
}

/** What a referral sends: its amount, never more than the seller's share left after a partial refund. */
export function referralTransferCents(
  row: Pick<OrderRow, 'payoutCents' | 'referralCents' | 'refund' | 'refundCents' | 'totalCents'>,
): number {
  const refunded = row.refund ? (row.refundCents ?? row.totalCents) : 0;
  return Math.max(0, Math.min(row.referralCents, row.payoutCents - refunded));
}

/** When an order delivered or picked up completes by itself (a refused return may have put it off). */
export function releaseAt(row: Pick<OrderRow, 'deliveredAt' | 'releaseAfter'>): Date {
  const base = releaseTime(row.deliveredAt ?? new Date(0));
  return row.releaseAfter && row.releaseAfter > base ? row.releaseAfter : base;
}

/** The machine's buttons, with the return's and the dispute's steps; confirming waits while one is open. */
function caseActions(
  row: OrderRow,
  party: 'buyer' | 'seller',
  cases: { ret: ReturnRow | null; memberDispute: boolean; now: Date },
  actions: Order['actions'],
): Order['actions'] {
  const { ret } = cases;
  const open = row.frozen || returnOpen(ret?.status);
  const all: Order['actions'] = open
    ? actions.filter((action) => action !== 'confirm_receipt')
    : [...actions];
  if (party === 'buyer' && mayRequestReturn(row, ret, cases.now)) all.push('request_return');
  if (ret && RETURNABLE.includes(row.status)) {
    if (party === 'seller' && ret.status === 'requested') all.push('answer_return');
    if (party === 'buyer' && ret.status === 'accepted') all.push('send_return');
    if (party === 'seller' && (ret.status === 'accepted' || ret.status === 'sent'))
      all.push('receive_return');
  }
  if (mayDispute(row, cases.memberDispute)) all.push('open_dispute');
  return all;
}

function toReturn(storage: Storage, ret: ReturnRow): NonNullable<Order['return']> {
  return {
    reason: ret.reason,
    details: ret.details,
    photos: ret.photos.map((photo) => photoView(storage, photo)),
    status: ret.status,
    guaranteed: ret.guaranteed,
    answerBy: ret.status === 'requested' && ret.answerBy ? ret.answerBy.toISOString() : null,
    refusal: ret.refusal,
    carrier: ret.carrier,
    trackingNumber: ret.trackingNumber,
    trackingUrl: ret.trackingUrl,
    createdAt: ret.createdAt.toISOString(),
  };
}

/** A row of the pending-sales and history lists. */
export function toSummary(
  storage: Storage,
  row: OrderRow,
  role: 'buyer' | 'seller',
  otherName: string | null,
  returnStatus: ReturnStatus | null,
): OrderSummary {
  return {
    id: row.id,
    listingTitle: row.listingTitle,
    photo: row.photo ? photoView(storage, row.photo) : null,
    role,
    status: row.status,
    delivery: row.delivery,
    itemCents: row.itemCents,
    shippingCents: row.shippingCents,
    totalCents: row.totalCents,
    feeCents: row.feeCents,
    processingCents: row.processingCents,
    payoutCents: row.payoutCents,
    nextStep: nextStep(row, returnStatus),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    demo: row.demo,
    refunded: row.refund === 'refunded',
    otherName,
  };
}
