import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db, Tx } from '../../db/client';
import { communityPosts, listings, messages, offers } from '../../db/schema';
import { deleteMember } from '../account/deletion';
import { suspendMember } from './admin.service';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { readAnswer, okBody, expectStatus } from '../../../test/test-browser';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * Starts `write` while `change` (a suspension or a deletion) is done but not yet committed, lets the
 * write run until it finishes or waits on a lock, then commits the change; answers the write's
 * response. On PostgreSQL the write runs alongside on its own connection; the embedded database has one
 * connection, so there the write runs once the change has committed.
 */
async function whileChanging<T>(change: (tx: Tx) => Promise<unknown>, write: () => Promise<T>): Promise<T> {
  let started: Promise<T> | undefined;
  await t.database.db.transaction(async (tx) => {
    await change(tx);
    const running = write();
    started = running;
    if (t.database.kind !== 'postgres') return;
    let settled = false;
    running.then(
      () => (settled = true),
      () => (settled = true),
    );
    while (!settled) {
      const waiting = await t.database.db.execute(sql`select 1 from pg_stat_activity
        where datname = current_database() and wait_event_type = 'Lock'`);
      if (waiting.rows.length) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  });
  return started!;
}

const suspend = (userId: string) => (tx: Tx) =>
  suspendMember(tx, userId, new Date(Date.now() + 86_400_000), 'Racing');
// The deletion's own transaction becomes a savepoint of the one held open here.
const remove = (userId: string) => (tx: Tx) => deleteMember(tx as unknown as Db, t.storage, userId);

async function liveListingsOf(userId: string) {
  return t.database.db
    .select({ id: listings.id })
    .from(listings)
    .where(and(eq(listings.userId, userId), eq(listings.isSold, false)));
}

describe('a suspension or a deletion stops the writes already in flight', () => {
  it('a listing listed or re-listed while its seller is suspended does not stay on the market', async () => {
    const seller = await signedInMember(t);
    const created = await whileChanging(suspend(seller.id), () =>
      readAnswer(seller.browser.api.listings.$post({ json: partInput('Listed in flight') })),
    );
    expect([401, 403]).toContain(created.status);
    expect(await liveListingsOf(seller.id)).toEqual([]);

    const other = await signedInMember(t);
    const sold = await okBody(other.browser.api.listings.$post({ json: partInput('Sold one') }));
    await other.browser.api.listings[':id'].status.$patch({ param: { id: sold.id }, json: { isSold: true } });
    const relisted = await whileChanging(suspend(other.id), () =>
      readAnswer(
        other.browser.api.listings[':id'].status.$patch({ param: { id: sold.id }, json: { isSold: false } }),
      ),
    );
    expect([401, 403]).toContain(relisted.status);
    expect(await liveListingsOf(other.id)).toEqual([]);
  });

  it('a listing or post made while its member is deleted does not outlive them', async () => {
    const leaving = await signedInMember(t);
    const created = await whileChanging(remove(leaving.id), () =>
      readAnswer(leaving.browser.api.listings.$post({ json: partInput('Listed while leaving') })),
    );
    expectStatus(created, 401);
    expect(await t.database.db.select().from(listings).where(eq(listings.userId, leaving.id))).toEqual([]);

    const poster = await signedInMember(t);
    const posted = await whileChanging(remove(poster.id), () =>
      readAnswer(
        poster.browser.api.community.posts.$post({
          json: { title: 'My build', description: 'Posted while leaving' },
        }),
      ),
    );
    expectStatus(posted, 401);
    expect(
      await t.database.db.select().from(communityPosts).where(eq(communityPosts.userId, poster.id)),
    ).toEqual([]);
  });

  it.each([
    ['suspended', 'message'],
    ['suspended', 'offer'],
    ['deleted', 'message'],
    ['deleted', 'offer'],
  ] as const)('a %s seller’s listing takes no %s sent meanwhile', async (what, kind) => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Wanted part') }));
    const sent = await whileChanging((what === 'suspended' ? suspend : remove)(seller.id), () =>
      kind === 'message'
        ? readAnswer(
            buyer.browser.api.listings[':id'].messages.$post({
              param: { id: listing.id },
              json: { content: 'Still there?' },
            }),
          )
        : readAnswer(
            buyer.browser.api.listings[':id'].offers.$post({
              param: { id: listing.id },
              json: { amountCents: 8000 },
            }),
          ),
    );
    expect(sent.status).toBeGreaterThanOrEqual(400);
    expect(sent.status).toBeLessThan(500);
    expect(await t.database.db.select().from(messages).where(eq(messages.receiverId, seller.id))).toEqual([]);
    expect(await t.database.db.select().from(offers).where(eq(offers.sellerId, seller.id))).toEqual([]);
  });
  it('a member deleted meanwhile gets no reply in their conversation', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const listing = await okBody(seller.browser.api.listings.$post({ json: partInput('Old part') }));
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: listing.id },
        json: { content: 'Hi' },
      }),
    );
    const reply = await whileChanging(remove(seller.id), () =>
      readAnswer(
        buyer.browser.api.conversations[':id'].messages.$post({
          param: { id: started.conversationId },
          json: { content: 'Hello?' },
        }),
      ),
    );
    expectStatus(reply, 409);
    expect(
      await t.database.db.select().from(messages).where(eq(messages.receiverId, seller.id)),
    ).toHaveLength(1);
  });
});
