import { createRoute } from '@hono/zod-openapi';
import {
  BillingPortalSchema,
  BillingSchema,
  ChangePlanSchema,
  PlanChangeResultSchema,
} from '@common/schemas/billing';
import { OkSchema } from '@common/schemas/auth';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { BillingService } from './billing.service';

const tags = ['Plans and billing'];

const routes = {
  overview: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My plan, the billing mode, what I use of the plan, and any grace period after a failed payment',
    responses: { 200: json(BillingSchema, 'Billing'), 401: failure('Not signed in') },
  }),
  change: route({
    member: true,
    method: 'post',
    path: '/plan',
    tags,
    summary:
      'Change plan: through Stripe Checkout or the subscription (applied once paid), at once in demo mode',
    request: body(ChangePlanSchema),
    responses: {
      200: json(PlanChangeResultSchema, 'Changed, pending, scheduled, or where to pay'),
      400: failure('Invalid plan, or already on it'),
      401: failure('Not signed in'),
      503: failure('No payment provider: paid plans are not offered (BILLING_UNAVAILABLE)'),
    },
  }),
  portal: route({
    member: true,
    method: 'post',
    path: '/portal',
    tags,
    summary: "A link into Stripe's billing portal (invoices, cards) for a member Stripe knows",
    responses: {
      200: json(BillingPortalSchema, 'Where to go'),
      401: failure('Not signed in'),
      404: failure('Stripe is not configured, or the member has no billing account'),
    },
  }),
  webhook: createRoute({
    method: 'post',
    path: '/webhook',
    tags,
    summary: 'Stripe webhook (signature verified)',
    responses: {
      200: json(OkSchema, 'Applied'),
      400: failure('Bad signature'),
      404: failure('Stripe is not configured'),
      500: failure('The event could not be applied: not recorded, so Stripe sends it again'),
    },
  }),
};

export function billingRoutes(billing: BillingService) {
  return createRouter()
    .openapi(routes.overview, async (c) => {
      const user = requireUser(c);
      return c.json(await billing.overview(user.id, user.plan), 200);
    })
    .openapi(routes.change, async (c) => {
      const user = requireUser(c);
      return c.json(await billing.changePlan(user, c.req.valid('json').plan), 200);
    })
    .openapi(routes.portal, async (c) => {
      const user = requireUser(c);
      return c.json(await billing.portal(user.id), 200);
    })
    .openapi(routes.webhook, async (c) => {
      // The signature covers the exact bytes sent, so the body is read as text, never re-serialised.
      await billing.webhook(await c.req.text(), c.req.header('stripe-signature'));
      return c.json({ status: 'ok' as const }, 200);
    });
}
