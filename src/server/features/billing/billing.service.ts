import { and, eq, isNotNull, isNull, lte, sql } from 'drizzle-orm';
import Stripe from 'stripe';
import { z } from 'zod';
import { PLAN_DETAILS, isPlan, type Plan } from '@common/catalog';
import { languageOrDefault } from '@common/i18n/languages';
import { formatDate } from '@common/i18n/format';
import type { Billing, BillingMode, BillingPortal, PlanChangeResult } from '@common/schemas/billing';
import type { Db, Executor } from '../../db/client';
import { billingAccounts, billingEvents, conversations, listings, planChanges, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import { emailTranslator } from '../../i18n/translate';
import type { NotificationsService } from '../notifications/notifications.service';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  prices: { gold: string; platinum: string };
  /** STRIPE_API_URL (development and tests only): a stand-in for Stripe's API instead of api.stripe.com. */
  apiUrl?: string;
}

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

/** Tells a member about their billing: a failed payment (with the grace period's end) or a lapsed plan. */
export const BILLING_NOTICE_JOB = 'billing.notice';
const NoticeJob = z.object({
  userId: z.string(),
  kind: z.enum(['paymentFailed', 'planLapsed']),
  plan: z.string(),
  graceUntil: z.string().nullable(),
});

/** Subscription states that mean the last payment did not go through. */
const UNPAID_STATES = new Set<Stripe.Subscription.Status>([
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);

const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** A plan change by a member, by Stripe or by housekeeping, with its record, in the caller's transaction. */
async function setPlan(tx: Executor, userId: string, plan: Plan, source: string) {
  const current = (
    await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('update').limit(1)
  )[0];
  if (!current || current.plan === plan) return;
  await tx.update(users).set({ plan, updatedAt: new Date() }).where(eq(users.id, userId));
  await tx.insert(planChanges).values({ userId, fromPlan: current.plan, toPlan: plan, source });
}

/**
 * Run by housekeeping: members whose grace period after a failed payment has ended go back to Bronze,
 * each once (the row's grace is cleared in the same transaction, so a second instance finds nothing),
 * and are told in a job. Returns how many lapsed.
 */
export async function lapseEndedGracePeriods(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(billingAccounts)
      .set({ graceUntil: null, updatedAt: new Date() })
      .where(and(isNotNull(billingAccounts.graceUntil), lte(billingAccounts.graceUntil, new Date())))
      .returning({ userId: billingAccounts.userId });
    for (const { userId } of ended) {
      const current = (await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)))[0];
      if (!current || current.plan === 'bronze') continue;
      await setPlan(tx, userId, 'bronze', 'grace-ended');
      await enqueueJob(tx, BILLING_NOTICE_JOB, {
        userId,
        kind: 'planLapsed',
        plan: current.plan,
        graceUntil: null,
      });
    }
    return ended.length;
  });
}

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

  async function account(executor: Executor, userId: string) {
    return (
      await executor.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).limit(1)
    )[0];
  }

  /** Whose billing an event concerns: by subscription, then by customer, then by what we put in metadata. */
  async function ownerOf(
    tx: Executor,
    ids: { subscriptionId?: string | null; customerId?: string | null; userId?: string | null },
  ): Promise<string | null> {
    for (const [column, value] of [
      [billingAccounts.subscriptionId, ids.subscriptionId],
      [billingAccounts.customerId, ids.customerId],
    ] as const) {
      if (!value) continue;
      const row = (
        await tx
          .select({ userId: billingAccounts.userId })
          .from(billingAccounts)
          .where(eq(column, value))
          .limit(1)
      )[0];
      if (row) return row.userId;
    }
    if (!ids.userId) return null;
    const member = (
      await tx.select({ id: users.id }).from(users).where(eq(users.id, ids.userId)).limit(1)
    )[0];
    return member?.id ?? null;
  }

  /**
   * The member an event concerns, unless it is older than the newest event already applied to their
   * billing: Stripe delivers late and out of order, and a late "active" from before a cancellation
   * must not give the paid plan back. Records the event's time as the newest (in the transaction
   * that applies it, so a failure records nothing). Events of the same second all apply.
   */
  async function memberFor(
    tx: Executor,
    event: Stripe.Event,
    ids: { subscriptionId?: string | null; customerId?: string | null; userId?: string | null },
  ): Promise<string | null> {
    const userId = await ownerOf(tx, ids);
    if (!userId) return null;
    // Stripe always says when; an event without it has no place in the order and is applied as it is.
    if (!Number.isFinite(event.created)) return userId;
    const at = new Date(event.created * 1000);
    const newest = await tx
      .insert(billingAccounts)
      .values({ userId, lastEventAt: at })
      .onConflictDoUpdate({
        target: billingAccounts.userId,
        set: { lastEventAt: at },
        setWhere: sql`${billingAccounts.lastEventAt} is null or ${billingAccounts.lastEventAt} <= ${at.toISOString()}::timestamptz`,
      })
      .returning({ userId: billingAccounts.userId });
    return newest.length ? userId : null;
  }

  async function link(
    tx: Executor,
    userId: string,
    ids: { customerId: string | null; subscriptionId: string | null },
  ) {
    const set = {
      ...(ids.customerId ? { customerId: ids.customerId } : {}),
      ...(ids.subscriptionId ? { subscriptionId: ids.subscriptionId } : {}),
      updatedAt: new Date(),
    };
    await tx
      .insert(billingAccounts)
      .values({ userId, customerId: ids.customerId, subscriptionId: ids.subscriptionId })
      .onConflictDoUpdate({ target: billingAccounts.userId, set });
  }

  /** Paid: the plan applies and any grace period ends. */
  async function grant(tx: Executor, userId: string, plan: Plan) {
    await setPlan(tx, userId, plan, 'stripe');
    await tx
      .update(billingAccounts)
      .set({ graceUntil: null, updatedAt: new Date() })
      .where(eq(billingAccounts.userId, userId));
  }

  /**
   * A payment failed: the paid plan is kept until the grace period ends, and the member is told once
   * (a grace period already running is kept, not extended). Nothing to do for a Bronze member.
   */
  async function startGrace(tx: Executor, userId: string) {
    const member = (await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)))[0];
    if (!member || member.plan === 'bronze') return;
    await link(tx, userId, { customerId: null, subscriptionId: null });
    const started = await tx
      .update(billingAccounts)
      .set({
        graceUntil: sql`now() + make_interval(days => ${deps.graceDays})`,
        updatedAt: new Date(),
      })
      .where(and(eq(billingAccounts.userId, userId), isNull(billingAccounts.graceUntil)))
      .returning({ graceUntil: billingAccounts.graceUntil });
    const graceUntil = started[0]?.graceUntil;
    if (!graceUntil) return;
    await enqueueJob(tx, BILLING_NOTICE_JOB, {
      userId,
      kind: 'paymentFailed',
      plan: member.plan,
      graceUntil: graceUntil.toISOString(),
    });
  }

  /** Back to Bronze for good: the subscription ended. */
  async function end(tx: Executor, userId: string) {
    await tx
      .update(billingAccounts)
      .set({ subscriptionId: null, graceUntil: null, updatedAt: new Date() })
      .where(eq(billingAccounts.userId, userId));
    await setPlan(tx, userId, 'bronze', 'stripe');
  }

  /** Applies one verified event inside the transaction that records it; a throw undoes both. */
  async function apply(tx: Executor, event: Stripe.Event) {
    switch (event.type) {
      case 'checkout.session.completed':
      case 'checkout.session.async_payment_succeeded':
      case 'checkout.session.async_payment_failed': {
        const session = event.data.object;
        const customerId = idOf(session.customer);
        const subscriptionId = idOf(session.subscription);
        const userId = await memberFor(tx, event, {
          userId: session.metadata?.userId ?? session.client_reference_id,
        });
        if (!userId) return;
        await link(tx, userId, { customerId, subscriptionId });
        // Completed is not paid: a bank debit or voucher is paid later (or never), as its own event.
        const paid =
          event.type !== 'checkout.session.async_payment_failed' &&
          (session.payment_status === 'paid' || session.payment_status === 'no_payment_required');
        const plan = session.metadata?.plan;
        if (paid && isPlan(plan)) await grant(tx, userId, plan);
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        const invoice = event.data.object;
        const userId = await memberFor(tx, event, {
          subscriptionId: idOf(invoice.parent?.subscription_details?.subscription),
          customerId: idOf(invoice.customer),
        });
        if (!userId) return;
        if (event.type === 'invoice.paid') {
          await tx
            .update(billingAccounts)
            .set({ graceUntil: null, updatedAt: new Date() })
            .where(eq(billingAccounts.userId, userId));
          return;
        }
        // A failed upgrade invoice leaves the plan already paid for as it is (the update stays pending).
        if (invoice.billing_reason === 'subscription_update') return;
        await startGrace(tx, userId);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const userId = await memberFor(tx, event, {
          subscriptionId: subscription.id,
          customerId: idOf(subscription.customer),
          userId: subscription.metadata?.userId,
        });
        if (!userId) return;
        const current = await account(tx, userId);
        // An older subscription of the member's, replaced since: not theirs to change.
        if (current?.subscriptionId && current.subscriptionId !== subscription.id) return;
        if (event.type === 'customer.subscription.deleted' || subscription.status === 'canceled') {
          await end(tx, userId);
          return;
        }
        await link(tx, userId, { customerId: idOf(subscription.customer), subscriptionId: subscription.id });
        if (subscription.status === 'active' || subscription.status === 'trialing') {
          // With pending updates, the items carry a new price only once its invoice is paid.
          const plan = planForPrice(subscription.items.data[0]?.price.id);
          if (plan) await grant(tx, userId, plan);
        } else if (UNPAID_STATES.has(subscription.status)) {
          await startGrace(tx, userId);
        }
        return;
      }
      default:
        return;
    }
  }

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
      const params = {
        plan: t(`plans.${isPlan(job.plan) ? job.plan : 'bronze'}`),
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

  return {
    mode,
    jobHandlers,

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
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(payload, signature ?? '', settings.webhookSecret);
      } catch {
        throw new ApiError(400, 'WEBHOOK_SIGNATURE');
      }
      await db.transaction(async (tx) => {
        const fresh = await tx
          .insert(billingEvents)
          .values({ id: event.id, type: event.type })
          .onConflictDoNothing()
          .returning();
        if (fresh.length === 0) return;
        await apply(tx, event);
      });
      deps.wakeJobs();
    },
  };
}

export type BillingService = ReturnType<typeof createBillingService>;
