import type { Env } from '../../env';

/**
 * How deals are paid here: `stripe` when Stripe is configured, `demo` (PAYMENTS_DEMO, never in
 * production) with nothing charged, `off` otherwise (listings stay contact-only).
 */
export function paymentsMode(env: Env): 'stripe' | 'demo' | 'off' {
  return env.STRIPE_SECRET_KEY ? 'stripe' : env.PAYMENTS_DEMO ? 'demo' : 'off';
}
