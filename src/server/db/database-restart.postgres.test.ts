import { sql } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from './client';
import { startJobWorker, type JobWorker } from '../jobs/queue';
import { createTestDatabase } from '../../test/test-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, readAnswer, expectStatus } from '../../test/test-browser';
import { tcpProxy } from '../../test/tcp-proxy';

// The app reaches PostgreSQL through a proxy the test takes down and brings back, as a restart would.
let direct: Database & { url?: string };
let proxied: Database;
let proxy: Awaited<ReturnType<typeof tcpProxy>>;
let t: TestApp;
let worker: JobWorker;

beforeAll(async () => {
  direct = await createTestDatabase();
  const url = new URL(direct.url!);
  proxy = await tcpProxy({ host: url.hostname, port: Number(url.port) });
  url.hostname = '127.0.0.1';
  url.port = String(proxy.port);
  proxied = await openDatabase({ url: url.toString(), poolMax: 4, statementTimeoutMs: 5_000 });
  t = await createTestApp({ database: proxied });
  // A short lease: a job cut off mid-run by the restart is claimed again within seconds.
  worker = startJobWorker(proxied.db, t.app.jobHandlers, pino({ level: 'silent' }), 100, 2);
});
afterAll(async () => {
  await worker.stop(1_000);
  await t.close();
  await proxied.close();
  await proxy.close();
  await direct.close();
});

const waitFor = async (check: () => Promise<boolean>, timeoutMs = 20_000) => {
  const deadline = Date.now() + timeoutMs;
  while (!(await check().catch(() => false))) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

/** A contact message, each from its own address (the form takes five an hour from one). */
const contact = (n: number) =>
  readAnswer(
    new TestBrowser(t, `198.51.100.${n + 1}`).api.contact.$post({
      json: {
        name: `Sender ${n}`,
        email: `sender${n}@example.com`,
        topic: 'other',
        message: `Message number ${n}, about a part I bought.`,
      },
    }),
  );

describe('the database restarting while requests and jobs run', () => {
  it('answers 503 while it is away, recovers by itself, and loses or doubles no job', async () => {
    const browser = new TestBrowser(t, '198.51.100.20', 'es');
    // Twenty contact messages: forty emails for the job worker, some of them running when it goes.
    for (let n = 0; n < 20; n++) expect((await contact(n)).status).toBe(201);
    worker.wake();

    await proxy.down();
    const health = await readAnswer(browser.api.health.$get());
    expectStatus(health, 503);
    const page = await readAnswer(browser.api.listings.$get({ query: {} }));
    expectStatus(page, 503);
    expect(page.headers.get('retry-after')).toBe('5');
    expect(page.body.error).toEqual({
      code: 'SERVICE_UNAVAILABLE',
      message: 'El servicio no está disponible en este momento. Inténtalo de nuevo en unos instantes.',
    });
    const refused = await contact(99);
    expectStatus(refused, 503);
    await new Promise((resolve) => setTimeout(resolve, 1_000));

    await proxy.up();
    await waitFor(async () => (await browser.api.health.$get()).status === 200);
    expect((await browser.api.listings.$get({ query: {} })).status).toBe(200);
    await waitFor(
      async () =>
        (await direct.db.execute<{ n: number }>(sql`select count(*)::int as n from jobs`)).rows[0]!.n === 0,
    );
    const mail = await direct.db.execute<{ to: string; n: number }>(
      sql`select "to", count(*)::int as n from mail_outbox group by "to" order by "to"`,
    );
    const byAddress = Object.fromEntries(mail.rows.map((row) => [row.to, row.n]));
    // Each message: one email to support, one acknowledgement; none lost, none twice.
    for (let n = 0; n < 20; n++) expect(byAddress[`sender${n}@example.com`], `sender ${n}`).toBe(1);
    expect(byAddress['support@modmarket.local']).toBe(20);
    expect(byAddress['sender99@example.com']).toBeUndefined();
  }, 60_000);
});
