/**
 * What a sale costs the seller (docs/payments.md, "Fees"): a transaction fee by seller level, of the
 * item price (not shipping), and card processing of the whole total. Integer cents and basis points
 * only; the server computes every amount with these, and the client only shows what the server sent
 * (or, on the listing form, the same arithmetic as a preview).
 */

export const SELLER_LEVELS = ['new', 'experienced', 'trusted', 'power'] as const;
export type SellerLevel = (typeof SELLER_LEVELS)[number];

/** Each level from its first completed order, with its fee in basis points (1% = 100). */
const LEVELS: readonly { level: SellerLevel; from: number; feeBasisPoints: number }[] = [
  { level: 'new', from: 0, feeBasisPoints: 350 },
  { level: 'experienced', from: 5, feeBasisPoints: 300 },
  { level: 'trusted', from: 25, feeBasisPoints: 250 },
  { level: 'power', from: 100, feeBasisPoints: 200 },
];

/**
 * Whether a seller's payment waits until the buyer has the part (docs/payments.md, "Escrow by plan"):
 * always on Platinum, on Gold when the listing says so, never on Bronze.
 */
export function paymentHeld(plan: string, holdPayment: boolean): boolean {
  return plan === 'platinum' || (plan === 'gold' && holdPayment);
}

/** Card processing: 2.9% of the total plus 30 cents. */
export const PROCESSING = { basisPoints: 290, fixedCents: 30 } as const;

export interface SellerStanding {
  level: SellerLevel;
  feeBasisPoints: number;
  completedSales: number;
  /** The next level and the completed sales it starts at; null at the top. */
  next: { level: SellerLevel; at: number } | null;
}

/** A seller's level from their completed orders. */
export function sellerStanding(completedSales: number): SellerStanding {
  const count = Math.max(0, Math.floor(completedSales));
  let index = 0;
  for (let i = 0; i < LEVELS.length; i++) if (count >= LEVELS[i]!.from) index = i;
  const current = LEVELS[index]!;
  const next = LEVELS[index + 1];
  return {
    level: current.level,
    feeBasisPoints: current.feeBasisPoints,
    completedSales: count,
    next: next ? { level: next.level, at: next.from } : null,
  };
}

/** `amount` times `basisPoints` / 10 000, rounded half up, in whole cents (no float touches it). */
export function percentOf(amountCents: number, basisPoints: number): number {
  return Math.floor((amountCents * basisPoints + 5_000) / 10_000);
}

export interface OrderAmounts {
  itemCents: number;
  shippingCents: number;
  /** What the buyer pays: item and shipping. */
  totalCents: number;
  /** The seller's fee by level, of the item price. */
  feeCents: number;
  feeBasisPoints: number;
  /** Card processing, of the total. */
  processingCents: number;
  /** What the seller receives: the total less the fee and processing (never below zero). */
  payoutCents: number;
}

/** Every amount of an order, from the item price, the shipping price and the seller's fee rate. */
export function orderAmounts(itemCents: number, shippingCents: number, feeBasisPoints: number): OrderAmounts {
  const totalCents = itemCents + shippingCents;
  const feeCents = percentOf(itemCents, feeBasisPoints);
  const processingCents = percentOf(totalCents, PROCESSING.basisPoints) + PROCESSING.fixedCents;
  return {
    itemCents,
    shippingCents,
    totalCents,
    feeCents,
    feeBasisPoints,
    processingCents,
    payoutCents: Math.max(0, totalCents - feeCents - processingCents),
  };
}
