import { createRoute } from '@hono/zod-openapi';
import { OkSchema } from '@common/schemas/auth';
import { ContactSchema } from '@common/schemas/contact';
import { ErrorResponseSchema } from '@common/schemas/errors';
import { requestLanguage } from '../../http/api-error';
import { createRouter } from '../../http/create-router';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import type { ContactService } from './contact.service';

const send = createRoute({
  method: 'post',
  path: '/',
  tags: ['Contact'],
  summary: 'Send a message to the support team (an acknowledgement goes to the sender)',
  request: { body: { content: { 'application/json': { schema: ContactSchema } }, required: true } },
  responses: {
    201: { description: 'Received', content: { 'application/json': { schema: OkSchema } } },
    400: { description: 'Invalid input', content: { 'application/json': { schema: ErrorResponseSchema } } },
    429: {
      description: 'Too many messages',
      content: { 'application/json': { schema: ErrorResponseSchema } },
    },
  },
});

/** The contact form's endpoint: rate-limited per network, open to visitors and members. */
export function contactRoutes(deps: { contact: ContactService; limit: Limiter }) {
  return createRouter().openapi(send, async (c) => {
    await deps.limit('contact', c.get('clientNet'), LIMITS.contactForm);
    const user = c.get('user');
    await deps.contact.submit(c.req.valid('json'), {
      userId: user?.id ?? null,
      plan: user?.plan ?? null,
      language: requestLanguage(c),
    });
    return c.json({ status: 'ok' as const }, 201);
  });
}
