import { and, eq, isNull, sql } from 'drizzle-orm';
import { publicName } from '@common/labels';
import type { AuditSubject } from '@common/schemas/trust';
import type { Db, Executor, Tx } from '../../db/client';
import { lockMemberForChange } from '../../db/member-state';
import { listings, moderationActions, sessions, users } from '../../db/schema';
import { settleOrdersOf } from '../orders/orders.service';

/**
 * Suspends a member until `until` (null: for good), in the caller's transaction: they are signed out
 * everywhere, cannot sign in, their unsold listings leave the market until the suspension ends, and
 * their open orders are settled (`settleOrdersOf`: refunded before shipping). Their row is locked first,
 * so their writes in flight finish before it (and what they wrote is taken down with the rest) or wait
 * for it and are refused.
 */
export async function suspendMember(
  tx: Tx,
  userId: string,
  until: Date | null,
  reason: string,
  now: Date = new Date(),
) {
  await lockMemberForChange(tx, userId);
  await settleOrdersOf(tx, userId, now);
  await tx
    .update(users)
    .set({ suspendedUntil: until ?? sql`'infinity'::timestamptz`, suspensionReason: reason })
    .where(eq(users.id, userId));
  await tx
    .update(listings)
    .set({ isSold: true, hiddenAt: sql`now()`, hiddenReason: 'suspension' })
    .where(and(eq(listings.userId, userId), eq(listings.isSold, false)));
  await tx.delete(sessions).where(eq(sessions.userId, userId));
}

/** The operator command that grants and revokes the desk, as the audit log names it. */
export const ADMIN_COMMAND = 'npm run admin';

/**
 * Grants or revokes the moderation desk (`npm run admin`; never through the API), with an audit log
 * entry naming the member (their name and address then) and the operator command, in one transaction.
 * False when no member has the address.
 */
export async function setAdmin(db: Db, email: string, isAdmin: boolean): Promise<boolean> {
  return db.transaction(async (tx) => {
    const changed = await tx
      .update(users)
      .set({ isAdmin })
      .where(and(eq(users.email, email.trim().toLowerCase()), isNull(users.deletedAt)))
      .returning({ id: users.id });
    const member = changed[0];
    if (!member) return false;
    await tx.insert(moderationActions).values({
      adminId: null,
      action: isAdmin ? 'grant-admin' : 'revoke-admin',
      kind: 'member',
      targetId: member.id,
      reason: `${ADMIN_COMMAND} -- ${isAdmin ? 'grant' : 'revoke'}`,
      subject: await memberSnapshot(tx, member.id),
    });
    return true;
  });
}

/** A member's public name and address as they are now, for an audit entry. */
export async function memberSnapshot(executor: Executor, userId: string): Promise<AuditSubject | null> {
  const [row] = await executor
    .select({ firstName: users.firstName, lastName: users.lastName, email: users.email })
    .from(users)
    .where(eq(users.id, userId));
  return row ? { label: publicName(row.firstName, row.lastName) ?? '', email: row.email } : null;
}

/** A suspension's end as the API gives it: an ISO time, 'forever', or null when not suspended. */
export function suspendedUntilText(until: Date | null): string | null {
  if (!until) return null;
  return Number.isFinite(until.getTime()) ? until.toISOString() : 'forever';
}
