import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { PLAN_DETAILS, isPlan, type Plan } from '@common/catalog';
import type { Billing, PlanChangeResult } from '@common/schemas/billing';
import type { Db } from '../../db/client';
import { billingAccounts, billingEvents, conversations, listings, planChanges, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { gold: string; platinum: string };
}

/**
 * Plans and billing. With Stripe settings, paid plans go through Stripe Checkout and only a
 * signature-verified webhook changes a member's plan; without them, demo mode switches the plan at
 * once and says no payment was taken. A lower plan never hides listings: those over its limit stay
 * live, and cannot be made available again once sold until the member is under the limit.
 */
export function createBillingService(deps: {
  db: Db;
  publicUrl: string;
  stripe: StripeSettings | null;
  /** Tests pass a client pointed at nothing; production builds one from the key. */
  stripeClient?: Stripe;
}) {
  const { db } = deps;
  const settings = deps.stripe;
  const stripe = settings ? (deps.stripeClient ?? new Stripe(settings.secretKey)) : null;
  const mode = stripe ? ('stripe' as const) : ('demo' as const);

  async function setPlan(userId: string, plan: Plan, source: string) {
    await db.transaction(async (tx) => {
      const current = (
        await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).limit(1)
      )[0];
      if (!current || current.plan === plan) return;
      await tx.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, userId));
      await tx.insert(planChanges).values({ userId, fromPlan: current.plan, toPlan: plan, source });
    });
  }

  const planForPrice = (priceId: string | undefined): Plan | null =>
    !settings || !priceId
      ? null
      : priceId === settings.prices.gold
        ? 'gold'
        : priceId === settings.prices.platinum
          ? 'platinum'
          : null;

  async function account(userId: string) {
    return (await db.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).limit(1))[0];
  }

  return {
    mode,

    async overview(userId: string, current: Plan): Promise<Billing> {
      const rows = await db.execute<{ active: number; started: number }>(sql`select
        (select count(*)::int from ${listings} where ${listings.userId} = ${userId} and ${listings.isSold} = false) as active,
        (select count(*)::int from ${conversations} where ${conversations.buyerId} = ${userId}
           and ${conversations.createdAt} >= date_trunc('month', now())) as started`);
      return {
        plan: current,
        mode,
        usage: {
          activeListings: rows.rows[0]?.active ?? 0,
          activeListingsLimit: PLAN_DETAILS[current].activeListings,
          conversationsThisMonth: rows.rows[0]?.started ?? 0,
          conversationsLimit: PLAN_DETAILS[current].newConversationsPerMonth,
        },
      };
    },

    async changePlan(
      user: { id: string; email: string; plan: string },
      plan: Plan,
    ): Promise<PlanChangeResult> {
      if (user.plan === plan) throw new ApiError(400, 'SAME_PLAN');
      if (!stripe || !settings) {
        await setPlan(user.id, plan, 'demo');
        return { status: 'changed', plan, mode: 'demo' };
      }
      const existing = await account(user.id);
      if (existing?.subscriptionId) {
        if (plan === 'bronze') {
          await stripe.subscriptions.cancel(existing.subscriptionId);
          return { status: 'pending' };
        }
        const subscription = await stripe.subscriptions.retrieve(existing.subscriptionId);
        const item = subscription.items.data[0];
        if (!item) throw new ApiError(503, 'SERVICE_UNAVAILABLE');
        await stripe.subscriptions.update(existing.subscriptionId, {
          items: [{ id: item.id, price: settings.prices[plan] }],
          proration_behavior: 'create_prorations',
          metadata: { userId: user.id, plan },
        });
        return { status: 'pending' };
      }
      if (plan === 'bronze') {
        // No subscription on record (e.g. a plan set by support): nothing to cancel.
        await setPlan(user.id, plan, 'stripe');
        return { status: 'changed', plan, mode: 'stripe' };
      }
      const session = await stripe.checkout.sessions.create({
        mode: 'subscription',
        line_items: [{ price: settings.prices[plan], quantity: 1 }],
        ...(existing?.customerId ? { customer: existing.customerId } : { customer_email: user.email }),
        client_reference_id: user.id,
        metadata: { userId: user.id, plan },
        subscription_data: { metadata: { userId: user.id, plan } },
        success_url: `${deps.publicUrl}/upgrade?checkout=success`,
        cancel_url: `${deps.publicUrl}/upgrade?checkout=cancelled`,
      });
      if (!session.url) throw new ApiError(503, 'SERVICE_UNAVAILABLE');
      return { status: 'redirect', url: session.url };
    },

    /** Verifies Stripe's signature, then applies the event once. */
    async webhook(payload: string, signature: string | undefined): Promise<void> {
      if (!stripe || !settings) throw new ApiError(404, 'NOT_FOUND');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature ?? '', settings.webhookSecret);
      } catch {
        throw new ApiError(400, 'WEBHOOK_SIGNATURE');
      }
      const fresh = await db
        .insert(billingEvents)
        .values({ id: event.id, type: event.type })
        .onConflictDoNothing()
        .returning();
      if (fresh.length === 0) return;

      if (event.type === 'checkout.session.completed') {
        const session = event.data.object;
        const userId = session.metadata?.userId ?? session.client_reference_id;
        const plan = session.metadata?.plan;
        if (!userId || !isPlan(plan)) return;
        const customerId =
          typeof session.customer === 'string' ? session.customer : (session.customer?.id ?? null);
        const subscriptionId =
          typeof session.subscription === 'string'
            ? session.subscription
            : (session.subscription?.id ?? null);
        await db
          .insert(billingAccounts)
          .values({ userId, customerId, subscriptionId })
          .onConflictDoUpdate({
            target: billingAccounts.userId,
            set: { customerId, subscriptionId, updatedAt: new Date() },
          });
        await setPlan(userId, plan, 'stripe');
        return;
      }
      if (event.type === 'customer.subscription.updated' || event.type === 'customer.subscription.deleted') {
        const subscription = event.data.object;
        const owner = (
          await db
            .select({ userId: billingAccounts.userId })
            .from(billingAccounts)
            .where(eq(billingAccounts.subscriptionId, subscription.id))
            .limit(1)
        )[0];
        const userId = owner?.userId ?? subscription.metadata?.userId;
        if (!userId) return;
        const ended =
          event.type === 'customer.subscription.deleted' ||
          subscription.status === 'canceled' ||
          subscription.status === 'unpaid';
        const plan = ended ? 'bronze' : planForPrice(subscription.items.data[0]?.price.id);
        if (!plan) return;
        if (ended)
          await db
            .update(billingAccounts)
            .set({ subscriptionId: null, updatedAt: new Date() })
            .where(eq(billingAccounts.userId, userId));
        await setPlan(userId, plan, 'stripe');
      }
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
