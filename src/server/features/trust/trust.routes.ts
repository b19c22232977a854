import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { BlockedMemberSchema, BlockSchema, BlockStateSchema, ReportSchema } from '@common/schemas/trust';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { requireUser } from '../auth/sessions';
import type { TrustService } from './trust.service';

const MemberParam = z.object({ memberId: z.string().min(1).max(64) });

const routes = {
  report: route({
    member: true,
    method: 'post',
    path: '/reports',
    tags: ['Reports'],
    summary: 'Report a listing, a message, a member or a post to the moderators',
    request: body(ReportSchema),
    responses: {
      201: json(OkSchema, 'Filed (or already open)'),
      400: failure('Invalid input, or one’s own'),
      401: failure('Not signed in'),
      404: failure('Nothing such to report'),
      429: failure('Too many reports'),
    },
  }),
  blocked: route({
    member: true,
    method: 'get',
    path: '/blocks',
    tags: ['Blocking'],
    summary: 'The members I blocked, newest first',
    responses: {
      200: json(z.object({ blocked: z.array(BlockedMemberSchema) }), 'Blocked members'),
      401: failure('Not signed in'),
    },
  }),
  state: route({
    member: true,
    method: 'get',
    path: '/blocks/{memberId}',
    tags: ['Blocking'],
    summary: 'Whether I blocked this member, and whether they blocked me',
    request: { params: MemberParam },
    responses: { 200: json(BlockStateSchema, 'Block state'), 401: failure('Not signed in') },
  }),
  block: route({
    member: true,
    method: 'put',
    path: '/blocks',
    tags: ['Blocking'],
    summary: 'Block a member (they cannot message me; optionally hide their listings from my browse)',
    request: body(BlockSchema),
    responses: {
      200: json(OkSchema, 'Blocked'),
      400: failure('Oneself'),
      401: failure('Not signed in'),
      404: failure('No such member'),
      429: failure('Too many changes for now (RATE_LIMITED)'),
    },
  }),
  unblock: route({
    member: true,
    method: 'delete',
    path: '/blocks/{memberId}',
    tags: ['Blocking'],
    summary: 'Unblock a member',
    request: { params: MemberParam },
    responses: {
      200: json(OkSchema, 'Unblocked'),
      401: failure('Not signed in'),
      429: failure('Too many changes for now (RATE_LIMITED)'),
    },
  }),
};

export function trustRoutes(deps: { trust: TrustService; limit: Limiter }) {
  const { trust, limit } = deps;
  return createRouter()
    .openapi(routes.report, async (c) => {
      const user = requireUser(c);
      await limit('report', user.id, LIMITS.report);
      await trust.report(user.id, c.req.valid('json'));
      return c.json({ status: 'ok' as const }, 201);
    })
    .openapi(routes.blocked, async (c) => {
      const user = requireUser(c);
      return c.json({ blocked: await trust.blocked(user.id) }, 200);
    })
    .openapi(routes.state, async (c) => {
      const user = requireUser(c);
      return c.json(await trust.between(user.id, c.req.valid('param').memberId), 200);
    })
    .openapi(routes.block, async (c) => {
      const user = requireUser(c);
      await limit('block', user.id, LIMITS.block);
      const input = c.req.valid('json');
      await trust.block(user.id, input.memberId, input.hideListings);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.unblock, async (c) => {
      const user = requireUser(c);
      await limit('block', user.id, LIMITS.block);
      await trust.unblock(user.id, c.req.valid('param').memberId);
      return c.json({ status: 'ok' as const }, 200);
    });
}
