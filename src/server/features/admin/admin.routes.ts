import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { OkSchema } from '@common/schemas/auth';
import { CursorQuerySchema, NextCursorSchema } from '@common/schemas/paging';
import {
  AdminOverviewSchema,
  AdminReportPageSchema,
  AuditEntrySchema,
  ModerationActionSchema,
} from '@common/schemas/trust';
import { DeskDisputeSchema, OrderSchema, PaymentDifferenceListSchema } from '@common/schemas/orders';
import { DecideDisputeSchema, DisputeQueueSchema } from '@common/schemas/disputes';
import type { Disputes } from '../orders/disputes';
import type { Clock } from '../../clock';
import type { Reconciliation } from '../orders/reconcile';
import { body, failure, json, route } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import type { AppEnv } from '../../http/app-env';
import { ApiError } from '../../http/api-error';
import { IdParam } from '../../http/ids';
import { requireUser } from '../auth/sessions';
import type { AdminService } from './admin.service';

const tags = ['Moderation'];
const refused = { 401: failure('Not signed in'), 403: failure('Not an admin') };

const routes = {
  overview: route({
    member: true,
    method: 'get',
    path: '/overview',
    tags,
    summary: 'This week: new members, listings and reports, and the open reports',
    responses: { 200: json(AdminOverviewSchema, 'Overview'), ...refused },
  }),
  reports: route({
    member: true,
    method: 'get',
    path: '/reports',
    tags,
    summary: 'Open reports, oldest first, with the reported content',
    request: { query: CursorQuerySchema },
    responses: { 200: json(AdminReportPageSchema, 'Reports'), ...refused },
  }),
  act: route({
    member: true,
    method: 'post',
    path: '/reports/{id}/action',
    tags,
    summary: 'Dismiss a report, hide the listing, remove the message or post, or suspend the member',
    request: { params: IdParam, ...body(ModerationActionSchema) },
    responses: {
      200: json(OkSchema, 'Done'),
      400: failure('An action that does not fit the report'),
      404: failure('No such open report'),
      ...refused,
    },
  }),
  audit: route({
    member: true,
    method: 'get',
    path: '/audit',
    tags,
    summary: 'Every moderator action, newest first',
    request: { query: CursorQuerySchema },
    responses: {
      200: json(z.object({ items: z.array(AuditEntrySchema), nextCursor: NextCursorSchema }), 'Audit log'),
      ...refused,
    },
  }),
  payments: route({
    member: true,
    method: 'get',
    path: '/payments',
    tags,
    summary: 'Open differences between orders and Stripe, oldest first (the hourly reconciliation)',
    request: { query: CursorQuerySchema },
    responses: { 200: json(PaymentDifferenceListSchema, 'Differences'), ...refused },
  }),
  resolvePayment: route({
    member: true,
    method: 'post',
    path: '/payments/{id}/resolve',
    tags,
    summary: 'Mark a payment difference set right',
    request: { params: IdParam },
    responses: { 200: json(OkSchema, 'Resolved'), 404: failure('No such open difference'), ...refused },
  }),
  disputes: route({
    member: true,
    method: 'get',
    path: '/disputes',
    tags,
    summary: 'Open disputes about orders (members’ and card disputes), oldest first',
    request: { query: CursorQuerySchema },
    responses: { 200: json(DisputeQueueSchema, 'Disputes'), 400: failure('Bad cursor'), ...refused },
  }),
  dispute: route({
    member: true,
    method: 'get',
    path: '/disputes/{id}',
    tags,
    summary: 'One dispute: the order with its timeline and what each side said, and the conversation',
    request: { params: IdParam },
    responses: { 200: json(DeskDisputeSchema, 'The dispute'), 404: failure('No such dispute'), ...refused },
  }),
  decideDispute: route({
    member: true,
    method: 'post',
    path: '/disputes/{id}/decision',
    tags,
    summary: 'Decide a members’ dispute: full refund, partial refund, or release to the seller',
    request: { params: IdParam, ...body(DecideDisputeSchema) },
    responses: {
      200: json(OrderSchema, 'The order after the decision'),
      400: failure('A partial refund of the whole total or more (REFUND_TOO_LARGE)'),
      404: failure('No such dispute'),
      409: failure('Decided already (DISPUTE_CLOSED), a card dispute (DISPUTE_CARD), or the order moved on'),
      ...refused,
    },
  }),
};

/** A moderator, or 403 (the role is read from the database with the session on every request). */
function requireAdmin(c: Context<AppEnv>) {
  const user = requireUser(c);
  if (!user.isAdmin) throw new ApiError(403, 'FORBIDDEN');
  return user;
}

export function adminRoutes(deps: {
  admin: AdminService;
  reconciliation: Reconciliation;
  disputes: Disputes;
  clock: Clock;
}) {
  const { admin, reconciliation, disputes, clock } = deps;
  return createRouter()
    .openapi(routes.overview, async (c) => {
      requireAdmin(c);
      return c.json(await admin.overview(), 200);
    })
    .openapi(routes.reports, async (c) => {
      requireAdmin(c);
      return c.json(await admin.queue(c.req.valid('query').cursor), 200);
    })
    .openapi(routes.act, async (c) => {
      const user = requireAdmin(c);
      await admin.act(user.id, c.req.valid('param').id, c.req.valid('json'));
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.audit, async (c) => {
      requireAdmin(c);
      return c.json(await admin.audit(c.req.valid('query').cursor), 200);
    })
    .openapi(routes.payments, async (c) => {
      requireAdmin(c);
      return c.json(await reconciliation.open(c.req.valid('query').cursor), 200);
    })
    .openapi(routes.resolvePayment, async (c) => {
      const user = requireAdmin(c);
      await reconciliation.resolve(user.id, c.req.valid('param').id, clock());
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.disputes, async (c) => {
      requireAdmin(c);
      return c.json(await disputes.queue(c.req.valid('query').cursor), 200);
    })
    .openapi(routes.dispute, async (c) =>
      c.json(await disputes.deskCase(requireAdmin(c), c.req.valid('param').id), 200),
    )
    .openapi(routes.decideDispute, async (c) =>
      c.json(await disputes.decide(requireAdmin(c), c.req.valid('param').id, c.req.valid('json')), 200),
    );
}
