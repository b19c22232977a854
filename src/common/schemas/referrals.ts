import { z } from 'zod';
import { cents } from './money';

/**
 * Referral commissions (docs/payments.md, "Referrals"): a member shares a listing's link (a short code);
 * a buyer who pays for that listing within 30 days of following it earns the member the seller's
 * referral amount, taken from the seller's share when the order completes.
 */
export const REFERRAL_DAYS = 30;
/** The spec's range for a referral amount: 2% to 10% of the price, in basis points. */
export const REFERRAL_RANGE = { minBasisPoints: 200, maxBasisPoints: 1000 } as const;

/** The most a referral may take of `priceCents` (10%, rounded down): also the cap on an order's. */
export const maxReferralCents = (priceCents: number) =>
  Math.floor((priceCents * REFERRAL_RANGE.maxBasisPoints) / 10_000);

/** Whether a listing's referral amount is within the spec's 2%-10% of its price (whole cents, either way). */
export function referralInRange(amountCents: number, priceCents: number): boolean {
  return (
    amountCents * 10_000 >= priceCents * REFERRAL_RANGE.minBasisPoints &&
    amountCents <= maxReferralCents(priceCents)
  );
}

/**
 * An order's referral: `none`; `pending` until the order completes; then `due` (being transferred),
 * `paid`, or `owed` while the referrer has no payouts connected; `void` when the order did not
 * complete (cancelled or refunded).
 */
export const REFERRAL_STATES = ['none', 'pending', 'owed', 'due', 'paid', 'void'] as const;
export type ReferralState = (typeof REFERRAL_STATES)[number];

/** The code in a referral link: letters and digits, nothing about the member. */
export const ReferralCodeParam = z.object({
  code: z.string().regex(/^[A-Za-z0-9]{8,16}$/, 'validation.referralCodeInvalid'),
});

export const ReferralLinkSchema = z
  .object({ code: z.string(), url: z.string(), amountCents: cents() })
  .meta({ id: 'ReferralLink' });
export type ReferralLink = z.infer<typeof ReferralLinkSchema>;

export const ReferralVisitSchema = z.object({ listingId: z.string() }).meta({ id: 'ReferralVisit' });

export const ReferralEarningSchema = z.object({
  orderId: z.string(),
  listingId: z.string().nullable(),
  listingTitle: z.string(),
  amountCents: cents(),
  state: z.enum(REFERRAL_STATES).exclude(['none']),
  updatedAt: z.string(),
});
export type ReferralEarning = z.infer<typeof ReferralEarningSchema>;

export const ReferralEarningsSchema = z
  .object({
    /** Earned and transferred; earned and waiting for the member's payouts; not yet earned. */
    paidCents: cents(),
    owedCents: cents(),
    pendingCents: cents(),
    items: z.array(ReferralEarningSchema),
  })
  .meta({ id: 'ReferralEarnings' });
export type ReferralEarnings = z.infer<typeof ReferralEarningsSchema>;
