import { z } from 'zod';
import { PLANS } from '../catalog';

export const ChangePlanSchema = z
  .object({ plan: z.enum(PLANS, { error: 'validation.invalid' }) })
  .meta({ id: 'ChangePlan' });

/**
 * `stripe`: paid plans through Stripe Checkout; `demo`: plans switch at once and no payment is taken
 * (only with BILLING_DEMO, never in production); `off`: no payment provider, so no paid plan is offered.
 */
export const BILLING_MODES = ['stripe', 'demo', 'off'] as const;
export type BillingMode = (typeof BILLING_MODES)[number];

export const BillingSchema = z
  .object({
    plan: z.enum(PLANS),
    mode: z.enum(BILLING_MODES),
    usage: z.object({
      activeListings: z.number(),
      activeListingsLimit: z.number().nullable(),
      conversationsThisMonth: z.number(),
      conversationsLimit: z.number().nullable(),
    }),
    /** A payment failed: the paid plan is kept until then (ISO time), then it lapses to Bronze. */
    graceUntil: z.string().nullable(),
    /** Whether Stripe's billing portal (invoices, cards) can be opened for this member. */
    portal: z.boolean(),
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof BillingSchema>;

export const PlanChangeResultSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('changed'), plan: z.enum(PLANS), mode: z.enum(['demo', 'stripe']) }),
    /** Stripe Checkout: send the member there. */
    z.object({ status: z.literal('redirect'), url: z.string() }),
    /** Asked of Stripe (an upgrade is invoiced at once); the webhook applies it once paid. */
    z.object({ status: z.literal('pending') }),
    /** Back to Bronze when the period already paid for ends (ISO time, when Stripe said). */
    z.object({ status: z.literal('scheduled'), at: z.string().nullable() }),
  ])
  .meta({ id: 'PlanChangeResult' });
export type PlanChangeResult = z.infer<typeof PlanChangeResultSchema>;

export const BillingPortalSchema = z.object({ url: z.string() }).meta({ id: 'BillingPortal' });
export type BillingPortal = z.infer<typeof BillingPortalSchema>;
