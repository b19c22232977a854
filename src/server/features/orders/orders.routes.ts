import type { Context } from 'hono';
import { z } from 'zod';
import { CursorQuerySchema } from '@common/schemas/paging';
import {
  CheckoutQuoteSchema,
  HandOverSchema,
  OrderListSchema,
  OrderSchema,
  PayoutsLinkSchema,
  PayoutsSchema,
  PlaceOrderSchema,
  PlacedOrderSchema,
  ShipOrderSchema,
} from '@common/schemas/orders';
import { AnswerReturnSchema, RequestReturnSchema, SendReturnSchema } from '@common/schemas/returns';
import { DisputeStatementSchema } from '@common/schemas/disputes';
import {
  ReferralCodeParam,
  ReferralEarningsSchema,
  ReferralLinkSchema,
  ReferralVisitSchema,
} from '@common/schemas/referrals';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { ApiError } from '../../http/api-error';
import { IdParam } from '../../http/ids';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import type { AppEnv } from '../../http/app-env';
import { requireUser } from '../auth/sessions';
import type { OrdersService } from './orders.service';
import type { StripePayments } from './stripe-payments';
import type { Returns } from './returns';
import type { Disputes } from './disputes';
import type { Referrals } from './referrals';

const tags = ['Orders and payouts'];
const refused = {
  401: failure('Not signed in'),
  404: failure('No such order of yours'),
};
/** A step of an order: who may take it, and in which state, is the state machine's (order-machine.ts). */
const stepResponses = {
  200: json(OrderSchema, 'The order after the step'),
  ...refused,
  403: failure('Not a step this side of the order takes (ORDER_NOT_YOURS)'),
  409: failure('Not from the order’s state (ORDER_STATE)'),
  429: failure('Too many steps'),
};
const stepRoute = <const P extends string, const E extends object = object>(
  path: P,
  summary: string,
  extra?: E,
) =>
  route({
    member: true,
    method: 'post',
    path,
    tags,
    summary,
    request: { params: IdParam, ...(extra as E) },
    responses: stepResponses,
  });

const routes = {
  quote: route({
    member: true,
    method: 'get',
    path: '/listings/{id}/checkout',
    tags,
    summary: 'What buying this listing costs the buyer: price (or their accepted offer), shipping, pickup',
    request: { params: IdParam },
    responses: {
      200: json(CheckoutQuoteSchema, 'The checkout'),
      400: failure('One’s own listing'),
      401: failure('Not signed in'),
      404: failure('No such listing'),
      409: failure('Sold, pending for another buyer, or checkout not offered (CHECKOUT_UNAVAILABLE)'),
    },
  }),
  place: route({
    member: 'named',
    method: 'post',
    path: '/listings/{id}/orders',
    tags,
    summary: 'Buy a listing (or pay an accepted offer): every amount is computed here',
    request: { params: IdParam, ...body(PlaceOrderSchema) },
    responses: {
      201: json(PlacedOrderSchema, 'Placed: paid at once in demo mode, else where to pay'),
      400: failure('Invalid input, delivery not offered, too small, or one’s own listing'),
      401: failure('Not signed in'),
      403: failure('Blocked'),
      404: failure('No such listing'),
      409: failure('Sold, or pending for another buyer (LISTING_PENDING): nothing charged'),
      429: failure('Too many checkouts'),
      503: failure('Stripe could not be reached: nothing charged'),
    },
  }),
  list: route({
    member: true,
    method: 'get',
    path: '/orders',
    tags,
    summary: 'My orders as buyer and seller: open (pending sales) or closed (history), newest first',
    request: { query: CursorQuerySchema.extend({ status: z.enum(['open', 'closed']).default('open') }) },
    responses: {
      200: json(OrderListSchema, 'A page of orders'),
      400: failure('Bad cursor'),
      401: failure('Not signed in'),
    },
  }),
  get: route({
    member: true,
    method: 'get',
    path: '/orders/{id}',
    tags,
    summary: 'One order with its timeline (its buyer, its seller, or the moderation desk)',
    request: { params: IdParam },
    responses: { 200: json(OrderSchema, 'The order'), ...refused },
  }),
  pay: route({
    member: true,
    method: 'post',
    path: '/orders/{id}/pay',
    tags,
    summary: 'Back to Stripe’s checkout for an order still waiting for payment',
    request: { params: IdParam },
    responses: {
      200: json(PayoutsLinkSchema, 'Where to pay (null: the checkout has closed)'),
      ...refused,
      409: failure('Not waiting for payment'),
    },
  }),
  ship: stepRoute(
    '/orders/{id}/ship',
    'Mark shipped, with the carrier and a valid tracking number (the seller)',
    body(ShipOrderSchema),
  ),
  ready: stepRoute('/orders/{id}/ready', 'Ready for pickup (the seller)'),
  handOver: stepRoute(
    '/orders/{id}/hand-over',
    'Hand the part over: the buyer’s 6-digit code (the seller)',
    body(HandOverSchema),
  ),
  delivered: stepRoute('/orders/{id}/delivered', 'The carrier delivered it (the seller)'),
  confirm: stepRoute(
    '/orders/{id}/confirm',
    'Confirm receipt: the order completes, a held payment is released (the buyer)',
  ),
  cancel: stepRoute(
    '/orders/{id}/cancel',
    'Cancel before shipping or hand-over: refunded in full (either side)',
  ),
  requestReturn: stepRoute(
    '/orders/{id}/return',
    'Ask to return it within 7 days, with a reason, words and photos (the buyer): "doesn’t fit" is accepted at once when the listing claimed to fit the buyer’s vehicle',
    body(RequestReturnSchema),
  ),
  answerReturn: stepRoute(
    '/orders/{id}/return/answer',
    'Accept the return, or refuse it with a reason (the seller; silence accepts after 3 days)',
    body(AnswerReturnSchema),
  ),
  sendReturn: stepRoute(
    '/orders/{id}/return/shipment',
    'Send the part back: the parcel’s tracking number (the buyer)',
    body(SendReturnSchema),
  ),
  receiveReturn: stepRoute(
    '/orders/{id}/return/received',
    'The part came back: the buyer is refunded in full (the seller)',
  ),
  openDispute: stepRoute(
    '/orders/{id}/dispute',
    'Open a dispute on an order not completed (either side): its payout freezes until the desk decides',
    body(DisputeStatementSchema),
  ),
  addToDispute: stepRoute(
    '/orders/{id}/dispute/entries',
    'Add words and photos to the order’s open dispute (either side)',
    body(DisputeStatementSchema),
  ),
  referralLink: route({
    member: true,
    method: 'post',
    path: '/listings/{id}/referral-link',
    tags,
    summary: 'My referral link to a listing with a referral amount (made once, then the same)',
    request: { params: IdParam },
    responses: {
      200: json(ReferralLinkSchema, 'The link'),
      400: failure('One’s own listing (REFERRAL_OWN_LISTING)'),
      401: failure('Not signed in'),
      404: failure('No such listing'),
      409: failure('No referral amount on it, or sold (REFERRAL_NOT_OFFERED)'),
      429: failure('Too many links'),
    },
  }),
  referralVisit: route({
    method: 'post',
    path: '/referrals/{code}/visit',
    tags,
    summary: 'Follow a referral link: this browser remembers it for 30 days; the listing it leads to',
    request: { params: ReferralCodeParam },
    responses: {
      200: json(ReferralVisitSchema, 'The listing'),
      404: failure('No such link (or not a referral code)'),
      429: failure('Too many visits'),
    },
  }),
  referralEarnings: route({
    member: true,
    method: 'get',
    path: '/referrals',
    tags,
    summary: 'What my referral links earned: paid, owed until payouts are connected, and pending',
    responses: { 200: json(ReferralEarningsSchema, 'Earnings'), 401: failure('Not signed in') },
  }),
  payouts: route({
    member: true,
    method: 'get',
    path: '/payouts',
    tags,
    summary: 'My payouts (not connected, pending, ready), seller level and fee',
    responses: { 200: json(PayoutsSchema, 'Payouts'), 401: failure('Not signed in') },
  }),
  connect: route({
    member: true,
    method: 'post',
    path: '/payouts/connect',
    tags,
    summary: 'Connect payouts: Stripe’s hosted onboarding (demo mode: ready at once)',
    responses: {
      200: json(PayoutsLinkSchema, 'Where to go (null: ready already)'),
      401: failure('Not signed in'),
      429: failure('Too many tries'),
      503: failure('Payments are off, or Stripe could not be reached'),
    },
  }),
};

export function ordersRoutes(deps: {
  orders: OrdersService;
  payments: StripePayments;
  returns: Returns;
  disputes: Disputes;
  referrals: Referrals;
  limit: Limiter;
}) {
  const { orders, returns, disputes, referrals } = deps;
  const stepLimit = (userId: string) => deps.limit('order', userId, LIMITS.order);
  /** A member's step of a return or dispute, rate-limited as the order's steps are. */
  const memberStep = async (c: Context<AppEnv>) => {
    const user = requireUser(c);
    await stepLimit(user.id);
    return user;
  };
  return createRouter()
    .openapi(routes.quote, async (c) =>
      c.json(await orders.quote(requireUser(c), c.req.valid('param').id), 200),
    )
    .openapi(routes.place, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      const visit = referrals.visitOf(c);
      return c.json(await orders.place(user, c.req.valid('param').id, c.req.valid('json'), visit), 201);
    })
    .openapi(routes.list, async (c) => {
      const query = c.req.valid('query');
      return c.json(await orders.list(requireUser(c), query.status, query.cursor), 200);
    })
    .openapi(routes.get, async (c) => {
      const order = await orders.get(requireUser(c), c.req.valid('param').id);
      if (!order) throw new ApiError(404, 'NOT_FOUND');
      return c.json(order, 200);
    })
    .openapi(routes.pay, async (c) =>
      c.json(await orders.payUrl(requireUser(c), c.req.valid('param').id), 200),
    )
    .openapi(routes.ship, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      return c.json(await orders.ship(user, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(routes.ready, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      return c.json(await orders.ready(user, c.req.valid('param').id), 200);
    })
    .openapi(routes.handOver, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      return c.json(await orders.handOver(user, c.req.valid('param').id, c.req.valid('json')), 200);
    })
    .openapi(routes.delivered, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      return c.json(await orders.markDelivered(user, c.req.valid('param').id), 200);
    })
    .openapi(routes.confirm, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      return c.json(await orders.confirmReceipt(user, c.req.valid('param').id), 200);
    })
    .openapi(routes.cancel, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      return c.json(await orders.cancel(user, c.req.valid('param').id), 200);
    })
    .openapi(routes.requestReturn, async (c) =>
      c.json(await returns.request(await memberStep(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routes.answerReturn, async (c) =>
      c.json(await returns.answer(await memberStep(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routes.sendReturn, async (c) =>
      c.json(await returns.send(await memberStep(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routes.receiveReturn, async (c) =>
      c.json(await returns.received(await memberStep(c), c.req.valid('param').id), 200),
    )
    .openapi(routes.openDispute, async (c) =>
      c.json(await disputes.open(await memberStep(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routes.addToDispute, async (c) =>
      c.json(await disputes.add(await memberStep(c), c.req.valid('param').id, c.req.valid('json')), 200),
    )
    .openapi(routes.referralLink, async (c) => {
      const user = requireUser(c);
      await deps.limit('referral', user.id, LIMITS.referral);
      return c.json(await referrals.link(user, c.req.valid('param').id), 200);
    })
    .openapi(routes.referralVisit, async (c) => {
      await deps.limit('referral-visit', c.get('clientNet'), LIMITS.referral);
      return c.json(await referrals.visit(c, c.req.valid('param').code), 200);
    })
    .openapi(routes.referralEarnings, async (c) => c.json(await referrals.earnings(requireUser(c)), 200))
    .openapi(routes.payouts, async (c) => {
      const user = requireUser(c);
      const payouts = await orders.payouts(user);
      if (payouts.state !== 'pending') return c.json(payouts, 200);
      // Back from Stripe's onboarding before its event arrived: ask Stripe (its event may be late).
      await deps.payments.refresh(user.id).catch(() => undefined);
      return c.json(await orders.payouts(user), 200);
    })
    .openapi(routes.connect, async (c) => {
      const user = requireUser(c);
      await stepLimit(user.id);
      if (orders.mode === 'off') throw new ApiError(503, 'PAYMENTS_UNAVAILABLE');
      try {
        return c.json(await deps.payments.connect(user.id, user.email, orders.mode === 'demo'), 200);
      } catch (error) {
        if (error instanceof ApiError) throw error;
        throw new ApiError(503, 'PAYMENTS_UNAVAILABLE');
      }
    });
}
