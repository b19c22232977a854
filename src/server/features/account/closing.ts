import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { lockMemberForChange } from '../../db/member-state';
import { jobs, listings, sessions, users } from '../../db/schema';
import { enqueueJob } from '../../jobs/queue';
import { DELETION_GRACE_DAYS, DELETION_REMINDER_DAYS } from '@common/account-deletion';

/**
 * Deleting an account waits DELETION_GRACE_DAYS (shared with the Data Deletion page): signing in before
 * then restores it; after, a job erases it (`deleteMember`).
 */
export { DELETION_GRACE_DAYS, DELETION_REMINDER_DAYS };

export const ERASE_JOB = 'account.erase';
export const ERASE_REMINDER_JOB = 'account.erase-reminder';

const DAY_MS = 24 * 60 * 60 * 1000;
const eraseKey = (userId: string) => `account-erase:${userId}`;
const reminderKey = (userId: string) => `account-erase-reminder:${userId}`;

/**
 * The member asked to delete their account: it is due to be erased in 30 days. They are signed out
 * everywhere, their unsold listings leave the market (`hidden_reason = 'closing'`), and the erasure and
 * its reminder are queued, in one transaction. Answers when it is due, or null when the member is
 * already deleted. Asking again while it is pending keeps the first date.
 */
export async function scheduleDeletion(db: Db, userId: string, now: Date): Promise<Date | null> {
  return db.transaction(async (tx) => {
    // The member's writes in flight finish before this, or wait for it.
    await lockMemberForChange(tx, userId);
    const [member] = await tx
      .select({ deletedAt: users.deletedAt, due: users.deletionDueAt })
      .from(users)
      .where(eq(users.id, userId));
    if (!member || member.deletedAt) return null;
    const due = member.due ?? new Date(now.getTime() + DELETION_GRACE_DAYS * DAY_MS);
    await tx.update(users).set({ deletionDueAt: due }).where(eq(users.id, userId));
    await tx
      .update(listings)
      .set({ isSold: true, hiddenAt: now, hiddenReason: 'closing' })
      .where(and(eq(listings.userId, userId), eq(listings.isSold, false)));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    await enqueueJob(tx, ERASE_JOB, { userId }, { runAt: due, dedupeKey: eraseKey(userId) });
    await enqueueJob(
      tx,
      ERASE_REMINDER_JOB,
      { userId },
      { runAt: new Date(due.getTime() - DELETION_REMINDER_DAYS * DAY_MS), dedupeKey: reminderKey(userId) },
    );
    return due;
  });
}

/**
 * The member signed in while their account was due to be deleted: it is theirs again. Their listings
 * taken off the market for it come back (those a moderator hid stay hidden) and the queued erasure and
 * reminder are dropped, in one transaction. The update locks the member's row, as the erasure does
 * before it looks at the date, so the two never both happen. True when there was a deletion to call off.
 */
export async function restoreAccount(db: Db, userId: string): Promise<boolean> {
  return db.transaction(async (executor) => {
    const restored = await executor
      .update(users)
      .set({ deletionDueAt: null })
      .where(and(eq(users.id, userId), isNotNull(users.deletionDueAt)))
      .returning({ id: users.id });
    if (!restored.length) return false;
    await executor
      .update(listings)
      .set({ isSold: false, hiddenAt: null, hiddenReason: null })
      .where(and(eq(listings.userId, userId), eq(listings.hiddenReason, 'closing')));
    await executor
      .delete(jobs)
      .where(
        and(inArray(jobs.dedupeKey, [eraseKey(userId), reminderKey(userId)]), sql`${jobs.failedAt} is null`),
      );
    return true;
  });
}
