import { z } from '@hono/zod-openapi';
import { ROLES } from '@common/schemas/auth';
import {
  BuyerPreferencesSchema,
  ProfileSchema,
  RoleRequestSchema,
  SellerPreferencesSchema,
} from '@common/schemas/profile';
import { createRouter } from '../../http/create-router';
import { body, failure, route } from '../../http/openapi';
import { requireUser } from '../auth/sessions';
import type { ProfileService } from './profile.service';

const tags = ['Profile'];
const ok = { description: 'The profile', content: { 'application/json': { schema: ProfileSchema } } };
const failures = { 400: failure('Invalid input'), 401: failure('Not signed in') };

const routes = {
  get: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My profile',
    responses: { 200: ok, ...failures },
  }),
  role: route({
    member: true,
    method: 'put',
    path: '/role',
    tags,
    summary: 'Onboarding step 1: buyer, seller or both',
    request: body(RoleRequestSchema),
    responses: { 200: ok, ...failures },
  }),
  buyer: route({
    member: true,
    method: 'put',
    path: '/buyer',
    tags,
    summary: 'Onboarding: buyer preferences',
    request: body(BuyerPreferencesSchema),
    responses: { 200: ok, ...failures },
  }),
  seller: route({
    member: true,
    method: 'put',
    path: '/seller',
    tags,
    summary: 'Onboarding: seller preferences (completes onboarding)',
    request: body(SellerPreferencesSchema),
    responses: { 200: ok, ...failures },
  }),
  complete: route({
    member: true,
    method: 'post',
    path: '/onboarding/complete',
    tags,
    summary: 'Mark onboarding complete',
    responses: { 200: ok, ...failures },
  }),
  skip: route({
    member: true,
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
