import { z } from 'zod';
import { eq } from 'drizzle-orm';
import type { ContactSchema } from '@common/schemas/contact';
import { PLAN_DETAILS, type Plan } from '@common/catalog';

type ContactMessage = z.output<typeof ContactSchema>;
import { DEFAULT_LANGUAGE, languageOrDefault, type Language } from '@common/i18n/languages';
import type { Db } from '../../db/client';
import { contactMessages, users } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import { takeOnce } from '../../security/rate-limit';

export const SUPPORT_JOB = 'contact.support';
export const ACK_JOB = 'contact.acknowledge';
const Job = z.object({ id: z.string() });

/**
 * The contact form: the message is stored first, then two jobs email the support address and
 * acknowledge the sender in their language, each retried on its own.
 */
export function createContactService(deps: {
  db: Db;
  mailer: TemplateMailer;
  supportEmail: string;
  publicUrl: string;
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
        deps.mailer.compose('contactSupport', {
          to: deps.supportEmail,
          language: DEFAULT_LANGUAGE,
          link: `mailto:${message.email}`,
          params: {
            sender: message.name,
            email: message.email,
            topic: message.topic,
            language: message.language,
            // Gold and Platinum members' messages say so in the subject and the first line.
            ...(message.priority ? { context: 'priority' } : {}),
          },
          quote: message.message,
        }),
      );
    },
    [ACK_JOB]: async (raw) => {
      const message = await load(raw);
      if (!message) return;
      // A member's acknowledgement is in their account's language; a visitor's in the page's.
      const member = message.userId
        ? (await db.select({ locale: users.locale }).from(users).where(eq(users.id, message.userId)))[0]
        : undefined;
      await deps.mailer.send(
        deps.mailer.compose('contactAcknowledgement', {
          to: message.email,
          language: languageOrDefault(member?.locale ?? message.language),
          name: message.name,
          link: `${deps.publicUrl}/contact`,
        }),
      );
    },
  };

  /**
   * Stores the message and queues its emails, in one transaction. A member whose plan includes
   * priority support sends a priority message.
   */
  async function submit(
    input: ContactMessage,
    sender: { userId: string | null; plan: Plan | null; language: Language },
  ) {
    const priority = sender.plan ? PLAN_DETAILS[sender.plan].prioritySupport : false;
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(contactMessages)
        .values({ ...input, userId: sender.userId, language: sender.language, priority })
        .returning({ id: contactMessages.id });
      const id = rows[0]!.id;
      await enqueueJob(tx, SUPPORT_JOB, { id });
      // Anyone can type any address into the form: the acknowledgement carries nothing they wrote, and
      // one address gets at most one a day, so the form cannot send mail to strangers.
      if (await takeOnce(tx, `contact-ack:${input.email.toLowerCase()}`, 24 * 3600))
        await enqueueJob(tx, ACK_JOB, { id });
    });
    deps.wakeJobs();
  }

  return { submit, jobHandlers };
}

export type ContactService = ReturnType<typeof createContactService>;
