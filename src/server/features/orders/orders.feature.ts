import type { Feature, Infrastructure } from '../feature';
import type { BillingService } from '../billing/billing.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { orderJobs } from './order-jobs';
import { paymentsMode } from './payments-mode';
import { createOrdersService } from './orders.service';
import { ordersRoutes } from './orders.routes';
import { reconciliation } from './reconcile';
import { stripePayments } from './stripe-payments';
import type { FleetService } from '../fleet/fleet.service';
import { createDisputes } from './disputes';
import { createReturns } from './returns';
import { referrals } from './referrals';

/**
 * Deals closed on ModMarket (docs/payments.md): checkout, orders and their steps, payouts to sellers
 * through Stripe Connect (or demo mode), and Stripe's events about them, which billing's webhook
 * verifies and records and this feature applies.
 */
export function ordersFeature(
  deps: Pick<
    Infrastructure,
    'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'clock' | 'limit' | 'cookies'
  > & {
    billing: BillingService;
    notifications: NotificationsService;
    fleet: Pick<FleetService, 'list'>;
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
    fleet: deps.fleet,
  });
  const cases = { db: deps.db, clock: deps.clock, wakeJobs: deps.wakeJobs, getOrder: orders.get };
  const returns = createReturns(cases);
  const disputes = createDisputes(cases);
  const referralLinks = referrals({
    db: deps.db,
    publicUrl: env.PUBLIC_URL,
    cookies: deps.cookies,
    secretsKey: env.secretsKey,
    clock: deps.clock,
  });
  const feature = {
    service: orders,
    routes: ordersRoutes({
      orders,
      payments,
      returns,
      disputes,
      referrals: referralLinks,
      limit: deps.limit,
    }),
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
  /**
   * The hourly comparison with Stripe, and the differences it keeps for the moderation desk; the
   * disputes the desk decides.
   */
  return { ...feature, reconciliation: reconciliation({ db: deps.db, stripe }), disputes };
}
