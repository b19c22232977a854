import { createRoute } from '@hono/zod-openapi';
import { ErrorResponseSchema } from '@common/schemas/errors';
import { HealthDetailSchema, HealthResponseSchema, type HealthDetail } from '@common/schemas/health';
import { createRouter } from '../../http/create-router';
import { ApiError, errorBody } from '../../http/api-error';
import { failure, json, route } from '../../http/openapi';
import { requireUser } from '../auth/sessions';
import { sharedReads } from '../../http/shared-reads';

const getHealth = createRoute({
  method: 'get',
  path: '/health',
  tags: ['System'],
  summary: 'Whether the service and its database answer',
  responses: {
    200: { description: 'Healthy', content: { 'application/json': { schema: HealthResponseSchema } } },
    503: {
      description: 'The database cannot be reached',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

const getHealthDetail = route({
  member: true,
  method: 'get',
  path: '/health/detail',
  tags: ['System'],
  summary: 'How far behind the job queue is (admins)',
  responses: {
    200: json(HealthDetailSchema, 'The job queue'),
    401: failure('Not signed in'),
    403: failure('Not an admin'),
    503: failure('The database cannot be reached'),
  },
});

export function healthRoutes(deps: {
  ping: () => Promise<void>;
  queue: () => Promise<HealthDetail['jobs']>;
}) {
  // Checks that arrive while the database is being asked share that round trip: its answer is no older
  // when they get it than one of their own would be.
  const ping = sharedReads<void>();
  return createRouter()
    .openapi(getHealth, async (c) => {
      try {
        await ping('', deps.ping);
        return c.json({ status: 'ok' as const }, 200);
      } catch (error) {
        c.get('logger').warn({ err: error }, 'health check: database unreachable');
        return c.json(errorBody(c, 'SERVICE_UNAVAILABLE'), 503);
      }
    })
    .openapi(getHealthDetail, async (c) => {
      if (!requireUser(c).isAdmin) throw new ApiError(403, 'FORBIDDEN');
      return c.json({ status: 'ok' as const, jobs: await deps.queue() }, 200);
    });
}
