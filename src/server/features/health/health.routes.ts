import { createRoute } from '@hono/zod-openapi';
import { ErrorResponseSchema } from '@common/schemas/errors';
import { HealthResponseSchema } from '@common/schemas/health';
import { createRouter } from '../../http/create-router';
import { errorBody } from '../../http/api-error';

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

export function healthRoutes(deps: { ping: () => Promise<void> }) {
  return createRouter().openapi(getHealth, async (c) => {
    try {
      await deps.ping();
      return c.json({ status: 'ok' as const }, 200);
    } catch (error) {
      c.get('logger').warn({ err: error }, 'health check: database unreachable');
      return c.json(errorBody(c, 'SERVICE_UNAVAILABLE'), 503);
    }
  });
}
