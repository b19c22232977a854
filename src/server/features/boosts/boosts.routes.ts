import { BoostAllowanceSchema, BoostRequestSchema, BoostResultSchema } from '@common/schemas/boosts';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { requireUser } from '../auth/sessions';
import type { BoostsService } from './boosts.service';

const tags = ['Listings'];

const routes = {
  allowance: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My boosts this month: how many my plan gives, used and left',
    responses: { 200: json(BoostAllowanceSchema, 'Allowance'), 401: failure('Not signed in') },
  }),
  boost: route({
    member: true,
    method: 'post',
    path: '/',
    tags,
    summary: 'Boost an active listing of mine for 7 days (Gold and Platinum plans)',
    request: body(BoostRequestSchema),
    responses: {
      201: json(BoostResultSchema, 'Boosted'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('My plan has no boosts'),
      404: failure('No such listing of mine'),
      409: failure('Sold, already boosted, or no boosts left this month'),
    },
  }),
};

export function boostsRoutes(boosts: BoostsService) {
  return createRouter()
    .openapi(routes.allowance, async (c) => c.json(await boosts.allowance(requireUser(c)), 200))
    .openapi(routes.boost, async (c) => {
      const user = requireUser(c);
      return c.json(await boosts.boost(user.id, c.req.valid('json').listingId), 201);
    });
}
