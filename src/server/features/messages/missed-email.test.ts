import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@common/schemas/notifications';
import { users } from '@server/db/schema';
import type { MailMessage } from '@server/mail/mailer';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { refuseInserts } from '../../../test/refuse-inserts';
import { nextJobKey } from '@server/jobs/job-context';
import { MISSED_EMAIL_JOB } from './missed-email';
import { okBody } from '../../../test/test-browser';

/**
 * Sends through the outbox, once per key as the SMTP mailer does (the key recorded after the send),
 * except when told SMTP is down, or that the worker dies before or after SMTP took the email (the
 * send then never returns, as in a process killed mid-send).
 */
let smtp: 'up' | 'down' | 'dies-mid-send' | 'dies-after-send' = 'up';
/** Runs while an email is being sent (a message arriving meanwhile). */
let duringSend: (() => Promise<void>) | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    mailer: {
      kind: 'smtp',
      nextAlreadySent: async () => false,
      async send(message: MailMessage, options?: { key?: string }) {
        const key = options?.key ?? nextJobKey('mail');
        const { db } = t.database;
        if (key && (await db.execute(sql`select 1 from mail_sent where key = ${key}`)).rows.length) return;
        if (smtp === 'down') throw new Error('SMTP unreachable');
        if (smtp === 'dies-mid-send') return new Promise<void>(() => {});
        const during = duringSend;
        duringSend = null;
        if (during) await during();
        await db.execute(sql`insert into mail_outbox ("to", subject, text, html)
          values (${message.to}, ${message.subject}, ${message.text}, ${message.html})`);
        if (key) await db.execute(sql`insert into mail_sent (key) values (${key})`);
        if (smtp === 'dies-after-send') return new Promise<void>(() => {});
      },
    },
  });
});
afterAll(async () => {
  await t.close();
});

async function setup(options: { sellerLocale?: string } = {}) {
  const seller = await signedInMember(t, { firstName: 'Ines', lastName: 'Moreno' });
  const buyer = await signedInMember(t, { firstName: 'Tom', lastName: 'Baker' });
  if (options.sellerLocale)
    await t.database.db.update(users).set({ locale: options.sellerLocale }).where(eq(users.id, seller.id));
  const item = await okBody(
    seller.browser.api.listings.$post({
      json: {
        title: 'Brembo GT kit',
        priceCents: 180_000,
        category: 'brakes',
        condition: 'like_new',
        make: 'Subaru',
        model: 'WRX',
      },
    }),
  );
  const send = async (content: string) =>
    (
      await okBody(
        buyer.browser.api.listings[':id'].messages.$post({ param: { id: item.id }, json: { content } }),
      )
    ).conversationId;
  return { seller, buyer, item, send };
}

/** Emails about messages (not the sign-up confirmation). */
async function messageMail(address: string) {
  return (await t.mailTo(address)).filter((mail) => !mail.subject.startsWith('Confirm'));
}

/** Moves the clock 16 minutes on for this conversation's email window and its waiting job. */
async function sixteenMinutesLater(conversationId: string) {
  await t.database.db.execute(sql`update conversation_emails
    set last_sent_at = last_sent_at - interval '16 minutes' where conversation_id = ${conversationId}`);
  await t.database.db.execute(sql`update jobs set run_at = now() where kind = ${MISSED_EMAIL_JOB}`);
}

async function pendingEmailJobs() {
  const rows = await t.database.db.execute<{ n: number }>(
    sql`select count(*)::int as n from jobs where kind = ${MISSED_EMAIL_JOB} and failed_at is null`,
  );
  return rows.rows[0]!.n;
}

describe('email for missed messages', () => {
  it('goes to an offline member at most once per conversation every 15 minutes, covering what is unread', async () => {
    const { seller, send } = await setup();
    const id = await send('Would you ship to Austin?');
    await t.runJobs();
    let mail = await messageMail(seller.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('New message from Tom B. about Brembo GT kit');
    expect(mail[0]!.text).toContain('> Would you ship to Austin?');
    expect(mail[0]!.text).toContain(`/messages/${id}`);

    await send('Also, are the pads new?');
    await send('<script>alert(1)</script>');
    await t.runJobs();
    expect(await messageMail(seller.email)).toHaveLength(1);
    // One job waits for the window to end, however many messages came.
    expect(await pendingEmailJobs()).toBe(1);

    await sixteenMinutesLater(id);
    await t.runJobs();
    mail = await messageMail(seller.email);
    expect(mail).toHaveLength(2);
    expect(mail[1]!.text).toContain('sent you 2 messages');
    expect(mail[1]!.html).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(mail[1]!.html).not.toContain('<script>');

    // Nothing new: nothing more, even later.
    await sixteenMinutesLater(id);
    await t.runJobs();
    expect(await messageMail(seller.email)).toHaveLength(2);
    expect(await pendingEmailJobs()).toBe(0);
  });

  it('is not sent when the member is online, has read the message, or turned email off', async () => {
    const online = await setup();
    await t.database.db.execute(sql`insert into presence (user_id, online_until)
      values (${online.seller.id}, now() + interval '1 minute')`);
    await online.send('Are you there?');
    await t.runJobs();
    expect(await messageMail(online.seller.email)).toEqual([]);

    const reader = await setup();
    const id = await reader.send('Price firm?');
    await reader.seller.browser.api.conversations[':id'].read.$post({ param: { id: id } });
    await t.runJobs();
    expect(await messageMail(reader.seller.email)).toEqual([]);

    const quiet = await setup();
    await quiet.seller.browser.api.notifications.settings.$put({
      json: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        emailNotifications: false,
      },
    });
    await quiet.send('Hello?');
    await t.runJobs();
    expect(await messageMail(quiet.seller.email)).toEqual([]);
  });

  it('is retried when SMTP fails and never sent twice', async () => {
    const { seller, send } = await setup({ sellerLocale: 'es' });
    smtp = 'down';
    const id = await send('¿Sigue disponible?');
    await t.runJobs();
    expect(await messageMail(seller.email)).toEqual([]);
    smtp = 'up';
    await t.database.db.execute(sql`update jobs set run_at = now() where kind = ${MISSED_EMAIL_JOB}`);
    await t.runJobs();
    const mail = await messageMail(seller.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.subject).toBe('Nuevo mensaje de Tom B. sobre Brembo GT kit');
    // A stray retry of the same job finds the messages covered.
    await t.database.db.execute(sql`insert into jobs (kind, payload)
      values (${MISSED_EMAIL_JOB}, ${JSON.stringify({ conversationId: id, userId: seller.id })}::jsonb)`);
    await t.runJobs();
    expect(await messageMail(seller.email)).toHaveLength(1);
  });

  it('is sent by the retry when the worker died mid-send, and not again after a completed send', async () => {
    const { seller, send } = await setup();
    const runAgainLater = async () => {
      // The dead worker's lease on the job passes: another worker claims it.
      await t.database.db.execute(sql`update jobs set run_at = now() where kind = ${MISSED_EMAIL_JOB}`);
      await t.runJobs();
    };
    try {
      // Killed while SMTP had not yet taken the email: the retry sends it.
      smtp = 'dies-mid-send';
      await send('Does it fit a 2015 WRX?');
      void t.runJobs();
      await expect.poll(() => pendingEmailJobs()).toBe(1);
      await expect
        .poll(
          async () =>
            (
              await t.database.db.execute(
                sql`select 1 from jobs where kind = ${MISSED_EMAIL_JOB} and attempts = 1`,
              )
            ).rows.length,
        )
        .toBe(1);
      smtp = 'up';
      await runAgainLater();
      let mail = await messageMail(seller.email);
      expect(mail).toHaveLength(1);
      expect(mail[0]!.text).toContain('> Does it fit a 2015 WRX?');
      expect(await pendingEmailJobs()).toBe(0);

      // Killed after SMTP took the email, before the job recorded it: the retry does not send it again.
      smtp = 'dies-after-send';
      const id = await send('Still there?');
      await t.database.db.execute(sql`update conversation_emails
        set last_sent_at = last_sent_at - interval '16 minutes' where conversation_id = ${id}`);
      void t.runJobs();
      await expect.poll(async () => (await messageMail(seller.email)).length).toBe(2);
      smtp = 'up';
      await runAgainLater();
      mail = await messageMail(seller.email);
      expect(mail).toHaveLength(2);
      expect(mail[1]!.text).toContain('> Still there?');
      expect(await pendingEmailJobs()).toBe(0);
    } finally {
      smtp = 'up';
    }
  });

  it('is planned in the transaction that stores the message: no message is stored without its email job', async () => {
    const { seller, buyer, item, send } = await setup();
    const { db } = t.database;
    const id = await send('First question');
    await t.runJobs();
    await t.database.db.execute(sql`update conversation_emails
      set last_sent_at = last_sent_at - interval '16 minutes' where conversation_id = ${id}`);
    // Queueing the email job fails (as a server killed between the message and its job).
    const allow = await refuseInserts(db, 'jobs', 'kind', MISSED_EMAIL_JOB);
    try {
      // Refused: its answer is not read.
      await buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: { content: 'Second question' },
      });
    } finally {
      await allow();
    }
    const stored = await db.execute(sql`select 1 from messages where content = 'Second question'`);
    expect(stored.rows).toEqual([]);

    await send('Second question, again');
    await t.runJobs();
    const mail = await messageMail(seller.email);
    expect(mail).toHaveLength(2);
    expect(mail[1]!.text).toContain('> Second question, again');
  });

  it('covers a message that came while its email was being sent, after the window', async () => {
    const { seller, send } = await setup();
    const id = await send('Is the kit complete?');
    duringSend = async () => void (await send('And the brackets?'));
    await t.runJobs();
    let mail = await messageMail(seller.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).not.toContain('And the brackets?');
    expect(await pendingEmailJobs()).toBe(1);
    await sixteenMinutesLater(id);
    await t.runJobs();
    mail = await messageMail(seller.email);
    expect(mail).toHaveLength(2);
    expect(mail[1]!.text).toContain('> And the brackets?');
  });
});
