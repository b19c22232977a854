import { and, desc, eq, or, sql } from 'drizzle-orm';
import { publicName } from '@common/labels';
import type { BlockedMember, ReportInput, ReportKind } from '@common/schemas/trust';
import type { Db, Executor } from '../../db/client';
import {
  blocks,
  communityPosts,
  conversations,
  listings,
  messages,
  reports,
  users,
  wantedPosts,
} from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';

/**
 * Between two members: blocking (the blocked one cannot message the blocker, nor the blocker them until
 * they unblock; their listings may leave the blocker's browse) and reporting what breaks the rules.
 */
export function createTrustService(deps: { db: Db }) {
  const { db } = deps;

  /** Whose it is, and whether the reporter may see it at all (a message: only its conversation's two). */
  async function subjectOf(reporterId: string, kind: ReportKind, targetId: string): Promise<string | null> {
    if (kind === 'member') {
      const found = await db.query.users.findFirst({
        columns: { id: true, deletedAt: true },
        where: eq(users.id, targetId),
      });
      return found && !found.deletedAt ? found.id : null;
    }
    if (!isUuid(targetId)) return null;
    if (kind === 'listing') {
      const found = await db.query.listings.findFirst({
        columns: { userId: true },
        where: eq(listings.id, targetId),
      });
      return found?.userId ?? null;
    }
    if (kind === 'wanted') {
      const found = await db.query.wantedPosts.findFirst({
        columns: { userId: true },
        where: eq(wantedPosts.id, targetId),
      });
      return found?.userId ?? null;
    }
    if (kind === 'post') {
      const found = await db.query.communityPosts.findFirst({
        columns: { userId: true },
        where: eq(communityPosts.id, targetId),
      });
      return found?.userId ?? null;
    }
    const found = await db
      .select({ senderId: messages.senderId })
      .from(messages)
      .innerJoin(conversations, eq(conversations.id, messages.conversationId))
      .where(
        and(
          eq(messages.id, targetId),
          or(eq(conversations.buyerId, reporterId), eq(conversations.sellerId, reporterId)),
        ),
      )
      .limit(1);
    return found[0]?.senderId ?? null;
  }

  /** Sellers a member hid: every signed-in browse asks, so it is built once and runs by name. */
  const hiddenSellersStatement = db
    .select({ id: blocks.blockedId })
    .from(blocks)
    .where(and(eq(blocks.blockerId, sql.placeholder('userId')), eq(blocks.hideListings, true)))
    .prepare('trust_hidden_sellers');

  return {
    /**
     * Files a report for the moderators. Reporting the same thing again while the first is open
     * changes nothing; one's own things cannot be reported.
     */
    async report(reporterId: string, input: ReportInput & { note: string }): Promise<void> {
      const subjectId = await subjectOf(reporterId, input.kind, input.targetId);
      if (!subjectId) throw new ApiError(404, 'NOT_FOUND');
      if (subjectId === reporterId) throw new ApiError(400, 'OWN_CONTENT');
      await db
        .insert(reports)
        .values({
          reporterId,
          kind: input.kind,
          targetId: input.targetId,
          subjectId,
          reason: input.reason,
          note: input.note,
        })
        .onConflictDoNothing();
    },

    async block(userId: string, memberId: string, hideListings: boolean): Promise<void> {
      if (memberId === userId) throw new ApiError(400, 'OWN_CONTENT');
      const found = await db.query.users.findFirst({ columns: { id: true }, where: eq(users.id, memberId) });
      if (!found) throw new ApiError(404, 'NOT_FOUND');
      await db
        .insert(blocks)
        .values({ blockerId: userId, blockedId: memberId, hideListings })
        .onConflictDoUpdate({ target: [blocks.blockerId, blocks.blockedId], set: { hideListings } });
    },

    async unblock(userId: string, memberId: string): Promise<void> {
      await db.delete(blocks).where(and(eq(blocks.blockerId, userId), eq(blocks.blockedId, memberId)));
    },

    /** The members this one blocked, newest first (a member blocks a handful, never thousands). */
    async blocked(userId: string): Promise<BlockedMember[]> {
      const rows = await db
        .select({
          id: blocks.blockedId,
          firstName: users.firstName,
          lastName: users.lastName,
          hideListings: blocks.hideListings,
          blockedAt: blocks.createdAt,
        })
        .from(blocks)
        .innerJoin(users, eq(users.id, blocks.blockedId))
        .where(eq(blocks.blockerId, userId))
        .orderBy(desc(blocks.createdAt));
      return rows.map((row) => ({
        id: row.id,
        name: publicName(row.firstName, row.lastName) ?? '',
        hideListings: row.hideListings,
        blockedAt: row.blockedAt.toISOString(),
      }));
    },

    /** Whether `userId` blocked `otherId`, and the other way round. */
    async between(userId: string, otherId: string) {
      const rows = await db
        .select({ blockerId: blocks.blockerId })
        .from(blocks)
        .where(
          or(
            and(eq(blocks.blockerId, userId), eq(blocks.blockedId, otherId)),
            and(eq(blocks.blockerId, otherId), eq(blocks.blockedId, userId)),
          ),
        );
      return {
        blocked: rows.some((row) => row.blockerId === userId),
        blockedYou: rows.some((row) => row.blockerId === otherId),
      };
    },

    /** Sellers whose listings leave this member's browse. */
    async hiddenSellers(userId: string): Promise<string[]> {
      const rows = await hiddenSellersStatement.execute({ userId });
      return rows.map((row) => row.id);
    },
  };
}

/**
 * Refuses a message (or an offer) between two members when either blocked the other: the sender is told
 * which, without the blocked one learning more than "you cannot".
 */
export async function assertNotBlocked(db: Executor, senderId: string, receiverId: string): Promise<void> {
  const rows = await db
    .select({ blockerId: blocks.blockerId })
    .from(blocks)
    .where(
      or(
        and(eq(blocks.blockerId, senderId), eq(blocks.blockedId, receiverId)),
        and(eq(blocks.blockerId, receiverId), eq(blocks.blockedId, senderId)),
      ),
    );
  if (rows.some((row) => row.blockerId === senderId)) throw new ApiError(403, 'YOU_BLOCKED');
  if (rows.length) throw new ApiError(403, 'BLOCKED');
}

export type TrustService = ReturnType<typeof createTrustService>;
