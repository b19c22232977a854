// The Stripe stand-in (scripts/stripe-standin.mjs) for the journeys of Stripe billing and orders:
// imported by scripts/e2e-server.mjs when E2E_STRIPE_PORT is set. It listens on that port and delivers
// its events to E2E_STRIPE_WEBHOOK_URL (default: the app on PORT), signed with STRIPE_WEBHOOK_SECRET
// (Connect's with STRIPE_CONNECT_WEBHOOK_SECRET when set).
import { startStripeStandin } from './stripe-standin.mjs';

await startStripeStandin({
  port: Number(process.env.E2E_STRIPE_PORT),
  webhookUrl:
    process.env.E2E_STRIPE_WEBHOOK_URL ?? `http://127.0.0.1:${process.env.PORT}/api/billing/webhook`,
  webhookSecret: process.env.STRIPE_WEBHOOK_SECRET ?? '',
  connectWebhookSecret: process.env.STRIPE_CONNECT_WEBHOOK_SECRET ?? process.env.STRIPE_WEBHOOK_SECRET ?? '',
  unref: true,
});
