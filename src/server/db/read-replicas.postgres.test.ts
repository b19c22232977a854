import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, postgresServerUrl } from '../../test/test-database';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { partInput } from '../../test/listings';
import { startReplica, type Replica } from '../../test/pg-replica';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../test/test-browser';
import { openDatabase, type Database } from './client';
import { parseLsn } from './read-replicas';

// Runs only against a PostgreSQL server (TEST_DATABASE_URL): a streaming replica of it is made here with
// pg_basebackup, and the app reads browse and listing pages from it.
const MAX_LAG_MS = 8_000;

let primary: Database & { url?: string };
let database: Database;
let replica: Replica;
let t: TestApp;

beforeAll(async () => {
  primary = await createTestDatabase();
  const server = postgresServerUrl();
  if (!primary.url || !server) throw new Error('needs TEST_DATABASE_URL');
  replica = await startReplica(server);
  const name = new URL(primary.url).pathname.slice(1);
  database = await openDatabase({
    url: primary.url,
    readUrls: [replica.url(name)],
    readMaxLagMs: MAX_LAG_MS,
    poolMax: 4,
    statementTimeoutMs: 10_000,
  });
  t = await createTestApp({ database });
  await until(() => database.replicas!.status()[0]!.serving, 'the replica serves');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await database?.close();
  await replica?.close();
  await primary?.close();
});

/** Polls the replicas' state until `done` holds (the check runs every second on its own too). */
async function until(done: () => boolean, what: string, ms = 30_000) {
  const end = Date.now() + ms;
  while (!done()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
    await database.replicas!.check();
  }
}

const serving = () => database.replicas!.status()[0]!.serving;
/** Serving, and has replayed the seller's last write (the position their browser carries). */
const caughtUpWith = (browser: TestBrowser) => () => {
  const { serving, replayed } = database.replicas!.status()[0]!;
  const written = decodeURIComponent(browser.cookies.get('mm_read_after') ?? '');
  return serving && replayed !== null && parseLsn(replayed) >= parseLsn(written);
};
const titlesFound = async (browser: TestBrowser, word: string) =>
  (await okBody(browser.api.listings.$get({ query: { search: word } }))).items.map((item) => item.title);

describe('read replicas', () => {
  it('serves visitors from the replica, each member their own writes from the primary, and falls back when it falls behind', async () => {
    const seller = await signedInMember(t);
    const visitor = new TestBrowser(t, '198.51.100.7');
    await until(serving, 'the replica serves');

    // The replica stops applying changes: what the seller writes now exists on the primary only.
    await replica.pause();
    const created = await readAnswer(
      seller.browser.api.listings.$post({ json: partInput('Turbine housing') }),
    );
    expectStatus(created, 201);
    expect(created.body.title).toBe('Turbine housing');
    const id = created.body.id;
    // The seller's browser carries the primary's position after the write, so their reads see it.
    expect(decodeURIComponent(seller.browser.cookies.get('mm_read_after') ?? '')).toMatch(
      /^[0-9A-F]+\/[0-9A-F]+$/,
    );
    expect((await seller.browser.api.listings[':id'].$get({ param: { id: id } })).status).toBe(200);
    expect(await titlesFound(seller.browser, 'turbine')).toEqual(['Turbine housing']);
    // A visitor reads from the replica, which is still within the allowed lag: not there yet.
    expect(serving()).toBe(true);
    expect((await visitor.api.listings[':id'].$get({ param: { id: id } })).status).toBe(404);
    expect(await titlesFound(visitor, 'turbine')).toEqual([]);

    // Past the allowed lag, the replica is out of service and every read goes to the primary.
    await until(() => !serving(), 'the replica falls behind', MAX_LAG_MS * 4);
    expect(database.replicas!.status()[0]).toMatchObject({ up: true, serving: false });
    expect((await visitor.api.listings[':id'].$get({ param: { id: id } })).status).toBe(200);
    expect(await titlesFound(visitor, 'turbine')).toEqual(['Turbine housing']);

    // Caught up, it serves again, and has the listing.
    await replica.resume();
    await until(caughtUpWith(seller.browser), 'the replica catches up');
    expect((await visitor.api.listings[':id'].$get({ param: { id: id } })).status).toBe(200);

    // An edit while it lags: the seller sees the new price at once, a visitor the old one for a moment.
    await replica.pause();
    const edited = await readAnswer(
      seller.browser.api.listings[':id'].$put({
        param: { id: id },
        json: {
          ...partInput('Turbine housing'),
          priceCents: 25000,
        },
      }),
    );
    expectStatus(edited, 200);
    expect(edited.body.priceCents).toBe(25000);
    expect((await okBody(seller.browser.api.listings[':id'].$get({ param: { id: id } }))).priceCents).toBe(
      25000,
    );
    expect((await okBody(visitor.api.listings[':id'].$get({ param: { id: id } }))).priceCents).toBe(10000);
    await replica.resume();
    await until(caughtUpWith(seller.browser), 'the replica catches up');
    expect((await okBody(visitor.api.listings[':id'].$get({ param: { id: id } }))).priceCents).toBe(25000);

    // Messages never read from a replica: the seller reads the buyer's message at once, though it lags.
    await replica.pause();
    const buyer = await signedInMember(t, { firstName: 'Kai' });
    const sent = await readAnswer(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: id },
        json: {
          content: 'Is the housing still available?',
        },
      }),
    );
    expectStatus(sent, 201);
    const inbox = await readAnswer(seller.browser.api.conversations.$get({ query: {} }));
    expect(JSON.stringify(inbox.body)).toContain('Is the housing still available?');
    await replica.resume();
  }, 90_000);

  it('answers from the primary when the replica goes away, and takes it out of service', async () => {
    await until(serving, 'the replica serves');
    const visitor = new TestBrowser(t, '198.51.100.8');
    expect(await titlesFound(visitor, 'turbine')).toEqual(['Turbine housing']);
    await replica.stop();
    // The first read after the crash fails on the replica and is answered by the primary.
    expect(await titlesFound(visitor, 'turbine')).toEqual(['Turbine housing']);
    const sitemap = await t.app.request('/sitemap-listings-1.xml');
    expect(sitemap.status).toBe(200);
    expect(await sitemap.text()).toContain('/listing/');
    await until(() => !database.replicas!.status()[0]!.up, 'the replica is seen gone');
    expect(serving()).toBe(false);
    expect(await titlesFound(visitor, 'turbine')).toEqual(['Turbine housing']);
  }, 60_000);
});
