import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_SETTINGS } from '@common/schemas/notifications';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function conversationPair() {
  const seller = await signedInMember(t, { firstName: 'Kenji', lastName: 'Sato' });
  const buyer = await signedInMember(t, { firstName: 'Lena', lastName: 'Berg' });
  const item = await okBody(
    seller.browser.api.listings.$post({
      json: {
        title: 'BBS RS wheels',
        priceCents: 240_000,
        category: 'wheels',
        condition: 'good',
        make: 'BMW',
        model: 'M3',
      },
    }),
  );
  return { seller, buyer, item };
}

describe('notifications', () => {
  it('come from messages, one per conversation while unread, and are read with the conversation', async () => {
    const { seller, buyer, item } = await conversationPair();
    const first = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Are the barrels straight?',
        },
      }),
    );
    const id = first.conversationId;
    await buyer.browser.api.conversations[':id'].messages.$post({
      param: { id: id },
      json: { content: 'And the center caps?' },
    });

    const list = await readAnswer(seller.browser.api.notifications.$get({ query: {} }));
    expectStatus(list, 200);
    expect(list.body.unreadCount).toBe(1);
    expect(list.body.notifications).toHaveLength(1);
    expect(list.body.notifications[0]).toMatchObject({
      type: 'message',
      read: false,
      link: `/messages/${id}`,
      data: { name: 'Lena B.', listingTitle: 'BBS RS wheels', preview: 'And the center caps?', count: 2 },
    });
    expect(await okBody(seller.browser.api.notifications.counts.$get())).toEqual({
      messages: 2,
      notifications: 1,
    });
    // The buyer was told nothing: they wrote.
    expect((await okBody(buyer.browser.api.notifications.$get({ query: {} }))).notifications).toEqual([]);

    await seller.browser.api.conversations[':id'].read.$post({ param: { id: id } });
    expect(await okBody(seller.browser.api.notifications.counts.$get())).toEqual({
      messages: 0,
      notifications: 0,
    });
    // A later message starts a new unread notification.
    await buyer.browser.api.conversations[':id'].messages.$post({
      param: { id: id },
      json: { content: 'Thanks!' },
    });
    const after = await okBody(seller.browser.api.notifications.$get({ query: {} }));
    expect(after.notifications.map((n) => [n.read, n.data.preview])).toEqual([
      [false, 'Thanks!'],
      [true, 'And the center caps?'],
    ]);
  });

  it('count offers in the messages badge: each step is unread for the other side until it reads the thread', async () => {
    const { seller, buyer, item } = await conversationPair();
    const counts = async (member: typeof seller) =>
      (await okBody(member.browser.api.notifications.counts.$get())).messages;
    const made = await readAnswer(
      buyer.browser.api.listings[':id'].offers.$post({
        param: { id: item.id },
        json: { amountCents: 200_000, note: '' },
      }),
    );
    expectStatus(made, 201);
    expect(await counts(seller)).toBe(1);
    expect(await counts(buyer)).toBe(0);

    const countered = await seller.browser.api.offers[':id'].answer.$post({
      param: { id: made.body.id },
      json: { action: 'counter', amountCents: 220_000, note: '' },
    });
    expect(countered.status).toBe(200);
    expect(await counts(buyer)).toBe(1);
    // Answering in the thread does not read it: opening the conversation does.
    expect(await counts(seller)).toBe(1);
    await seller.browser.api.conversations[':id'].read.$post({ param: { id: made.body.conversationId } });
    expect(await counts(seller)).toBe(0);
    expect(await counts(buyer)).toBe(1);
  });

  it('are read one at a time or all at once, by their member only', async () => {
    const { seller, buyer, item } = await conversationPair();
    const other = await signedInMember(t);
    const otherItem = await okBody(
      other.browser.api.listings.$post({
        json: {
          title: 'Recaro seat',
          priceCents: 30000,
          category: 'interior',
          condition: 'fair',
          make: 'Honda',
          model: 'Civic',
        },
      }),
    );
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: item.id },
      json: { content: 'Hello' },
    });
    await seller.browser.api.listings[':id'].messages.$post({
      param: { id: otherItem.id },
      json: { content: 'Seat still there?' },
    });
    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: otherItem.id },
      json: { content: 'Want the seat' },
    });

    const mine = await okBody(other.browser.api.notifications.$get({ query: {} }));
    expect(mine.unreadCount).toBe(2);
    const [newest] = mine.notifications;
    expect(
      (await seller.browser.api.notifications[':id'].read.$post({ param: { id: newest!.id } })).status,
    ).toBe(404);
    expect(
      (await new TestBrowser(t).api.notifications[':id'].read.$post({ param: { id: newest!.id } })).status,
    ).toBe(401);
    expect(
      (await other.browser.api.notifications[':id'].read.$post({ param: { id: 'not-an-id' } })).status,
    ).toBe(404);
    expect(
      (await other.browser.api.notifications[':id'].read.$post({ param: { id: newest!.id } })).status,
    ).toBe(200);
    expect((await okBody(other.browser.api.notifications.$get({ query: {} }))).unreadCount).toBe(1);
    expect((await other.browser.api.notifications['read-all'].$post()).status).toBe(200);
    const done = await okBody(other.browser.api.notifications.$get({ query: {} }));
    expect(done.unreadCount).toBe(0);
    expect(done.notifications.every((n) => n.read)).toBe(true);
    // The seller's own notification is untouched.
    expect((await okBody(seller.browser.api.notifications.$get({ query: {} }))).unreadCount).toBe(1);
  });

  it('filter by type and page by keyset without gaps or repeats', async () => {
    const member = await signedInMember(t);
    for (let i = 0; i < 35; i++)
      await t.app.notifications.notify({
        userId: member.id,
        type: 'system',
        data: { title: `Announcement ${i}`, body: 'Scheduled maintenance' },
      });
    // All within one millisecond, pairs at one microsecond (one pair on the page's edge): none lost.
    await t.database.db.execute(sql`
      update notifications n set created_at = date_trunc('milliseconds', now()) + ((x.i + 1) / 2) * interval '1 microsecond'
      from (select id, row_number() over (order by created_at) as i from notifications
            where user_id = ${member.id}) as x
      where x.id = n.id`);
    const first = await okBody(member.browser.api.notifications.$get({ query: { type: 'system' } }));
    expect(first.notifications).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const second = await okBody(
      member.browser.api.notifications.$get({
        query: { type: 'system', cursor: first.nextCursor! },
      }),
    );
    expect(second.nextCursor).toBeNull();
    const titles = [...first.notifications, ...second.notifications].map((n) => n.data.title);
    expect(new Set(titles).size).toBe(35);
    expect(titles[0]).toBe('Announcement 34');
    expect(
      (await okBody(member.browser.api.notifications.$get({ query: { type: 'message' } }))).notifications,
    ).toEqual([]);
    // A type the types do not allow.
    expect((await member.browser.request('GET', '/api/notifications?type=spam')).status).toBe(400);
    expect((await member.browser.api.notifications.$get({ query: { cursor: 'bogus' } })).status).toBe(400);
  });

  it('keep settings per member, defaulting to everything but push, and obey them', async () => {
    const { seller, buyer, item } = await conversationPair();
    const settings = await okBody(seller.browser.api.notifications.settings.$get());
    expect(settings).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(settings.pushNotifications).toBe(false);

    // A setting of a type the types do not allow.
    const bad = await seller.browser.request('PUT', '/api/notifications/settings', { messages: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(
      (await new TestBrowser(t).api.notifications.settings.$put({ json: DEFAULT_NOTIFICATION_SETTINGS }))
        .status,
    ).toBe(401);

    const quiet = { ...DEFAULT_NOTIFICATION_SETTINGS, messages: false, pushNotifications: true };
    expect(await okBody(seller.browser.api.notifications.settings.$put({ json: quiet }))).toEqual(quiet);
    expect(await okBody(seller.browser.api.notifications.settings.$get())).toEqual(quiet);
    expect(await okBody(buyer.browser.api.notifications.settings.$get())).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );

    await buyer.browser.api.listings[':id'].messages.$post({
      param: { id: item.id },
      json: { content: 'Quiet please' },
    });
    const list = await okBody(seller.browser.api.notifications.$get({ query: {} }));
    expect(list.notifications).toEqual([]);
    // The message itself still arrives and counts.
    expect(await okBody(seller.browser.api.notifications.counts.$get())).toEqual({
      messages: 1,
      notifications: 0,
    });
  });

  it('announce to every member who keeps system updates on', async () => {
    const listening = await signedInMember(t);
    const quiet = await signedInMember(t);
    await quiet.browser.api.notifications.settings.$put({
      json: {
        ...DEFAULT_NOTIFICATION_SETTINGS,
        systemUpdates: false,
      },
    });
    const reached = await t.app.notifications.announce({
      title: 'Scheduled maintenance',
      body: 'Read-only on Sunday 2–3 AM EST.',
      link: '/browse',
    });
    expect(reached).toBeGreaterThan(0);
    const mine = await okBody(listening.browser.api.notifications.$get({ query: { type: 'system' } }));
    expect(mine.notifications.find((n) => n.data.title === 'Scheduled maintenance')).toMatchObject({
      type: 'system',
      link: '/browse',
      data: { body: 'Read-only on Sunday 2–3 AM EST.' },
    });
    const theirs = await okBody(quiet.browser.api.notifications.$get({ query: { type: 'system' } }));
    expect(theirs.notifications.some((n) => n.data.title === 'Scheduled maintenance')).toBe(false);
  });
});
