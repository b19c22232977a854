import type Stripe from 'stripe';
import type { Env } from '../../env';
import type { Feature, Infrastructure } from '../feature';
import type { NotificationsService } from '../notifications/notifications.service';
import { createBillingService, type StripeSettings } from './billing.service';
import { billingRoutes } from './billing.routes';

/** Stripe's settings when all four are set, else null (no Stripe). */
function stripeSettings(env: Env): StripeSettings | null {
  return env.STRIPE_SECRET_KEY &&
    env.STRIPE_WEBHOOK_SECRET &&
    env.STRIPE_PRICE_GOLD &&
    env.STRIPE_PRICE_PLATINUM
    ? {
        secretKey: env.STRIPE_SECRET_KEY,
        webhookSecret: env.STRIPE_WEBHOOK_SECRET,
        prices: { gold: env.STRIPE_PRICE_GOLD, platinum: env.STRIPE_PRICE_PLATINUM },
        ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
        ...(env.STRIPE_CONNECT_WEBHOOK_SECRET
          ? { connectWebhookSecret: env.STRIPE_CONNECT_WEBHOOK_SECRET }
          : {}),
      }
    : null;
}

/** Paid plans: checkout, the billing portal, Stripe's webhook and the grace period after a failed payment. */
export function billingFeature(
  deps: Pick<Infrastructure, 'env' | 'db' | 'mailer' | 'wakeJobs' | 'clock'> & {
    notifications: NotificationsService;
    /** A Stripe client (tests point one at a stand-in); built from the settings otherwise. */
    stripeClient?: Stripe | undefined;
  },
) {
  const { env } = deps;
  const billing = createBillingService({
    db: deps.db,
    publicUrl: env.PUBLIC_URL,
    demo: env.BILLING_DEMO,
    graceDays: env.BILLING_GRACE_DAYS,
    notifications: deps.notifications,
    mailer: deps.mailer,
    wakeJobs: deps.wakeJobs,
    stripe: stripeSettings(env),
    ...(deps.stripeClient ? { stripeClient: deps.stripeClient } : {}),
    clock: deps.clock,
  });
  return {
    service: billing,
    routes: billingRoutes(billing),
    jobHandlers: billing.jobHandlers,
  } satisfies Feature;
}
