import { systemClock, type Clock } from '../../clock';
import { eq, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { PLAN_DETAILS, isPlan, type Plan } from '@common/catalog';
import { languageOrDefault } from '@common/i18n/languages';
import { formatDate } from '@common/i18n/format';
import { catalogLabels } from '@common/labels';
import type { Billing, BillingMode, BillingPortal, PlanChangeResult } from '@common/schemas/billing';
import type { Db, Tx } from '../../db/client';
import { billingEvents, conversations, listings, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import { emailTranslator, namespaceTranslator } from '../../i18n/translate';
import type { NotificationsService } from '../notifications/notifications.service';
import { BILLING_NOTICE_JOB, billingAccountOf as account, setPlan } from './plan-changes';
import { stripeEvents } from './stripe-events';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { gold: string; platinum: string };
  /** STRIPE_API_URL (development and tests only): a stand-in for Stripe's API instead of api.stripe.com. */
  apiUrl?: string;
  /** STRIPE_CONNECT_WEBHOOK_SECRET: the Connect webhook's, for connected accounts' events. */
  connectWebhookSecret?: string;
}

/** Applies a verified Stripe event in the transaction that records it (billing's own, and orders'). */
export type StripeEventHandler = (tx: Tx, event: Stripe.Event) => Promise<void>;

/** The Stripe client for the settings: api.stripe.com, or the stand-in at `apiUrl` (scheme, host, port). */
function stripeClientFor(settings: StripeSettings): Stripe {
  if (!settings.apiUrl) return new Stripe(settings.secretKey);
  const url = new URL(settings.apiUrl);
  const protocol = url.protocol === 'https:' ? 'https' : 'http';
  return new Stripe(settings.secretKey, {
    host: url.hostname,
    port: url.port ? Number(url.port) : protocol === 'https' ? 443 : 80,
    protocol,
  });
}

export { BILLING_NOTICE_JOB, lapseEndedGracePeriods } from './plan-changes';

const NoticeJob = z.object({
  userId: z.string(),
  kind: z.enum(['paymentFailed', 'planLapsed']),
  plan: z.string(),
  graceUntil: z.string().nullable(),
});

/**
 * Plans and billing. With Stripe settings, paid plans go through Stripe Checkout and only a
 * signature-verified webhook changes a member's plan, and only once Stripe says it is paid. Without
 * them, `demo` (BILLING_DEMO, never in production) switches the plan at once and says no payment was
 * taken, and otherwise billing is `off`: no paid plan is offered. A lower plan never hides listings:
 * those over its limit stay live, and cannot be made available again once sold until the member is
 * under the limit.
 */
export function createBillingService(deps: {
  db: Db;
  publicUrl: string;
  stripe: StripeSettings | null;
  /** BILLING_DEMO: without Stripe, plans switch for free (the env refuses it in production). */
  demo: boolean;
  /** Days a paid plan is kept after a failed payment. */
  graceDays: number;
  notifications: NotificationsService;
  mailer: TemplateMailer;
  wakeJobs: () => void;
  /** Tests pass a client pointed at a stand-in; otherwise one is built from the settings. */
  stripeClient?: Stripe;
  /** The time grace periods start at (the system's when not given). */
  clock?: Clock;
}) {
  const { db, notifications } = deps;
  const settings = deps.stripe;
  const stripe = settings ? (deps.stripeClient ?? stripeClientFor(settings)) : null;
  const mode: BillingMode = stripe ? 'stripe' : deps.demo ? 'demo' : 'off';

  const planForPrice = (priceId: string | undefined): Plan | null =>
    !settings || !priceId
      ? null
      : priceId === settings.prices.gold
        ? 'gold'
        : priceId === settings.prices.platinum
          ? 'platinum'
          : null;

  const { apply } = stripeEvents({
    graceDays: deps.graceDays,
    planForPrice,
    clock: deps.clock ?? systemClock,
  });

  const jobHandlers: Record<string, JobHandler> = {
    [BILLING_NOTICE_JOB]: async (raw) => {
      const job = NoticeJob.parse(raw);
      const member = (
        await db
          .select({ email: users.email, locale: users.locale, firstName: users.firstName })
          .from(users)
          .where(eq(users.id, job.userId))
          .limit(1)
      )[0];
      if (!member) return;
      const language = languageOrDefault(member.locale);
      const t = emailTranslator(language);
      const common = namespaceTranslator(language, 'common');
      const params = {
        plan: catalogLabels.plan(isPlan(job.plan) ? job.plan : 'bronze', (key) => common(key)),
        date: job.graceUntil ? formatDate(job.graceUntil, language, 'long') : '',
      };
      // Worded in the member's language here: a system notification carries its own title and text.
      await notifications.notify({
        userId: job.userId,
        type: 'system',
        data: { title: t(`${job.kind}.subject`, params), body: t(`${job.kind}.notice`, params) },
        link: '/upgrade',
      });
      await deps.mailer.send(
        deps.mailer.compose(job.kind, {
          to: member.email,
          language,
          name: member.firstName,
          link: `${deps.publicUrl}/upgrade`,
          params,
        }),
      );
    },
  };

  // Further features' handlers of Stripe's events (orders), added once the app is built.
  const eventHandlers: StripeEventHandler[] = [];

  return {
    mode,
    jobHandlers,
    /** The Stripe client when Stripe is configured, for the features that also talk to Stripe. */
    stripe,
    /** Another feature's handler of Stripe's events, applied after billing's in the same transaction. */
    onStripeEvent(handler: StripeEventHandler) {
      eventHandlers.push(handler);
    },

    async overview(userId: string, current: Plan): Promise<Billing> {
      const rows = await db.execute<{ active: number; started: number }>(sql`select
        (select count(*)::int from ${listings} where ${listings.userId} = ${userId} and ${listings.isSold} = false) as active,
        (select count(*)::int from ${conversations} where ${conversations.buyerId} = ${userId}
           and ${conversations.createdAt} >= date_trunc('month', now())) as started`);
      const billing = await account(db, userId);
      return {
        plan: current,
        mode,
        usage: {
          activeListings: rows.rows[0]?.active ?? 0,
          activeListingsLimit: PLAN_DETAILS[current].activeListings,
          conversationsThisMonth: rows.rows[0]?.started ?? 0,
          conversationsLimit: PLAN_DETAILS[current].newConversationsPerMonth,
        },
        graceUntil: billing?.graceUntil?.toISOString() ?? null,
        portal: mode === 'stripe' && Boolean(billing?.customerId),
      };
    },

    /**
     * A member deleting their account: the subscription is cancelled at once (nothing more is
     * charged). Throws when Stripe cannot be reached, so the account is not deleted while still billed.
     */
    async cancelForDeletion(userId: string): Promise<void> {
      const existing = await account(db, userId);
      if (!stripe || !existing?.subscriptionId) return;
      try {
        await stripe.subscriptions.cancel(existing.subscriptionId);
      } catch (error) {
        // Already cancelled or unknown to Stripe: nothing is billed any more.
        if ((error as { code?: string }).code === 'resource_missing') return;
        throw new ApiError(503, 'BILLING_UNAVAILABLE');
      }
    },

    async changePlan(
      user: { id: string; email: string; plan: string },
      plan: Plan,
    ): Promise<PlanChangeResult> {
      if (mode === 'off') throw new ApiError(503, 'BILLING_UNAVAILABLE');
      if (user.plan === plan) throw new ApiError(400, 'SAME_PLAN');
      if (!stripe || !settings) {
        await db.transaction((tx) => setPlan(tx, user.id, plan, 'demo'));
        return { status: 'changed', plan, mode: 'demo' };
      }
      const existing = await account(db, user.id);
      if (existing?.subscriptionId) {
        if (plan === 'bronze') {
          // The period already paid for is kept; Stripe ends the subscription then (and says so).
          const scheduled = await stripe.subscriptions.update(existing.subscriptionId, {
            cancel_at_period_end: true,
          });
          const end = scheduled.items.data[0]?.current_period_end;
          return { status: 'scheduled', at: end ? new Date(end * 1000).toISOString() : null };
        }
        const subscription = await stripe.subscriptions.retrieve(existing.subscriptionId);
        const item = subscription.items.data[0];
        if (!item) throw new ApiError(503, 'SERVICE_UNAVAILABLE');
        // Changing plan again after asking for Bronze: keep the subscription after all.
        if (subscription.cancel_at_period_end)
          await stripe.subscriptions.update(existing.subscriptionId, { cancel_at_period_end: false });
        // Invoiced and charged now; Stripe applies the new price only once that invoice is paid, and
        // the webhook (customer.subscription.updated) changes the plan then.
        await stripe.subscriptions.update(existing.subscriptionId, {
          items: [{ id: item.id, price: settings.prices[plan] }],
          proration_behavior: 'always_invoice',
          payment_behavior: 'pending_if_incomplete',
        });
        return { status: 'pending' };
      }
      if (plan === 'bronze') {
        // No subscription on record (e.g. a plan set by support): nothing to cancel.
        await db.transaction((tx) => setPlan(tx, user.id, plan, 'stripe'));
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

    /** Stripe's billing portal (invoices, cards, cancelling) for a member Stripe knows. */
    async portal(userId: string): Promise<BillingPortal> {
      const customerId = (await account(db, userId))?.customerId;
      if (!stripe || !customerId) throw new ApiError(404, 'NOT_FOUND');
      const session = await stripe.billingPortal.sessions.create({
        customer: customerId,
        return_url: `${deps.publicUrl}/upgrade`,
      });
      return { url: session.url };
    },

    /**
     * Verifies Stripe's signature, then records the event and applies it in one transaction: a second
     * delivery finds it recorded and changes nothing; an event that fails to apply is not recorded,
     * the answer is a 500, and Stripe's retry applies it.
     */
    async webhook(payload: string, signature: string | undefined): Promise<void> {
      if (!stripe || !settings) throw new ApiError(404, 'NOT_FOUND');
      const secrets = [settings.webhookSecret, settings.connectWebhookSecret].filter(
        (secret): secret is string => Boolean(secret),
      );
      const verified = secrets
        .map((secret) => {
          try {
            return stripe.webhooks.constructEvent(payload, signature ?? '', secret);
          } catch {
            return null;
          }
        })
        .find((found) => found !== null);
      if (!verified) throw new ApiError(400, 'WEBHOOK_SIGNATURE');
      const event: Stripe.Event = verified;
      await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning();
        if (fresh.length === 0) return;
        await apply(tx, event);
        for (const handler of eventHandlers) await handler(tx, event);
      });
      deps.wakeJobs();
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
