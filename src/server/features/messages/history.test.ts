import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONVERSATIONS_PAGE, MESSAGES_PAGE, type ConversationList } from '@common/schemas/messages';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import { seedHistory } from '../../../test/histories';
import { type TestBrowser, expectStatus, okBody, readAnswer } from '../../../test/test-browser';

let t: TestApp;
let member: Awaited<ReturnType<typeof signedInMember>>;
let threadId: string;
const CONVERSATIONS = 2 * CONVERSATIONS_PAGE + 7;
const THREAD = 2 * MESSAGES_PAGE + 31;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  ({ threadId } = await seedHistory(t.database.db, {
    memberId: member.id,
    tag: 'api',
    conversations: CONVERSATIONS,
    threadMessages: THREAD,
  }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

/** Every page of the inbox (with `query`), following `next`. */
async function wholeInbox(browser: TestBrowser, search: { search?: string } = {}) {
  const pages: ConversationList[] = [];
  let cursor: string | null = '';
  while (cursor !== null) {
    const query: { search?: string; cursor?: string } = { ...search, ...(cursor ? { cursor } : {}) };
    const answer = await readAnswer(browser.api.conversations.$get({ query }));
    expectStatus(answer, 200);
    pages.push(answer.body);
    cursor = answer.body.nextCursor;
  }
  return pages;
}

describe('long histories', () => {
  it('the inbox comes a page at a time, newest activity first, each conversation once', async () => {
    const pages = await wholeInbox(member.browser);
    expect(pages.map((page) => page.conversations.length)).toEqual([
      CONVERSATIONS_PAGE,
      CONVERSATIONS_PAGE,
      CONVERSATIONS - 2 * CONVERSATIONS_PAGE,
    ]);
    const expected = await t.database.db.execute<{ id: string }>(sql`
      select id from conversations where buyer_id = ${member.id} or seller_id = ${member.id}
      order by last_message_at desc, id desc`);
    // Three conversations share each minute: the order is by time, then id, across page edges.
    expect(pages.flatMap((page) => page.conversations.map((c) => c.id))).toEqual(
      expected.rows.map((row) => row.id),
    );
    // Both sides are there, each as the member sees it.
    const roles = new Set(pages.flatMap((page) => page.conversations.map((c) => c.role)));
    expect(roles).toEqual(new Set(['buyer', 'seller']));
    expect(pages.at(-1)!.conversations.at(-1)).toMatchObject({
      otherMember: { name: 'Zelda Q.' },
      lastMessage: { content: 'Last word', fromMe: false },
    });
  });

  it('a search finds conversations however far back, a page at a time', async () => {
    const zelda = await wholeInbox(member.browser, { search: 'zelda' });
    expect(zelda.flatMap((page) => page.conversations.map((c) => c.otherMember.name))).toEqual(['Zelda Q.']);
    // Every conversation about the member's own listing (about half of them), over several pages.
    const own = await wholeInbox(member.browser, { search: 'long history turbo' });
    const found = own.flatMap((page) => page.conversations);
    expect(own.length).toBeGreaterThan(1);
    expect(found).toHaveLength(Math.floor(CONVERSATIONS / 2));
    expect(new Set(found.map((c) => c.id)).size).toBe(found.length);
    expect(found.every((c) => c.role === 'seller')).toBe(true);
  });

  it('a thread opens on its newest messages and goes back page by page to the first', async () => {
    const thread = await readAnswer(
      member.browser.api.conversations[':id'].$get({ param: { id: threadId } }),
    );
    expectStatus(thread, 200);
    expect(thread.body.messages).toHaveLength(MESSAGES_PAGE);
    expect(thread.body.messages.at(-1)!.content).toBe('Last word');
    const seen = [...thread.body.messages];
    let older = thread.body.nextCursor;
    let pages = 1;
    while (older) {
      const page = await readAnswer(
        member.browser.api.conversations[':id'].messages.$get({
          param: { id: threadId },
          query: { cursor: older },
        }),
      );
      expectStatus(page, 200);
      seen.unshift(...page.body.messages);
      older = page.body.nextCursor;
      pages += 1;
    }
    expect(pages).toBe(Math.ceil((THREAD + 1) / MESSAGES_PAGE));
    // Pairs of messages share a timestamp and pairs of those a millisecond: none lost, none twice.
    const expected = await t.database.db.execute<{ id: string }>(sql`
      select id from messages where conversation_id = ${threadId} order by created_at, id`);
    expect(seen.map((m) => m.id)).toEqual(expected.rows.map((row) => row.id));
    expect(seen[0]!.content).toBe('Message 00001');
  });

  it('older pages are for the conversation’s members, and a cursor is checked before the database', async () => {
    const thread = await okBody(member.browser.api.conversations[':id'].$get({ param: { id: threadId } }));
    const older = thread.nextCursor!;
    const stranger = await signedInMember(t);
    expect(
      (
        await stranger.browser.api.conversations[':id'].messages.$get({
          param: { id: threadId },
          query: { cursor: older },
        })
      ).status,
    ).toBe(404);
    for (const cursor of ['nonsense', Buffer.from('2026-01-01T00:00:00Z|x').toString('base64url')]) {
      const answer = await readAnswer(
        member.browser.api.conversations[':id'].messages.$get({
          param: { id: threadId },
          query: { cursor: cursor },
        }),
      );
      expectStatus(answer, 400);
      expect(answer.body.error.code).toBe('VALIDATION_ERROR');
      expect((await member.browser.api.conversations.$get({ query: { cursor: cursor } })).status).toBe(400);
    }
    // Without a position: the newest page, as the thread has it.
    const newest = await readAnswer(
      member.browser.api.conversations[':id'].messages.$get({ param: { id: threadId }, query: {} }),
    );
    expect(newest.body).toEqual({ messages: thread.messages, nextCursor: older });
  });
});
