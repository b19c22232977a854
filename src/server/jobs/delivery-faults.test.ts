import { createServer, type AddressInfo, type Socket } from 'node:net';
import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, linkToken, readAnswer, expectStatus } from '../../test/test-browser';
import { signedInMember } from '../../test/members';
import pino from 'pino';
import { enqueueJob, runJobs, type JobHandler } from './queue';
import { runInJob } from './job-context';
import { createMailer } from '../mail/mailer';

/** A real SMTP listener on a local port that can refuse mail for a while, as a server that is down. */
function smtpListener() {
  const received: { to: string[]; raw: string }[] = [];
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onConnect(_session, callback) {
      if (refusing) callback(new Error('421 service not available'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  return {
    received,
    refuse(value: boolean) {
      refusing = value;
    },
    listen: () =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
      ),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The plain-text part of a message as nodemailer writes it (quoted-printable), enough to find links. */
function plainText(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

const smtp = smtpListener();
let t: TestApp;
beforeAll(async () => {
  const port = await smtp.listen();
  t = await createTestApp({
    env: { SMTP_URL: `smtp://127.0.0.1:${port}` },
    mailbox: async (address) =>
      to(address).map((mail) => ({ to: address, subject: '', text: plainText(mail.raw), html: '' })),
  });
});
afterAll(async () => {
  await t.close();
  await smtp.close();
});

const to = (address: string) => smtp.received.filter((mail) => mail.to.includes(address));
/** Brings every waiting job's retry forward to now, as if its backoff had passed. */
const backoffPasses = () =>
  t.database.db.execute(sql`update jobs set run_at = now() where failed_at is null`);

describe('mail when the SMTP server is down for a while', () => {
  it('waits in the queue, is retried with a growing delay, then delivered exactly once', async () => {
    smtp.refuse(true);
    const email = `outage.${Date.now()}@example.com`;
    const contact = await readAnswer(
      new TestBrowser(t, '198.51.100.7').api.contact.$post({
        json: {
          name: 'Noor',
          email,
          topic: 'other',
          message: 'Is the Bride seat still for sale?',
        },
      }),
    );
    expectStatus(contact, 201);
    await t.runJobs();
    const waiting = await t.database.db.execute<{ attempts: number; delay: number; failed: boolean }>(
      sql`select attempts, extract(epoch from run_at - now())::int as delay, failed_at is not null as failed
        from jobs order by id`,
    );
    // Both emails (to support and the acknowledgement) wait, the first retry about 30 s away.
    expect(waiting.rows).toHaveLength(2);
    for (const job of waiting.rows) {
      expect(job).toMatchObject({ attempts: 1, failed: false });
      expect(job.delay).toBeGreaterThan(20);
      expect(job.delay).toBeLessThanOrEqual(30);
    }
    await backoffPasses();
    await t.runJobs();
    const again = await t.database.db.execute<{ attempts: number; delay: number }>(
      sql`select attempts, extract(epoch from run_at - now())::int as delay from jobs order by id`,
    );
    expect(again.rows.map((job) => job.attempts)).toEqual([2, 2]);
    expect(again.rows.every((job) => job.delay > 50 && job.delay <= 60)).toBe(true);
    expect(to(email)).toHaveLength(0);

    smtp.refuse(false);
    await backoffPasses();
    await t.runJobs();
    expect(to(email)).toHaveLength(1);
    await backoffPasses();
    await t.runJobs();
    expect(to(email)).toHaveLength(1);
    expect((await t.database.db.execute(sql`select count(*)::int as n from jobs`)).rows[0]).toEqual({ n: 0 });
  });
});

describe('mail when the SMTP server stays down', () => {
  it('keeps the job through ten attempts with delays capped at an hour, then marks it failed', async () => {
    smtp.refuse(true);
    try {
      await enqueueJob(t.database.db, 'welcome-down', {});
      const handlers: Record<string, JobHandler> = {
        'welcome-down': () =>
          t.app.mailer.send({ to: 'x@example.com', subject: 'Hi', text: 'Hi', html: 'Hi' }),
      };
      const logger = pino({ level: 'silent' });
      const seen: { attempts: number; delay: number; failed: boolean }[] = [];
      for (let attempt = 1; attempt <= 10; attempt++) {
        await backoffPasses();
        await runJobs(t.database.db, handlers, logger);
        const row = (
          await t.database.db.execute<{ attempts: number; delay: number; failed: boolean }>(
            sql`select attempts, extract(epoch from run_at - now())::int as delay, failed_at is not null as failed
              from jobs where kind = 'welcome-down'`,
          )
        ).rows[0]!;
        seen.push(row);
      }
      expect(seen.map((row) => row.failed)).toEqual([...Array<boolean>(9).fill(false), true]);
      expect(Math.max(...seen.map((row) => row.delay))).toBeLessThanOrEqual(3600);
      expect(seen[8]!.delay).toBeGreaterThan(3500);
    } finally {
      smtp.refuse(false);
      await t.database.db.execute(sql`delete from jobs where kind = 'welcome-down'`);
    }
  });
});

describe('a job whose worker dies after its side effects', () => {
  it('is run again by another worker and sends its email and its notification once', async () => {
    const member = await signedInMember(t);
    const { db } = t.database;
    const logger = pino({ level: 'silent' });
    const handlers: Record<string, JobHandler> = {
      welcome: async () => {
        await t.app.mailer.send({
          to: member.email,
          subject: 'Welcome back',
          text: 'Hello again',
          html: '<p>Hello again</p>',
        });
        await t.app.notifications.notify({
          userId: member.id,
          type: 'system',
          data: { title: 'Welcome back', body: 'Hello again' },
        });
      },
    };
    await enqueueJob(db, 'welcome', {});
    const job = (await db.execute<{ id: number }>(sql`select id from jobs where kind = 'welcome'`)).rows[0]!;
    // The first worker claims the job and makes its side effects, then dies before marking it done.
    await db.execute(
      sql`update jobs set run_at = now() + interval '5 minutes', attempts = 1 where id = ${job.id}`,
    );
    await runInJob(job.id, () => handlers.welcome!({}, { jobId: job.id }));
    // Its claim lapses; another worker runs the job again, to the end.
    await db.execute(sql`update jobs set run_at = now() where id = ${job.id}`);
    expect(await runJobs(db, handlers, logger)).toBe(1);

    expect(to(member.email).filter((mail) => mail.raw.includes('Welcome back'))).toHaveLength(1);
    const notes = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from notifications where user_id = ${member.id} and type = 'system'`,
    );
    expect(notes.rows[0]!.n).toBe(1);
    expect((await db.execute(sql`select count(*)::int as n from jobs`)).rows[0]).toEqual({ n: 0 });
  });
});

describe('a job that emails a one-time link, run again after its worker died', () => {
  it('sends the link once, and the link it sent still works', async () => {
    const member = await signedInMember(t);
    const { db } = t.database;
    const before = to(member.email).length;
    expect(
      (
        await new TestBrowser(t, '198.51.100.90').api.auth['forgot-password'].$post({
          json: { email: member.email },
        })
      ).status,
    ).toBe(202);
    const job = (
      await db.execute<{ id: number; kind: string; payload: unknown }>(
        sql`select id, kind, payload from jobs where kind = 'auth.password-reset'`,
      )
    ).rows[0]!;
    // The first worker sends the email, then dies before marking the job done; another runs it again.
    await db.execute(
      sql`update jobs set run_at = now() + interval '5 minutes', attempts = 1 where id = ${job.id}`,
    );
    await runInJob(job.id, () => t.app.jobHandlers[job.kind]!(job.payload, { jobId: job.id }));
    await db.execute(sql`update jobs set run_at = now() where id = ${job.id}`);
    await t.runJobs();

    const mails = to(member.email).slice(before);
    expect(mails).toHaveLength(1);
    const token = linkToken(plainText(mails[0]!.raw), '/reset-password');
    const check = await readAnswer(
      new TestBrowser(t, '198.51.100.91').api.auth['reset-password'].check.$post({ json: { token } }),
    );
    expectStatus(check, 200);
  });
});

describe('mail to a server without TLS', () => {
  it('is refused when TLS is required (production), and sent when it is not', async () => {
    const plain = smtpListener();
    const port = await plain.listen();
    try {
      const message = {
        to: 'member@garage.example.com',
        subject: 'Reset your ModMarket password',
        text: 'https://modmarket.example/reset-password?token=secret',
        html: '<p>link</p>',
      };
      const mailer = (requireTls: boolean) =>
        createMailer({
          smtpUrl: `smtp://127.0.0.1:${port}`,
          from: 'ModMarket <no-reply@modmarket.example>',
          db: t.database.db,
          logger: pino({ level: 'silent' }),
          logLinks: false,
          requireTls,
        });
      await expect(mailer(true).send(message)).rejects.toThrow();
      expect(plain.received).toHaveLength(0);
      await mailer(false).send(message);
      expect(plain.received).toHaveLength(1);
    } finally {
      await plain.close();
    }
  });
});

describe('mail to a server that accepts the connection and never greets', () => {
  it('fails the send at the greeting timeout, so its job is retried later instead of holding its slot', async () => {
    const sockets: Socket[] = [];
    const silent = createServer((socket) => void sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    try {
      const port = (silent.address() as AddressInfo).port;
      const mailer = createMailer({
        smtpUrl: `smtp://127.0.0.1:${port}`,
        from: 'ModMarket <no-reply@modmarket.example>',
        db: t.database.db,
        logger: pino({ level: 'silent' }),
        logLinks: false,
        timeouts: { greetingMs: 300 },
      });
      await expect(
        mailer.send({ to: 'member@garage.example.com', subject: 'Hi', text: 'Hi', html: '<p>Hi</p>' }),
      ).rejects.toThrow(/greeting/i);
      expect(sockets.length).toBeGreaterThan(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });
});
