import { systemClock, type Clock } from '../../clock';
import { desc, eq, sql } from 'drizzle-orm';
import { PLAN_DETAILS } from '@common/catalog';
import { publicName } from '@common/labels';
import type { SessionUser } from '@common/schemas/auth';
import type { Db } from '../../db/client';
import { conversations, listings, messages, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { toCard } from '../../cards/listing-card';
import { sellerAnalytics } from './analytics';

/** A seller with more listings than this sees the newest ones (the rest are in browse). */
const DASHBOARD_LISTINGS = 200;

/** The seller dashboard: stats over all my listings, the newest listings, the latest messages I got. */
export function createDashboardService(deps: { db: Db; storage: Storage; clock?: Clock }) {
  const { db, storage } = deps;
  const clock = deps.clock ?? systemClock;
  return {
    analytics: (user: Pick<SessionUser, 'id' | 'plan'>) => sellerAnalytics(db, user),

    async of(user: Pick<SessionUser, 'id' | 'plan'>) {
      const [stats, rows, recent] = await Promise.all([
        db.execute<{ total: number; active: number; sold: number; value: number }>(sql`
          select count(*)::int as total,
                 (count(*) filter (where not is_sold))::int as active,
                 (count(*) filter (where is_sold))::int as sold,
                 -- A sum of integers is a bigint, which the drivers return as text: as a double it is a number,
                 -- exact up to 2^53 cents.
                 coalesce(sum(price_cents) filter (where not is_sold), 0)::float8 as value
          from ${listings} where ${listings.userId} = ${user.id}`),
        db
          .select()
          .from(listings)
          .where(eq(listings.userId, user.id))
          .orderBy(desc(listings.createdAt))
          .limit(DASHBOARD_LISTINGS),
        db
          .select({
            id: messages.id,
            content: messages.content,
            createdAt: messages.createdAt,
            listingId: conversations.listingId,
            listingTitle: sql<string>`coalesce(${listings.title}, ${conversations.listingTitle}, '')`,
            conversationId: messages.conversationId,
            firstName: users.firstName,
            lastName: users.lastName,
          })
          .from(messages)
          .innerJoin(users, eq(users.id, messages.senderId))
          .innerJoin(conversations, eq(conversations.id, messages.conversationId))
          .leftJoin(listings, eq(listings.id, conversations.listingId))
          .where(eq(messages.receiverId, user.id))
          .orderBy(desc(messages.createdAt))
          .limit(5),
      ]);
      const s = stats.rows[0] ?? { total: 0, active: 0, sold: 0, value: 0 };
      const now = clock();
      return {
        stats: { total: s.total, active: s.active, sold: s.sold, totalValueCents: s.value },
        plan: user.plan,
        quota: { active: s.active, limit: PLAN_DETAILS[user.plan].activeListings },
        listings: rows.map((row) => Object.assign(toCard(storage, row, now), { views: row.views })),
        recentMessages: recent.map((m) => ({
          id: m.id,
          senderName: publicName(m.firstName, m.lastName),
          content: m.content,
          createdAt: m.createdAt.toISOString(),
          listingId: m.listingId,
          listingTitle: m.listingTitle,
          conversationId: m.conversationId,
        })),
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
