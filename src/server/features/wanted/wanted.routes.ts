import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import {
  WantedAnswerSchema,
  WantedAnsweredSchema,
  WantedDetailSchema,
  WantedInputSchema,
  WantedPageSchema,
  WantedQuerySchema,
} from '@common/schemas/wanted';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { IdParam } from '../../http/ids';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { requireUser } from '../auth/sessions';
import type { TrustService } from '../trust/trust.service';
import type { WantedService } from './wanted.service';

const tags = ['Parts wanted'];
const notMine = failure('No such wanted post of yours');
const tooMany = failure('Too many writes; try again later');

const routes = {
  browse: route({
    method: 'get',
    path: '/',
    tags,
    summary: 'Open wanted posts, newest first, with browse filters (or my own, with mine=1)',
    request: { query: WantedQuerySchema },
    responses: {
      200: json(WantedPageSchema, 'A page of wanted posts'),
      400: failure('Invalid filters'),
      401: failure('mine=1 without signing in'),
    },
  }),
  demand: route({
    member: true,
    method: 'get',
    path: '/demand',
    tags,
    summary: 'How many open wanted posts each of my listings on the market matches',
    responses: {
      200: json(z.object({ listings: z.record(z.string(), z.number()) }), 'Listing id to posts'),
      401: failure('Not signed in'),
    },
  }),
  detail: route({
    method: 'get',
    path: '/{id}',
    tags,
    summary: 'A wanted post, the listings matching it, and my answers this month',
    request: { params: IdParam },
    responses: { 200: json(WantedDetailSchema, 'The post'), 404: failure('No such open post') },
  }),
  create: route({
    member: true,
    method: 'post',
    path: '/',
    tags,
    summary: 'Post a wanted part (open 30 days)',
    request: body(WantedInputSchema),
    responses: {
      201: json(WantedDetailSchema, 'Posted'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('Too many open posts, or suspended'),
      429: tooMany,
    },
  }),
  update: route({
    member: true,
    method: 'put',
    path: '/{id}',
    tags,
    summary: 'Edit my wanted post',
    request: { params: IdParam, ...body(WantedInputSchema) },
    responses: {
      200: json(WantedDetailSchema, 'Saved'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: notMine,
      429: tooMany,
    },
  }),
  renew: route({
    member: true,
    method: 'post',
    path: '/{id}/renew',
    tags,
    summary: 'Keep my wanted post open 30 more days from now',
    request: { params: IdParam },
    responses: {
      200: json(WantedDetailSchema, 'Renewed'),
      401: failure('Not signed in'),
      403: failure('Too many open posts'),
      404: notMine,
      409: failure('Found or hidden: it cannot be renewed'),
      429: tooMany,
    },
  }),
  found: route({
    member: true,
    method: 'post',
    path: '/{id}/found',
    tags,
    summary: 'Mark my wanted post found (it closes)',
    request: { params: IdParam },
    responses: {
      200: json(WantedDetailSchema, 'Found'),
      401: failure('Not signed in'),
      404: notMine,
      429: tooMany,
    },
  }),
  remove: route({
    member: true,
    method: 'delete',
    path: '/{id}',
    tags,
    summary: 'Delete my wanted post',
    request: { params: IdParam },
    responses: { 200: json(OkSchema, 'Deleted'), 401: failure('Not signed in'), 404: notMine, 429: tooMany },
  }),
  answer: route({
    member: true,
    method: 'post',
    path: '/{id}/answers',
    tags,
    summary: '"I have this": message the post’s member about one of my listings (by plan)',
    request: { params: IdParam, ...body(WantedAnswerSchema) },
    responses: {
      201: json(WantedAnsweredSchema, 'Sent; the conversation'),
      400: failure('Invalid input, my own post, or the listing is sold'),
      401: failure('Not signed in'),
      403: failure('Bronze plan, this month’s answers used, or blocked'),
      404: failure('No such post, or no such listing of mine'),
      409: failure('The post is no longer open, or its member deleted their account'),
      429: tooMany,
    },
  }),
};

export function wantedRoutes(deps: { wanted: WantedService; trust: TrustService; limit: Limiter }) {
  const { wanted, limit } = deps;
  return createRouter()
    .openapi(routes.browse, async (c) => {
      const user = c.get('user');
      const viewer = user ? { id: user.id, hidden: await deps.trust.hiddenSellers(user.id) } : null;
      return c.json(await wanted.browse(c.req.valid('query'), viewer), 200);
    })
    .openapi(routes.demand, async (c) => {
      const user = requireUser(c);
      return c.json({ listings: await wanted.demand(user.id) }, 200);
    })
    .openapi(routes.detail, async (c) => {
      return c.json(await wanted.detail(c.req.valid('param').id, c.get('user') ?? null), 200);
    })
    .openapi(routes.create, async (c) => {
      const user = requireUser(c);
      await limit('wanted-write', user.id, LIMITS.wantedWrite);
      const id = await wanted.create(user, c.req.valid('json'));
      return c.json(await wanted.detail(id, user), 201);
    })
    .openapi(routes.update, async (c) => {
      const user = requireUser(c);
      await limit('wanted-write', user.id, LIMITS.wantedWrite);
      const { id } = c.req.valid('param');
      await wanted.update(user, id, c.req.valid('json'));
      return c.json(await wanted.detail(id, user), 200);
    })
    .openapi(routes.renew, async (c) => {
      const user = requireUser(c);
      await limit('wanted-write', user.id, LIMITS.wantedWrite);
      const { id } = c.req.valid('param');
      await wanted.renew(user, id);
      return c.json(await wanted.detail(id, user), 200);
    })
    .openapi(routes.found, async (c) => {
      const user = requireUser(c);
      await limit('wanted-write', user.id, LIMITS.wantedWrite);
      const { id } = c.req.valid('param');
      await wanted.found(user, id);
      return c.json(await wanted.detail(id, user), 200);
    })
    .openapi(routes.remove, async (c) => {
      const user = requireUser(c);
      await limit('wanted-write', user.id, LIMITS.wantedWrite);
      await wanted.remove(user, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.answer, async (c) => {
      const user = requireUser(c);
      await limit('wanted-write', user.id, LIMITS.wantedWrite);
      return c.json(await wanted.answer(user, c.req.valid('param').id, c.req.valid('json')), 201);
    });
}
