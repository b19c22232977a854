import { createRoute, z } from '@hono/zod-openapi';
import { ROLES } from '@common/schemas/auth';
import { ErrorResponseSchema } from '@common/schemas/errors';
import {
  BuyerPreferencesSchema,
  ProfileSchema,
  RoleRequestSchema,
  SellerPreferencesSchema,
} from '@common/schemas/profile';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { ProfileService } from './profile.service';

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

export function profileRoutes(profile: ProfileService) {
  return createRouter()
    .openapi(routes.get, async (c) => c.json(await profile.get(requireUser(c).id), 200))
    .openapi(routes.role, async (c) =>
      c.json(await profile.setRole(requireUser(c).id, c.req.valid('json').role), 200),
    )
    .openapi(routes.buyer, async (c) =>
      c.json(await profile.saveBuyer(requireUser(c).id, c.req.valid('json')), 200),
    )
    .openapi(routes.seller, async (c) =>
      c.json(await profile.saveSeller(requireUser(c).id, c.req.valid('json')), 200),
    )
    .openapi(routes.complete, async (c) => c.json(await profile.complete(requireUser(c).id), 200))
    .openapi(routes.skip, async (c) =>
      c.json(await profile.skip(requireUser(c).id, c.req.valid('json').role), 200),
    );
}
