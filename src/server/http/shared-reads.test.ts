import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BrowseResponse, ListingDetail } from '@common/schemas/listings';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { partInput } from '../../test/listings';
import { expectStatus, readAnswer, type TestBrowser } from '../../test/test-browser';
import { recordStatements, statementText, type Statement } from '../../test/query-plans';
import { sharedReads } from './shared-reads';

/** A promise and the function that settles it. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((yes, no) => {
    resolve = yes;
    reject = no;
  });
  return { promise, resolve, reject };
}

describe('sharedReads', () => {
  it('gives callers with the same key the running read, and starts a new one once it has settled', async () => {
    const share = sharedReads<number>();
    const first = deferred<number>();
    let reads = 0;
    const read = (answer: Promise<number>) => () => {
      reads++;
      return answer;
    };
    const a = share('page 1', read(first.promise));
    const b = share('page 1', read(Promise.resolve(-1)));
    const other = share('page 2', read(Promise.resolve(2)));
    expect(reads).toBe(2);
    first.resolve(1);
    expect(await Promise.all([a, b, other])).toEqual([1, 1, 2]);

    // Settled: nothing is kept, the next caller reads anew.
    expect(await share('page 1', read(Promise.resolve(3)))).toBe(3);
    expect(reads).toBe(3);
  });

  it('hands a failure to every caller that joined, and the next caller reads anew', async () => {
    const share = sharedReads<string>();
    const failing = deferred<string>();
    const a = share('k', () => failing.promise);
    const b = share('k', () => Promise.resolve('not asked'));
    failing.reject(new Error('database unavailable'));
    await expect(a).rejects.toThrow('database unavailable');
    await expect(b).rejects.toThrow('database unavailable');
    expect(await share('k', () => Promise.resolve('fresh'))).toBe('fresh');
  });
});

/**
 * Keeps the next statement the app sends that `holds` matches waiting until `release` is called: a
 * read caught while it runs. `reached` settles once that statement has been sent.
 */
function holdStatement(holds: (text: string) => boolean) {
  const pool = t.database.pool as unknown as { query: (...args: unknown[]) => Promise<unknown> };
  const query = pool.query;
  const reached = deferred();
  const released = deferred();
  pool.query = async (...args) => {
    if (holds(statementText(args[0]))) {
      pool.query = query;
      reached.resolve();
      await released.promise;
    }
    return query.apply(pool, args);
  };
  return { reached: reached.promise, release: released.resolve };
}

let t: TestApp;
/** Every statement the app has sent. */
let recorded: Statement[];
/** How many of them contain `text`. */
const sent = (text: string) => recorded.filter((statement) => statement.text.includes(text)).length;
let seller: { browser: TestBrowser };
let listing: ListingDetail;
const browsePath = '/api/listings?sort=newest';
/** Browse's page statement: the cards of the page, in one statement. */
const PAGE_STATEMENT = 'from "listings" where';
const visit = (path: string, headers: Record<string, string> = {}) =>
  t.app.request(path, { headers: { 'Accept-Language': 'en', ...headers } });
/** Macrotasks enough for a request with no I/O of its own before its read to reach it. */
const turns = () => new Promise((resolve) => setTimeout(resolve, 20));

beforeAll(async () => {
  t = await createTestApp();
  seller = await signedInMember(t, { firstName: 'Keiko', lastName: 'Tanaka' });
  const created = await readAnswer(
    seller.browser.api.listings.$post({ json: partInput('Forged pistons for a 2JZ') }),
  );
  expectStatus(created, 201);
  listing = created.body;
  recorded = recordStatements(t.database, /./);
});
afterAll(async () => {
  await t.close();
});

describe('visitors asking for the same thing at once', () => {
  it('share one browse statement; a member and a browser with a change of its own read their own', async () => {
    const member = await signedInMember(t);
    const before = sent(PAGE_STATEMENT);
    const held = holdStatement((text) => text.includes(PAGE_STATEMENT));
    const first = visit(browsePath);
    await held.reached;
    const second = visit(browsePath);
    const own = visit(browsePath, { Cookie: 'mm_read_after=0/1A2B3C' });
    const members = member.browser.request('GET', browsePath);
    await turns();
    held.release();
    const [a, b, c, d] = await Promise.all([first, second, own, members]);
    for (const answer of [a, b, c]) expect(answer.status).toBe(200);
    expect(d.status).toBe(200);
    const body = await a.text();
    expect(await b.text()).toBe(body);
    expect(b.headers.get('ETag')).toBe(a.headers.get('ETag'));
    expect((JSON.parse(body) as BrowseResponse).items.map((item) => item.id)).toContain(listing.id);
    // The two visitors' one, the browser's with a change of its own, the member's.
    expect(sent(PAGE_STATEMENT) - before).toBe(3);
  });

  it('keep nothing once the read is done: a change shows to the next visitor', async () => {
    const before = await (await visit(`/api/listings/${listing.id}`)).json();
    expect((before as ListingDetail).priceCents).not.toBe(99_900);
    const edited = await seller.browser.api.listings[':id'].$put({
      param: { id: listing.id },
      json: { ...partInput('Forged pistons for a 2JZ'), priceCents: 99_900 },
    });
    expect(edited.status).toBe(200);
    const after = (await (await visit(`/api/listings/${listing.id}`)).json()) as ListingDetail;
    expect(after.priceCents).toBe(99_900);
    const page = (await (await visit(browsePath)).json()) as BrowseResponse;
    expect(page.items.find((item) => item.id === listing.id)?.priceCents).toBe(99_900);
  });

  it("share a listing's statement, and its 404", async () => {
    for (const [id, status] of [
      [listing.id, 200],
      ['00000000-0000-4000-8000-000000000000', 404],
    ] as const) {
      const before = sent('from "listings"');
      const held = holdStatement((text) => text.includes('from "listings"'));
      const first = visit(`/api/listings/${id}`);
      await held.reached;
      const second = visit(`/api/listings/${id}`, { 'Accept-Language': 'es' });
      await turns();
      held.release();
      const [a, b] = await Promise.all([first, second]);
      expect([a.status, b.status]).toEqual([status, status]);
      if (status === 404) {
        // Each in its own language: only the read is shared.
        const message = async (answer: Response) =>
          ((await answer.json()) as { error: { code: string; message: string } }).error;
        const [english, spanish] = [await message(a), await message(b)];
        expect([english.code, spanish.code]).toEqual(['NOT_FOUND', 'NOT_FOUND']);
        expect(english.message).not.toBe(spanish.message);
      } else expect(await b.text()).toBe(await a.text());
      expect(sent('from "listings"') - before).toBe(1);
    }
  });

  it('share the health check’s round trip', async () => {
    const before = sent('select 1');
    const held = holdStatement((text) => text === 'select 1');
    const first = visit('/api/health');
    await held.reached;
    const second = visit('/api/health');
    await turns();
    held.release();
    const [a, b] = await Promise.all([first, second]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(sent('select 1') - before).toBe(1);
  });
});
