import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { createApp } from '@server/app';
import { loadEnv } from '@server/env';
import type { Database } from '@server/db/client';
import { createLocalStorage } from '@server/storage/local-storage';
import { createTestDatabase } from './test-database';
import { asc, eq } from 'drizzle-orm';
import { mailOutbox } from '@server/db/schema';
import { runJobs } from '@server/jobs/queue';
import type { MailMessage } from '@server/mail/mailer';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  database: Database;
  dataDir: string;
  /** Carries out the queued jobs (emails), as the worker would. */
  runJobs(): Promise<number>;
  /** The emails in the outbox for one address, oldest first. */
  mailTo(address: string): Promise<MailMessage[]>;
  close(): Promise<void>;
}

/** The whole app on a fresh database and a temporary data folder, for `app.request()` tests. */
export async function createTestApp(
  options: { clientDir?: string; env?: Record<string, string> } = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'modmarket-test-'));
  const env = loadEnv({ NODE_ENV: 'test', DATA_DIR: dataDir, ...options.env });
  const app = createApp({
    env,
    database,
    storage: createLocalStorage(path.join(dataDir, 'uploads')),
    logger: pino({ level: 'silent' }),
    ...(options.clientDir ? { clientDir: options.clientDir } : {}),
  });
  const logger = pino({ level: 'silent' });
  return {
    app,
    database,
    dataDir,
    runJobs: () => runJobs(database.db, app.jobHandlers, logger),
    async mailTo(address) {
      return database.db
        .select({
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          text: mailOutbox.text,
          html: mailOutbox.html,
        })
        .from(mailOutbox)
        .where(eq(mailOutbox.to, address))
        .orderBy(asc(mailOutbox.id));
    },
    async close() {
      await database.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
