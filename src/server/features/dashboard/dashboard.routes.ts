import { createRoute, z } from '@hono/zod-openapi';
import { desc, eq, sql } from 'drizzle-orm';
import { PLAN_DETAILS, isPlan } from '@common/catalog';
import { ErrorResponseSchema } from '@common/schemas/errors';
import { ListingCardSchema, publicName } from '@common/schemas/listings';
import type { Db } from '../../db/client';
import { conversations, listings, messages, users } from '../../db/schema';
import { createRouter } from '../../http/create-router';
import type { Storage } from '../../storage/storage';
import { requireUser } from '../auth/sessions';
import { toCard } from '../listings/listings.service';

/** A seller with more listings than this sees the newest ones (the rest are in browse). */
const DASHBOARD_LISTINGS = 200;

export const DashboardSchema = z
  .object({
    stats: z.object({ total: z.number(), active: z.number(), sold: z.number(), totalValue: z.string() }),
    plan: z.string(),
    /** Active listings and the plan's cap (null: unlimited). */
    quota: z.object({ active: z.number(), limit: z.number().nullable() }),
    listings: z.array(ListingCardSchema.extend({ views: z.number() })),
    recentMessages: z.array(
      z.object({
        id: z.string(),
        senderName: z.string().nullable(),
        content: z.string(),
        createdAt: z.string(),
        /** Null once the listing is deleted. */
        listingId: z.string().nullable(),
        listingTitle: z.string(),
        conversationId: z.string(),
      }),
    ),
  })
  .meta({ id: 'Dashboard' });

const getDashboard = createRoute({
  method: 'get',
  path: '/',
  tags: ['Dashboard'],
  summary: 'The seller dashboard: my listings, stats, quota and the five latest messages I received',
  responses: {
    200: { description: 'Dashboard', content: { 'application/json': { schema: DashboardSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

export function dashboardRoutes(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;
  return createRouter().openapi(getDashboard, async (c) => {
    const user = requireUser(c);
    const [stats, rows, recent] = await Promise.all([
      db.execute<{ total: number; active: number; sold: number; value: string }>(sql`
        select count(*)::int as total,
               (count(*) filter (where not is_sold))::int as active,
               (count(*) filter (where is_sold))::int as sold,
               coalesce(sum(price) filter (where not is_sold), 0)::text as value
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
    const s = stats.rows[0] ?? { total: 0, active: 0, sold: 0, value: '0' };
    const plan = isPlan(user.plan) ? user.plan : 'bronze';
    return c.json(
      {
        stats: { total: s.total, active: s.active, sold: s.sold, totalValue: Number(s.value).toFixed(2) },
        plan,
        quota: { active: s.active, limit: PLAN_DETAILS[plan].activeListings },
        listings: rows.map((row) => ({ ...toCard(storage, row), views: row.views })),
        recentMessages: recent.map((m) => ({
          id: m.id,
          senderName: publicName(m.firstName, m.lastName),
          content: m.content,
          createdAt: m.createdAt.toISOString(),
          listingId: m.listingId,
          listingTitle: m.listingTitle,
          conversationId: m.conversationId,
        })),
      },
      200,
    );
  });
}
