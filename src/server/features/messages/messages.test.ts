import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

const part = partInput;

async function listing(browser: TestBrowser, title = 'Supra intake') {
  return await okBody(browser.api.listings.$post({ json: part(title) }));
}

describe('conversations', () => {
  it('are readable and writable by their two members only, in order, with unread counts', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Vance' });
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Diaz' });
    const stranger = await signedInMember(t);
    const item = await listing(seller.browser);
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Still available?',
        },
      }),
    );
    const id = started.conversationId;

    const inbox = await okBody(seller.browser.api.conversations.$get({ query: {} }));
    expect(inbox.unreadTotal).toBe(1);
    expect(inbox.conversations[0]).toMatchObject({
      id,
      role: 'seller',
      listing: { id: item.id, title: 'Supra intake', priceCents: 10000 },
      otherMember: { name: 'Omar D.' },
      lastMessage: { content: 'Still available?', fromMe: false },
      unreadCount: 1,
    });

    for (const [method, path, body] of [
      ['GET', `/api/conversations/${id}`, undefined],
      ['POST', `/api/conversations/${id}/read`, {}],
      ['POST', `/api/conversations/${id}/messages`, { content: 'I will buy it' }],
    ] as const) {
      // A walk over the conversation's endpoints, by path.
      expect((await stranger.browser.request(method, path, body)).status, `${method} ${path}`).toBe(404);
      expect((await new TestBrowser(t).request(method, path, body)).status).toBe(401);
    }

    const reply = await readAnswer(
      seller.browser.api.conversations[':id'].messages.$post({
        param: { id: id },
        json: {
          content: ' Yes, it is. ',
        },
      }),
    );
    expectStatus(reply, 201);
    expect(reply.body.content).toBe('Yes, it is.');
    await buyer.browser.api.conversations[':id'].messages.$post({
      param: { id: id },
      json: { content: 'Great, Saturday?' },
    });

    const thread = await okBody(seller.browser.api.conversations[':id'].$get({ param: { id: id } }));
    expect(thread.messages.map((m) => m.content)).toEqual([
      'Still available?',
      'Yes, it is.',
      'Great, Saturday?',
    ]);

    expect((await okBody(seller.browser.api.conversations.$get({ query: {} }))).unreadTotal).toBe(2);
    await seller.browser.api.conversations[':id'].read.$post({ param: { id: id } });
    expect((await okBody(seller.browser.api.conversations.$get({ query: {} }))).unreadTotal).toBe(0);
    expect((await okBody(buyer.browser.api.conversations.$get({ query: {} }))).unreadTotal).toBe(1);

    const search = await okBody(buyer.browser.api.conversations.$get({ query: { search: 'rita' } }));
    expect(search.conversations.map((c) => c.id)).toEqual([id]);
    // By the name the buyer sees ("Rita V."), never by the full last name, and wildcards are literal.
    const byName = async (term: string) =>
      (await okBody(buyer.browser.api.conversations.$get({ query: { search: term } }))).conversations.length;
    expect(await byName('rita v.')).toBe(1);
    expect(await byName('vance')).toBe(0);
    expect(await byName('rita va')).toBe(0);
    expect(await byName('%')).toBe(0);
    expect(await byName('_')).toBe(0);
    expect(await byName('zzz')).toBe(0);
  });

  it('stores a retried message once (same clientId)', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller.browser);
    const { conversationId } = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Hi',
          clientId: 'first-message-key',
        },
      }),
    );
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: item.id },
      json: {
        content: 'Hi',
        clientId: 'first-message-key',
      },
    });
    const first = await readAnswer(
      buyer.browser.api.conversations[':id'].messages.$post({
        param: { id: conversationId },
        json: {
          content: 'Offer: $90',
          clientId: 'retry-key-123',
        },
      }),
    );
    const again = await readAnswer(
      buyer.browser.api.conversations[':id'].messages.$post({
        param: { id: conversationId },
        json: {
          content: 'Offer: $90',
          clientId: 'retry-key-123',
        },
      }),
    );
    expectStatus(first, 201);
    expectStatus(again, 200);
    expect(again.body.id).toBe(first.body.id);
    const thread = await okBody(
      seller.browser.api.conversations[':id'].$get({ param: { id: conversationId } }),
    );
    expect(thread.messages.map((m) => m.content)).toEqual(['Hi', 'Offer: $90']);
  });

  it('notifies with whole characters: an initial and a preview never end in half an emoji', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t, { firstName: 'Ana', lastName: '𝔘lloa' });
    const item = await listing(seller.browser, 'Fraktur wheel');
    // The preview is 140 UTF-16 units: a cut there would keep the first half of 😀's pair.
    const content = `${'a'.repeat(139)}😀 and more`;
    expectStatus(
      await readAnswer(
        buyer.browser.api.listings[':id'].messages.$post({ param: { id: item.id }, json: { content } }),
      ),
      201,
    );
    const [note] = (await okBody(seller.browser.api.notifications.$get({ query: {} }))).notifications;
    expect(note!.data).toMatchObject({ name: 'Ana 𝔘.', preview: 'a'.repeat(139) });
  });

  it('caps length and rate, and refuses blank text', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller.browser);
    const { conversationId } = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Hi',
        },
      }),
    );
    const long = await readAnswer(
      buyer.browser.api.conversations[':id'].messages.$post({
        param: { id: conversationId },
        json: { content: 'x'.repeat(4001) },
      }),
    );
    expectStatus(long, 400);
    expect(long.body.error.fields?.content).toBe('Messages can be at most 4,000 characters.');
    expect(
      (
        await buyer.browser.api.conversations[':id'].messages.$post({
          param: { id: conversationId },
          json: { content: '  ' },
        })
      ).status,
    ).toBe(400);
    // 30 a minute, Contact Seller and replies together: the first message above was one of them.
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++)
      statuses.push(
        (
          await buyer.browser.api.conversations[':id'].messages.$post({
            param: { id: conversationId },
            json: { content: `m${i}` },
          })
        ).status,
      );
    expect(statuses.slice(0, 29).every((s) => s === 201)).toBe(true);
    expect(statuses[29]).toBe(429);
    expect(
      (
        await buyer.browser.api.listings[':id'].messages.$post({
          param: { id: item.id },
          json: { content: 'Again' },
        })
      ).status,
    ).toBe(429);
  });

  it('lets a Bronze buyer start 10 conversations a month; replies are never limited', async () => {
    const seller = await signedInMember(t, { plan: 'platinum' });
    const buyer = await signedInMember(t);
    const items: { id: string }[] = [];
    for (let i = 0; i < 11; i++) items.push(await listing(seller.browser, `Part ${i}`));
    let first = '';
    for (let i = 0; i < 10; i++) {
      const sent = await readAnswer(
        buyer.browser.api.listings[':id'].messages.$post({
          param: { id: items[i]!.id },
          json: {
            content: 'Interested',
          },
        }),
      );
      expectStatus(sent, 201);
      first ||= sent.body.conversationId;
    }
    const eleventh = await readAnswer(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: items[10]!.id },
        json: { content: 'Interested' },
      }),
    );
    expectStatus(eleventh, 403);
    expect(eleventh.body.error.code).toBe('CONVERSATION_LIMIT');
    expect(eleventh.body.error.message).toContain('10 new conversations a month');
    // Continuing an existing conversation still works, from the listing or the inbox.
    expect(
      (
        await buyer.browser.api.listings[':id'].messages.$post({
          param: { id: items[0]!.id },
          json: { content: 'Still keen' },
        })
      ).status,
    ).toBe(201);
    expect(
      (
        await buyer.browser.api.conversations[':id'].messages.$post({
          param: { id: first },
          json: { content: 'Any news?' },
        })
      ).status,
    ).toBe(201);
    const gold = await signedInMember(t, { plan: 'gold' });
    for (const item of items)
      expect(
        (
          await gold.browser.api.listings[':id'].messages.$post({
            param: { id: item.id },
            json: { content: 'Hi' },
          })
        ).status,
      ).toBe(201);
  });
});

describe('reading while messages arrive', () => {
  it('never reads the notification of a message the reader has not seen', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller.browser, 'Greddy intercooler');
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'First',
        },
      }),
    );
    const id = started.conversationId;
    const { db } = t.database;
    // The read starts a little later each round, so it meets the send at every step of its work.
    for (let round = 0; round < 24; round++) {
      await Promise.all([
        new Promise((resolve) => setTimeout(resolve, round % 12)).then(() =>
          readAnswer(seller.browser.api.conversations[':id'].read.$post({ param: { id: id } })),
        ),
        readAnswer(
          buyer.browser.api.conversations[':id'].messages.$post({
            param: { id: id },
            json: { content: `Message ${round}` },
          }),
        ),
      ]);
      // Whatever the order: an unread message has its unread notification, and a read one has none.
      const state = await db.execute<{ messages: number; notifications: number }>(sql`select
        (select count(*)::int from messages where conversation_id = ${id} and receiver_id = ${seller.id}
          and read_at is null) as messages,
        (select count(*)::int from notifications where user_id = ${seller.id}
          and group_key = ${`conversation:${id}`} and read_at is null) as notifications`);
      const { messages, notifications } = state.rows[0]!;
      expect({ round, notifications }).toEqual({ round, notifications: messages > 0 ? 1 : 0 });
    }
  });
});
