import { createRoute, z } from '@hono/zod-openapi';
import { eq } from 'drizzle-orm';
import { OkSchema } from '@common/schemas/auth';
import { ContactSchema } from '@common/schemas/contact';
import { ErrorResponseSchema } from '@common/schemas/errors';
import type { Db } from '../../db/client';
import { contactMessages } from '../../db/schema';
import { requestLanguage } from '../../http/api-error';
import { createRouter } from '../../http/create-router';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';
import { LIMITS, takeOnce, type Limiter } from '../../security/rate-limit';
import { DEFAULT_LANGUAGE, isLanguage } from '@common/i18n/languages';

export const SUPPORT_JOB = 'contact.support';
export const ACK_JOB = 'contact.acknowledge';
/** Per client address: 5 messages an hour. */
const Job = z.object({ id: z.string() });

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

/**
 * The contact form: the message is stored first, then two jobs email the support address and
 * acknowledge the sender in their language, each retried on its own.
 */
export function contactFeature(deps: {
  db: Db;
  mailer: Mailer;
  supportEmail: string;
  publicUrl: string;
  limit: Limiter;
  wakeJobs: () => void;
}) {
  const { db } = deps;
  const load = async (raw: unknown) => {
    const { id } = Job.parse(raw);
    return (await db.select().from(contactMessages).where(eq(contactMessages.id, id)).limit(1))[0];
  };

  const jobHandlers: Record<string, JobHandler> = {
    [SUPPORT_JOB]: async (raw) => {
      const message = await load(raw);
      if (!message) return;
      await deps.mailer.send(
        renderEmail('contactSupport', {
          to: deps.supportEmail,
          language: DEFAULT_LANGUAGE,
          link: `mailto:${message.email}`,
          params: {
            sender: message.name,
            email: message.email,
            topic: message.topic,
            language: message.language,
          },
          quote: message.message,
        }),
      );
    },
    [ACK_JOB]: async (raw) => {
      const message = await load(raw);
      if (!message) return;
      await deps.mailer.send(
        renderEmail('contactAcknowledgement', {
          to: message.email,
          language: isLanguage(message.language) ? message.language : DEFAULT_LANGUAGE,
          name: message.name,
          link: `${deps.publicUrl}/contact`,
        }),
      );
    },
  };

  const routes = createRouter().openapi(send, async (c) => {
    await deps.limit('contact', c.get('clientNet'), LIMITS.contactForm);
    const input = c.req.valid('json');
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(contactMessages)
        .values({ ...input, userId: c.get('user')?.id ?? null, language: requestLanguage(c) })
        .returning({ id: contactMessages.id });
      const id = rows[0]!.id;
      await enqueueJob(tx, SUPPORT_JOB, { id });
      // Anyone can type any address into the form: the acknowledgement carries nothing they wrote, and
      // one address gets at most one a day, so the form cannot send mail to strangers.
      if (await takeOnce(tx, `contact-ack:${input.email.toLowerCase()}`, 24 * 3600))
        await enqueueJob(tx, ACK_JOB, { id });
    });
    deps.wakeJobs();
    return c.json({ status: 'ok' as const }, 201);
  });

  return { routes, jobHandlers };
}
