import nodemailer from 'nodemailer';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  kind: 'smtp' | 'outbox';
  send(message: MailMessage): Promise<void>;
}

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
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      kind: 'smtp',
      async send(message) {
        await transport.sendMail({ from: options.from, ...message });
      },
    };
  }
  return {
    kind: 'outbox',
    async send(message) {
      await options.db.insert(mailOutbox).values(message);
      if (options.logLinks) {
        const links = message.text.match(/https?:\/\/\S+/g) ?? [];
        options.logger.info({ to: message.to, subject: message.subject, links }, 'mail kept in the outbox');
      }
    },
  };
}
