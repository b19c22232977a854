import { and, eq, isNotNull, lte } from 'drizzle-orm';
import type { Plan } from '@common/catalog';
import type { Db, Executor } from '../../db/client';
import { billingAccounts, planChanges, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';

/** Tells a member about their billing: a failed payment (with the grace period's end) or a lapsed plan. */
export const BILLING_NOTICE_JOB = 'billing.notice';

/** A member's billing row (customer, subscription, grace period), if they have one. */
export async function billingAccountOf(executor: Executor, userId: string) {
  return (
    await executor.select().from(billingAccounts).where(eq(billingAccounts.userId, userId)).limit(1)
  )[0];
}

/** A plan change by a member, by Stripe or by housekeeping, with its record, in the caller's transaction. */
export async function setPlan(tx: Executor, userId: string, plan: Plan, source: string) {
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
 * and are told in a job. Returns how many lapsed by `now`.
 */
export async function lapseEndedGracePeriods(db: Db, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(billingAccounts)
      .set({ graceUntil: null, updatedAt: now })
      .where(and(isNotNull(billingAccounts.graceUntil), lte(billingAccounts.graceUntil, now)))
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
