import { z } from '@hono/zod-openapi';
import { PLANS } from '@common/catalog';
import { ErrorResponseSchema } from '@common/schemas/errors';
import { ListingCardSchema } from '@common/schemas/listings';
import { AnalyticsSchema } from '@common/schemas/analytics';
import { createRouter } from '../../http/create-router';
import { route } from '../../http/openapi';
import { requireUser } from '../auth/sessions';
import type { DashboardService } from './dashboard.service';

export const DashboardSchema = z
  .object({
    stats: z.object({
      total: z.number(),
      active: z.number(),
      sold: z.number(),
      totalValueCents: z.number().int(),
    }),
    plan: z.enum(PLANS),
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

const getDashboard = route({
  member: true,
  method: 'get',
  path: '/',
  tags: ['Dashboard'],
  summary: 'The seller dashboard: my listings, stats, quota and the five latest messages I received',
  responses: {
    200: { description: 'Dashboard', content: { 'application/json': { schema: DashboardSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

const getAnalytics = route({
  member: true,
  method: 'get',
  path: '/analytics',
  tags: ['Dashboard'],
  summary: 'My analytics over the last 30 days, as my plan includes them (Gold basic, Platinum advanced)',
  responses: {
    200: { description: 'Analytics', content: { 'application/json': { schema: AnalyticsSchema } } },
    401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorResponseSchema } } },
  },
});

export function dashboardRoutes(dashboard: DashboardService) {
  return createRouter()
    .openapi(getDashboard, async (c) => c.json(await dashboard.of(requireUser(c)), 200))
    .openapi(getAnalytics, async (c) => c.json(await dashboard.analytics(requireUser(c)), 200));
}
