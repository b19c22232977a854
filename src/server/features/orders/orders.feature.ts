import type { Feature, Infrastructure } from '../feature';
import type { BillingService } from '../billing/billing.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { orderJobs } from './order-jobs';
import { paymentsMode } from './payments-mode';
import { createOrdersService } from './orders.service';
import { ordersRoutes } from './orders.routes';
import { reconciliation } from './reconcile';
import { stripePayments } from './stripe-payments';

/**
 * Deals closed on ModMarket (docs/payments.md): checkout, orders and their steps, payouts to sellers
 * through Stripe Connect (or demo mode), and Stripe's events about them, which billing's webhook
 * verifies and records and this feature applies.
 */
export function ordersFeature(
  deps: Pick<Infrastructure, 'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'clock' | 'limit'> & {
    billing: BillingService;
    notifications: NotificationsService;
  },
) {
  const { env } = deps;
  const stripe = deps.billing.stripe;
  const mode = paymentsMode(env);
  const payments = stripePayments({ db: deps.db, stripe, publicUrl: env.PUBLIC_URL, clock: deps.clock });
  deps.billing.onStripeEvent((tx, event) => payments.apply(tx, event));
  const endCheckout = (sessionId: string) => payments.endCheckout(sessionId);
  const orders = createOrdersService({
    db: deps.db,
    storage: deps.storage,
    mode,
    publicUrl: env.PUBLIC_URL,
    wakeJobs: deps.wakeJobs,
    clock: deps.clock,
    startCheckout: (order, email) => payments.startCheckout(order, email),
    endCheckout,
    checkoutUrl: (sessionId) => payments.checkoutUrl(sessionId),
  });
  const feature = {
    service: orders,
    routes: ordersRoutes({ orders, payments, limit: deps.limit }),
    jobHandlers: {
      ...payments.jobHandlers,
      ...orderJobs({
        db: deps.db,
        notifications: deps.notifications,
        mailer: deps.mailer,
        publicUrl: env.PUBLIC_URL,
        clock: deps.clock,
        endCheckout,
      }),
    },
  } satisfies Feature;
  /** The hourly comparison with Stripe, and the differences it keeps for the moderation desk. */
  return { ...feature, reconciliation: reconciliation({ db: deps.db, stripe }) };
}
