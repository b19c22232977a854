import { OkSchema } from '@common/schemas/auth';
import { MakeOfferSchema, OfferAnswerSchema, OfferSchema } from '@common/schemas/offers';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { IdParam } from '../../http/ids';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { requireUser } from '../auth/sessions';
import type { OffersService } from './offers.service';

const tags = ['Offers'];

const routes = {
  make: route({
    member: 'named',
    method: 'post',
    path: '/listings/{id}/offers',
    tags,
    summary: 'Make an offer on a listing (one open offer per buyer and listing)',
    request: { params: IdParam, ...body(MakeOfferSchema) },
    responses: {
      201: json(OfferSchema, 'Made (declined at once when below the seller’s floor)'),
      400: failure('Invalid input, or one’s own listing'),
      401: failure('Not signed in'),
      403: failure('Blocked'),
      404: failure('No such listing'),
      409: failure('Sold, pending, offers off, or an offer already open'),
      429: failure('Too many offers'),
    },
  }),
  answer: route({
    member: true,
    method: 'post',
    path: '/offers/{id}/answer',
    tags,
    summary: 'Accept, decline or counter an open offer (by the side that did not name its amount)',
    request: { params: IdParam, ...body(OfferAnswerSchema) },
    responses: {
      200: json(OfferSchema, 'Answered'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('Blocked'),
      404: failure('No such offer of yours'),
      409: failure('Answered already, expired, not your turn, or the listing is sold or pending'),
      429: failure('Too many offers'),
    },
  }),
  release: route({
    member: true,
    method: 'post',
    path: '/listings/{id}/release',
    tags,
    summary: 'Release a listing held by an accepted offer: back on the market for everyone',
    request: { params: IdParam },
    responses: {
      200: json(OkSchema, 'Released'),
      401: failure('Not signed in'),
      404: failure('No such listing of yours'),
      409: failure('Not pending'),
    },
  }),
};

export function offersRoutes(deps: { offers: OffersService; limit: Limiter }) {
  const { offers } = deps;
  return createRouter()
    .openapi(routes.make, async (c) => {
      const user = requireUser(c);
      await deps.limit('offer', user.id, LIMITS.offer);
      return c.json(await offers.make(user, c.req.valid('param').id, c.req.valid('json')), 201);
    })
    .openapi(routes.answer, async (c) => {
      const user = requireUser(c);
      await deps.limit('offer', user.id, LIMITS.offer);
      return c.json(await offers.answer(user, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(routes.release, async (c) => {
      const user = requireUser(c);
      await deps.limit('offer', user.id, LIMITS.offer);
      await offers.release(user, c.req.valid('param').id);
      return c.json({ status: 'ok' as const }, 200);
    });
}
