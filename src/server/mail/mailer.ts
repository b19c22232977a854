import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { createHash } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { mailOutbox, mailSent } from '../db/schema';
import { nextJobKey, peekJobKey } from '../jobs/job-context';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  /**
   * Sends once per key: inside a job the key defaults to one stable across the job's attempts, so a
   * job run again after its worker died does not send the same email twice.
   */
  send(message: MailMessage, options?: { key?: string }): Promise<void>;
  /**
   * Inside a job: whether the email it is about to send went out on an earlier attempt. A job that
   * issues a one-time link asks first, so a retry neither sends a second link nor revives a used one.
   */
  nextAlreadySent(): Promise<boolean>;
}

/**
 * How long SMTP may take, in milliseconds: to connect, to greet once connected, and between bytes once
 * talking. A server that accepts connections but never answers fails the send within seconds (its job
 * is retried later) instead of holding its job's slot for minutes (nodemailer's own defaults are 2
 * minutes, 30 seconds and 10 minutes).
 */
export const SMTP_TIMEOUTS = { connectionMs: 10_000, greetingMs: 10_000, socketMs: 30_000 };

/**
 * Real SMTP when `SMTP_URL` is set; otherwise the outbox table, read at the dev mailbox page. Outside
 * production the outbox also logs each message's links, for a developer without a mailbox page open.
 */
export function createMailer(options: {
  smtpUrl: string | undefined;
  from: string;
  db: Db;
  logger: Logger;
  logLinks: boolean;
  /** Refuse to send over SMTP without TLS (production, unless ALLOW_HTTP says the network is private). */
  requireTls?: boolean;
  /** Shorter limits than `SMTP_TIMEOUTS` (tests). */
  timeouts?: Partial<typeof SMTP_TIMEOUTS>;
}): Mailer {
  const { db } = options;
  const alreadySent = async (key: string) =>
    (await db.select({ key: mailSent.key }).from(mailSent).where(eq(mailSent.key, key)).limit(1)).length > 0;

  const nextAlreadySent = async () => {
    const key = peekJobKey('mail');
    return key !== null && (await alreadySent(key));
  };

  if (options.smtpUrl) {
    // With `requireTls`, an smtp:// server that does not offer STARTTLS gets nothing: links are
    // credentials and must not cross the network in clear. smtps:// is TLS from the first byte.
    const timeouts = { ...SMTP_TIMEOUTS, ...options.timeouts };
    const transport = nodemailer.createTransport({
      url: options.smtpUrl,
      requireTLS: options.requireTls ?? false,
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
    });
    return {
      kind: 'smtp',
      nextAlreadySent,
      async send(message, sendOptions) {
        const key = sendOptions?.key ?? nextJobKey('mail');
        if (key && (await alreadySent(key))) return;
        // Receivers that drop repeated Message-IDs drop a repeat that slipped through anyway.
        const messageId = key
          ? `<${createHash('sha256').update(key).digest('hex').slice(0, 32)}@modmarket>`
          : undefined;
        await transport.sendMail({ from: options.from, ...message, ...(messageId ? { messageId } : {}) });
        if (key) await db.insert(mailSent).values({ key }).onConflictDoNothing();
      },
    };
  }
  return {
    kind: 'outbox',
    nextAlreadySent,
    async send(message, sendOptions) {
      const key = sendOptions?.key ?? nextJobKey('mail');
      const kept = await db.transaction(async (tx) => {
        if (key) {
          const fresh = await tx.insert(mailSent).values({ key }).onConflictDoNothing().returning();
          if (!fresh.length) return false;
        }
        await tx.insert(mailOutbox).values(message);
        return true;
      });
      if (kept && options.logLinks) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        options.logger.info({ to: message.to, subject: message.subject, links }, 'mail kept in the outbox');
      }
    },
  };
}

/** Forgets the keys of emails sent over 30 days ago (no job is retried that late). */
export async function pruneSentMail(db: Db): Promise<void> {
  await db.delete(mailSent).where(sql`${mailSent.sentAt} < now() - interval '30 days'`);
}
