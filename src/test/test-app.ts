import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '@server/app';
import { createLogger } from '@server/logger';
import { loadEnv } from '@server/env';
import type { Database } from '@server/db/client';
import { createStorage } from '@server/storage/create-storage';
import type { Storage } from '@server/storage/storage';
import { createTestDatabase } from './test-database';
import { asc, eq } from 'drizzle-orm';
import { mailOutbox } from '@server/db/schema';
import { runJobs } from '@server/jobs/queue';
import type { Mailer, MailMessage } from '@server/mail/mailer';
import type { Bus } from '@server/realtime/bus';
import type { Server } from 'node:http';
import { createHttpServer } from '@server/http/http-server';
import type Stripe from 'stripe';
import type { RunningServer } from '@server/start-server';
import type { MemberHost } from './members';
import type { Clock } from '@server/clock';
import { contractOf, heldToContract, type ApiDocument } from './contract';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database & { url?: string };
  dataDir: string;
  /** Where uploads go (files under `dataDir/uploads`, unless another store was given). */
  storage: Storage;
  /** Carries out the queued jobs (emails), as the worker would. */
  runJobs(): Promise<number>;
  /** The emails in the outbox for one address, oldest first. */
  mailTo(address: string): Promise<MailMessage[]>;
  /** Every log line the app wrote (info and up), parsed, oldest first. */
  logs: Record<string, unknown>[];
  /** Listens on a free port (for WebSocket tests); closed with the app. */
  listen(): Promise<string>;
  close(): Promise<void>;
}

/** The emails in a database's outbox for one address, oldest first. */
function outboxMail(database: Database, address: string): Promise<MailMessage[]> {
  return database.db
    .select({ to: mailOutbox.to, subject: mailOutbox.subject, text: mailOutbox.text, html: mailOutbox.html })
    .from(mailOutbox)
    .where(eq(mailOutbox.to, address))
    .orderBy(asc(mailOutbox.id));
}

/** A server started by `startServer`, for the member helpers (its own job worker runs too). */
export function serverHarness(server: RunningServer): MemberHost {
  return {
    app: server.app,
    database: server.database,
    runJobs: () => runJobs(server.database.db, server.app.jobHandlers, pino({ level: 'silent' })),
    // The server's own worker may be sending the email that call skipped: wait for some, up to 10 s.
    async mailTo(address) {
      for (let waited = 0; ; waited += 50) {
        const mail = await outboxMail(server.database, address);
        if (mail.length || waited >= 10_000) return mail;
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

/**
 * Every answer a test gets from `app.request` is held to the API document (`contractOf`): a status the
 * operation does not document, or a body its schema refuses, fails the test at that request.
 */
function holdToContract(app: ReturnType<typeof createApp>): void {
  const request = app.request.bind(app);
  let contract: ReturnType<typeof contractOf> | undefined;
  app.request = async (input, init, ...rest) => {
    const response = await request(input, init, ...rest);
    const url = new URL(input instanceof Request ? input.url : String(input), 'http://localhost');
    const path = url.pathname;
    const type = response.headers.get('content-type');
    if (!heldToContract(path, type)) return response;
    contract ??= contractOf((await (await request('/api/openapi.json')).json()) as ApiDocument);
    const violation = contract.violation({
      method: init?.method ?? (input instanceof Request ? input.method : 'GET'),
      path: path.slice('/api'.length),
      status: response.status,
      contentType: type,
      contentEncoding: response.headers.get('content-encoding'),
      body: await response.clone().text(),
    });
    if (violation) throw new Error(`The API document does not hold: ${violation}`);
    return response;
  };
}

/** The whole app on a fresh database and a temporary data folder, for `app.request()` tests. */
export async function createTestApp(
  options: {
    clientDir?: string;
    env?: Record<string, string>;
    mailer?: Mailer;
    /** Another app on the same database (a second instance). */
    database?: Database & { url?: string };
    realtimeBus?: (database: Database & { url?: string }) => Bus;
    stripeClient?: Stripe;
    /** Where files go, when not `dataDir/uploads` (an S3 bucket). */
    storage?: Storage;
    /** Where `mailTo` reads mail from, when it is not the outbox (a test's own SMTP listener). */
    mailbox?: (address: string) => Promise<MailMessage[]>;
    /** For the fresh database: how long a statement may run (see `createTestDatabase`). */
    statementTimeoutMs?: number;
    /** The app's clock (`testClock()`), to move time on instead of backdating rows. */
    clock?: Clock;
  } = {},
): Promise<TestApp> {
  const shared = options.database;
  const database = shared ?? (await createTestDatabase({ statementTimeoutMs: options.statementTimeoutMs }));
  const dataDir = await mkdtemp(path.join(tmpdir(), 'modmarket-test-'));
  // Demo billing and payments, so tests (and the walk over every endpoint) can switch plans; a test turns it off.
  // Production refuses it, as it should: a production app under test has billing off.
  const demo = options.env?.NODE_ENV === 'production' ? {} : { BILLING_DEMO: 'true', PAYMENTS_DEMO: 'true' };
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...demo, ...options.env });
  const logs: Record<string, unknown>[] = [];
  const storage = options.storage ?? createStorage(env, dataDir);
  const app = createApp({
    env,
    database,
    storage,
    // The server's own logger (its redaction included), writing into `logs`.
    logger: createLogger('info', {
      write: (line: string) => void logs.push(JSON.parse(line) as Record<string, unknown>),
    }),
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
    ...(options.mailer ? { mailer: options.mailer } : {}),
    ...(options.realtimeBus ? { realtimeBus: options.realtimeBus(database) } : {}),
    ...(options.stripeClient ? { stripeClient: options.stripeClient } : {}),
    ...(options.clock ? { clock: options.clock } : {}),
  });
  holdToContract(app);
  const servers: Server[] = [];
  const logger = pino({ level: 'silent' });
  return {
    app,
    database,
    dataDir,
    storage,
    logs,
    // Jobs due by the app's clock when a test moves it, so a delayed job runs without backdating rows.
    runJobs: () =>
      runJobs(database.db, app.jobHandlers, logger, options.clock ? { now: options.clock() } : {}),
    mailTo: (address) => (options.mailbox ? options.mailbox(address) : outboxMail(database, address)),
    async listen() {
      const server = createHttpServer(app.fetch);
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
      app.realtime.attach(server);
      servers.push(server);
      const address = server.address();
      return `127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
    },
    async close() {
      await app.realtime.close();
      await Promise.all(servers.map((s) => new Promise((resolve) => s.close(resolve))));
      if (!shared) await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
