import { z } from 'zod';
import { PLANS } from '../catalog';

export const ChangePlanSchema = z
  .object({ plan: z.enum(PLANS, { error: 'validation.invalid' }) })
  .meta({ id: 'ChangePlan' });

export const BillingSchema = z
  .object({
    plan: z.enum(PLANS),
    /** `demo`: plans switch at once and no payment is taken; `stripe`: Stripe Checkout. */
    mode: z.enum(['demo', 'stripe']),
    usage: z.object({
      activeListings: z.number(),
      activeListingsLimit: z.number().nullable(),
      conversationsThisMonth: z.number(),
      conversationsLimit: z.number().nullable(),
    }),
  })
  .meta({ id: 'Billing' });
export type Billing = z.infer<typeof BillingSchema>;

export const PlanChangeResultSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('changed'), plan: z.enum(PLANS), mode: z.enum(['demo', 'stripe']) }),
    /** Stripe Checkout: send the member there. */
    z.object({ status: z.literal('redirect'), url: z.string() }),
    /** Asked of Stripe; the webhook applies it. */
    z.object({ status: z.literal('pending') }),
  ])
  .meta({ id: 'PlanChangeResult' });
export type PlanChangeResult = z.infer<typeof PlanChangeResultSchema>;
