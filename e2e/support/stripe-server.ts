/**
 * The third app of the end-to-end run (playwright.config.ts): Stripe billing, with Stripe's API, its
 * hosted Checkout page and its webhooks played by a stand-in on the next port (scripts/e2e-stripe.mjs).
 * Journeys of Stripe billing run against it with `test.use({ baseURL: STRIPE_BASE_URL })`.
 */
const port = Number(process.env.E2E_PORT ?? 4173);

export const STRIPE_BASE_URL = `http://localhost:${port + 2}`;

/** The stand-in for Stripe: its hosted pages, and `/test/…` to make a payment fail or succeed. */
export const STRIPE_STANDIN_URL = `http://localhost:${port + 3}`;
