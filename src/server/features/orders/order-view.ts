import { publicName } from '@common/labels';
import type { Order, OrderSummary } from '@common/schemas/orders';
import { secondsAfter } from '../../clock';
import type { orders } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { photoView } from '../../cards/listing-card';
import { actionsFor, nextStep } from './order-machine';

export type OrderRow = typeof orders.$inferSelect;

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
): Order {
  const party = role === 'moderator' ? null : role;
  const releasesAt =
    row.held && row.deliveredAt && row.payout === 'pending' && row.status !== 'completed'
      ? releaseTime(row.deliveredAt).toISOString()
      : null;
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
    nextStep: nextStep(row),
    actions: party ? actionsFor(row, party) : [],
    createdAt: row.createdAt.toISOString(),
    timeline,
  };
}

/** A row of the pending-sales and history lists. */
export function toSummary(
  storage: Storage,
  row: OrderRow,
  role: 'buyer' | 'seller',
  otherName: string | null,
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
    nextStep: nextStep(row),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    demo: row.demo,
    refunded: row.refund === 'refunded',
    otherName,
  };
}
