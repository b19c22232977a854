import { z } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { ListingBuyersSchema } from '@common/schemas/listings';
import {
  PurchaseAnswerSchema,
  ReviewReplySchema,
  SaleReviewStateSchema,
  SellerProfileSchema,
  WriteReviewSchema,
} from '@common/schemas/reviews';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { IdParam } from '../../http/ids';
import { ApiError } from '../../http/api-error';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { requireUser } from '../auth/sessions';
import type { ReviewsService } from './reviews.service';

const tags = ['Reviews'];
const SellerParam = z.object({ id: z.string().min(1).max(64) });

const routes = {
  buyers: route({
    member: true,
    method: 'get',
    path: '/listings/{id}/buyers',
    tags,
    summary: 'The members who messaged about my listing (whom I may mark it sold to)',
    request: { params: IdParam },
    responses: {
      200: json(ListingBuyersSchema, 'Buyers'),
      401: failure('Not signed in'),
      404: failure('No such listing of yours'),
    },
  }),
  state: route({
    member: true,
    method: 'get',
    path: '/listings/{id}/review',
    tags,
    summary: 'For the seller and the buyer of a sold listing: may I review the other, and what I wrote',
    request: { params: IdParam },
    responses: {
      200: json(SaleReviewStateSchema, 'Review state'),
      401: failure('Not signed in'),
      404: failure('Not a sale of mine'),
    },
  }),
  answer: route({
    member: true,
    method: 'post',
    path: '/listings/{id}/purchase',
    tags,
    summary: 'The buyer a listing was marked sold to answers "Did you buy this?" (once)',
    request: { params: IdParam, ...body(PurchaseAnswerSchema) },
    responses: {
      200: json(OkSchema, 'Answered'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('One of the two blocked the other'),
      404: failure('Not a sale of mine as its buyer'),
      409: failure('Answered already, or too late'),
      429: failure('Too many reviews'),
    },
  }),
  write: route({
    member: 'named',
    method: 'post',
    path: '/listings/{id}/review',
    tags,
    summary: 'Review the other side of a sale (once, within 30 days)',
    request: { params: IdParam, ...body(WriteReviewSchema) },
    responses: {
      201: json(OkSchema, 'Written'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      403: failure('One of the two blocked the other'),
      404: failure('Not a sale of mine'),
      409: failure('Not confirmed by the buyer, written already, or the window closed'),
      429: failure('Too many reviews'),
    },
  }),
  reply: route({
    member: 'named',
    method: 'post',
    path: '/reviews/{id}/reply',
    tags,
    summary: 'Reply once to a published review about me',
    request: { params: IdParam, ...body(ReviewReplySchema) },
    responses: {
      200: json(OkSchema, 'Replied'),
      400: failure('Invalid input'),
      401: failure('Not signed in'),
      404: failure('No such review about me'),
      409: failure('Replied already'),
      429: failure('Too many reviews'),
    },
  }),
  seller: route({
    method: 'get',
    path: '/sellers/{id}',
    tags,
    summary: 'A seller’s public page: name, member since, rating, reviews, active listings',
    request: { params: SellerParam },
    responses: { 200: json(SellerProfileSchema, 'The seller'), 404: failure('No such member') },
  }),
};

export function reviewsRoutes(deps: { reviews: ReviewsService; limit: Limiter }) {
  const { reviews } = deps;
  return createRouter()
    .openapi(routes.buyers, async (c) => {
      const user = requireUser(c);
      return c.json({ buyers: await reviews.buyersOf(user.id, c.req.valid('param').id) }, 200);
    })
    .openapi(routes.state, async (c) => {
      const user = requireUser(c);
      const state = await reviews.stateFor(c.req.valid('param').id, user.id);
      if (!state) throw new ApiError(404, 'NOT_FOUND');
      return c.json(state, 200);
    })
    .openapi(routes.answer, async (c) => {
      const user = requireUser(c);
      await deps.limit('review', user.id, LIMITS.review);
      await reviews.answer(user.id, c.req.valid('param').id, c.req.valid('json').bought);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.write, async (c) => {
      const user = requireUser(c);
      await deps.limit('review', user.id, LIMITS.review);
      await reviews.write(user.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ status: 'ok' as const }, 201);
    })
    .openapi(routes.reply, async (c) => {
      const user = requireUser(c);
      await deps.limit('review', user.id, LIMITS.review);
      await reviews.reply(user.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.seller, async (c) => {
      const profile = await reviews.profile(c.req.valid('param').id);
      if (!profile) throw new ApiError(404, 'NOT_FOUND');
      return c.json(profile, 200);
    });
}
