import { sql, type SQL } from 'drizzle-orm';
import type { Env } from '../../env';

/**
 * How deals are paid here: `stripe` when Stripe is configured, `demo` (PAYMENTS_DEMO, never in
 * production) with nothing charged, `off` otherwise (listings stay contact-only).
 */
export function paymentsMode(env: Env): PaymentsMode {
  return env.STRIPE_SECRET_KEY ? 'stripe' : env.PAYMENTS_DEMO ? 'demo' : 'off';
}

export type PaymentsMode = 'stripe' | 'demo' | 'off';

/** Whether a seller takes payment here (Buy now, Pay now): payments are not off and their payouts are ready. */
export function checkoutOffered(mode: PaymentsMode, payouts: string | null | undefined): boolean {
  return mode !== 'off' && payouts === 'ready';
}

/** A seller's completed orders, as a scalar subquery: what their level counts (a partial index). */
export function completedSalesOf(sellerId: string): SQL<number> {
  return sql<number>`(select count(*)::int from orders o where o.seller_id = ${sellerId} and o.status = 'completed')`;
}
