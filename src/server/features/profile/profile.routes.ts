import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { ROLES } from '@common/schemas/auth';
import { ErrorResponseSchema } from '@common/schemas/errors';
import {
  BuyerPreferencesSchema,
  ProfileSchema,
  RoleRequestSchema,
  SellerPreferencesSchema,
  withOther,
  type Profile,
} from '@common/schemas/profile';
import type { Db } from '../../db/client';
import { profiles } from '../../db/schema';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';

type ProfileChanges = Partial<typeof profiles.$inferInsert>;

const tags = ['Profile'];
const ok = { description: 'The profile', content: { 'application/json': { schema: ProfileSchema } } };
const failures = {
  400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorResponseSchema } } },
  401: { description: 'Not signed in', content: { 'application/json': { schema: ErrorResponseSchema } } },
};
const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

const routes = {
  get: createRoute({
    method: 'get',
    path: '/',
    tags,
    summary: 'My profile',
    responses: { 200: ok, ...failures },
  }),
  role: createRoute({
    method: 'put',
    path: '/role',
    tags,
    summary: 'Onboarding step 1: buyer, seller or both',
    request: body(RoleRequestSchema),
    responses: { 200: ok, ...failures },
  }),
  buyer: createRoute({
    method: 'put',
    path: '/buyer',
    tags,
    summary: 'Onboarding: buyer preferences',
    request: body(BuyerPreferencesSchema),
    responses: { 200: ok, ...failures },
  }),
  seller: createRoute({
    method: 'put',
    path: '/seller',
    tags,
    summary: 'Onboarding: seller preferences (completes onboarding)',
    request: body(SellerPreferencesSchema),
    responses: { 200: ok, ...failures },
  }),
  complete: createRoute({
    method: 'post',
    path: '/onboarding/complete',
    tags,
    summary: 'Mark onboarding complete',
    responses: { 200: ok, ...failures },
  }),
  skip: createRoute({
    method: 'post',
    path: '/onboarding/skip',
    tags,
    summary: 'Skip onboarding (from the role step, the role becomes buyer)',
    request: body(z.object({ role: z.enum(ROLES).optional() })),
    responses: { 200: ok, ...failures },
  }),
};

function toProfile(row: typeof profiles.$inferSelect): Profile {
  return {
    displayName: row.displayName,
    role: row.role === 'buyer' || row.role === 'seller' || row.role === 'both' ? row.role : null,
    onboardingCompleted: row.onboardingCompleted,
    zip: row.zip,
    radiusMiles: row.radiusMiles,
    prefMakes: row.prefMakes,
    prefCategories: row.prefCategories,
    shipOk: row.shipOk,
    localOk: row.localOk,
    sellerCategories: row.sellerCategories,
  };
}

export function profileRoutes(db: Db) {
  /** Updates the member's profile, creating it first when there is none, in one statement. */
  async function save(userId: string, changes: ProfileChanges): Promise<Profile> {
    const rows = await db
      .insert(profiles)
      .values({ userId, ...changes })
      .onConflictDoUpdate({ target: profiles.userId, set: changes })
      .returning();
    return toProfile(rows[0]!);
  }

  return createRouter()
    .openapi(routes.get, async (c) => {
      const user = requireUser(c);
      const rows = await db.select().from(profiles).where(eq(profiles.userId, user.id)).limit(1);
      return c.json(rows[0] ? toProfile(rows[0]) : await save(user.id, {}), 200);
    })
    .openapi(routes.role, async (c) => {
      const user = requireUser(c);
      return c.json(await save(user.id, { role: c.req.valid('json').role }), 200);
    })
    .openapi(routes.buyer, async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      const profile = await save(user.id, {
        zip: input.zip,
        radiusMiles: input.radiusMiles,
        prefMakes: withOther(input.prefMakes, input.otherMake),
        prefCategories: withOther(input.prefCategories, input.otherCategory),
      });
      return c.json(profile, 200);
    })
    .openapi(routes.seller, async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      const profile = await save(user.id, {
        shipOk: input.shipOk,
        localOk: input.localOk,
        sellerCategories: withOther(input.sellerCategories, input.otherCategory),
        onboardingCompleted: true,
      });
      return c.json(profile, 200);
    })
    .openapi(routes.complete, async (c) => {
      const user = requireUser(c);
      return c.json(await save(user.id, { onboardingCompleted: true }), 200);
    })
    .openapi(routes.skip, async (c) => {
      const user = requireUser(c);
      const { role } = c.req.valid('json');
      return c.json(await save(user.id, { onboardingCompleted: true, ...(role ? { role } : {}) }), 200);
    });
}
