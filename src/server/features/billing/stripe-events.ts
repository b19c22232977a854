import { later, type Clock } from '../../clock';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { isPlan, type Plan } from '@common/catalog';
import type { Executor } from '../../db/client';
import { billingAccounts, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { BILLING_NOTICE_JOB, billingAccountOf as account, setPlan } from './plan-changes';

/** Subscription states that mean the last payment did not go through. */
const UNPAID_STATES = new Set<Stripe.Subscription.Status>([
  'past_due',
  'unpaid',
  'incomplete',
  'incomplete_expired',
  'paused',
]);

/** The id of a Stripe field that is an id, or the object it expands to. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/**
 * What a verified Stripe event does to a member's billing: which member it concerns (never one older
 * than the newest applied), the customer and subscription it links, the plan paid for, a grace period
 * after a failed payment, and the end of a subscription.
 */
export function stripeEvents(deps: {
  /** Days a paid plan is kept after a failed payment. */
  graceDays: number;
  /** The plan a Stripe price is for, null for a price that is none of ours. */
  planForPrice: (priceId: string | undefined) => Plan | null;
  /** The time a grace period starts at. */
  clock: Clock;
}) {
  const { planForPrice, clock } = deps;

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
      updatedAt: clock(),
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
      .set({ graceUntil: null, updatedAt: clock() })
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
        graceUntil: later(clock, deps.graceDays * 86_400_000),
        updatedAt: clock(),
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
      .set({ subscriptionId: null, graceUntil: null, updatedAt: clock() })
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
            .set({ graceUntil: null, updatedAt: clock() })
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

  return { apply };
}
