import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingDetail } from '@common/schemas/listings';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationList,
  type NotificationSettings,
} from '@common/schemas/notifications';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../../../test/test-browser';
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
  const item = (
    await seller.browser.post<ListingDetail>('/api/listings', {
      title: 'BBS RS wheels',
      priceCents: 240_000,
      category: 'wheels',
      condition: 'good',
      make: 'BMW',
      model: 'M3',
    })
  ).body;
  return { seller, buyer, item };
}

describe('notifications', () => {
  it('come from messages, one per conversation while unread, and are read with the conversation', async () => {
    const { seller, buyer, item } = await conversationPair();
    const first = await buyer.browser.post<{ conversationId: string }>(`/api/listings/${item.id}/messages`, {
      content: 'Are the barrels straight?',
    });
    const id = first.body.conversationId;
    await buyer.browser.post(`/api/conversations/${id}/messages`, { content: 'And the center caps?' });

    const list = await seller.browser.get<NotificationList>('/api/notifications');
    expect(list.status).toBe(200);
    expect(list.body.unreadCount).toBe(1);
    expect(list.body.notifications).toHaveLength(1);
    expect(list.body.notifications[0]).toMatchObject({
      type: 'message',
      read: false,
      link: `/messages/${id}`,
      data: { name: 'Lena B.', listingTitle: 'BBS RS wheels', preview: 'And the center caps?', count: 2 },
    });
    expect((await seller.browser.get('/api/notifications/counts')).body).toEqual({
      messages: 2,
      notifications: 1,
    });
    // The buyer was told nothing: they wrote.
    expect((await buyer.browser.get<NotificationList>('/api/notifications')).body.notifications).toEqual([]);

    await seller.browser.post(`/api/conversations/${id}/read`);
    expect((await seller.browser.get('/api/notifications/counts')).body).toEqual({
      messages: 0,
      notifications: 0,
    });
    // A later message starts a new unread notification.
    await buyer.browser.post(`/api/conversations/${id}/messages`, { content: 'Thanks!' });
    const after = await seller.browser.get<NotificationList>('/api/notifications');
    expect(after.body.notifications.map((n) => [n.read, n.data.preview])).toEqual([
      [false, 'Thanks!'],
      [true, 'And the center caps?'],
    ]);
  });

  it('are read one at a time or all at once, by their member only', async () => {
    const { seller, buyer, item } = await conversationPair();
    const other = await signedInMember(t);
    const otherItem = (
      await other.browser.post<ListingDetail>('/api/listings', {
        title: 'Recaro seat',
        priceCents: 30000,
        category: 'interior',
        condition: 'fair',
        make: 'Honda',
        model: 'Civic',
      })
    ).body;
    await buyer.browser.post(`/api/listings/${item.id}/messages`, { content: 'Hello' });
    await seller.browser.post(`/api/listings/${otherItem.id}/messages`, { content: 'Seat still there?' });
    await buyer.browser.post(`/api/listings/${otherItem.id}/messages`, { content: 'Want the seat' });

    const mine = (await other.browser.get<NotificationList>('/api/notifications')).body;
    expect(mine.unreadCount).toBe(2);
    const [newest] = mine.notifications;
    expect((await seller.browser.post(`/api/notifications/${newest!.id}/read`)).status).toBe(404);
    expect((await new TestBrowser(t).post(`/api/notifications/${newest!.id}/read`)).status).toBe(401);
    expect((await other.browser.post('/api/notifications/not-an-id/read')).status).toBe(404);
    expect((await other.browser.post(`/api/notifications/${newest!.id}/read`)).status).toBe(200);
    expect((await other.browser.get<NotificationList>('/api/notifications')).body.unreadCount).toBe(1);
    expect((await other.browser.post('/api/notifications/read-all')).status).toBe(200);
    const done = (await other.browser.get<NotificationList>('/api/notifications')).body;
    expect(done.unreadCount).toBe(0);
    expect(done.notifications.every((n) => n.read)).toBe(true);
    // The seller's own notification is untouched.
    expect((await seller.browser.get<NotificationList>('/api/notifications')).body.unreadCount).toBe(1);
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
    const first = (await member.browser.get<NotificationList>('/api/notifications?type=system')).body;
    expect(first.notifications).toHaveLength(30);
    expect(first.nextCursor).not.toBeNull();
    const second = (
      await member.browser.get<NotificationList>(
        `/api/notifications?type=system&cursor=${encodeURIComponent(first.nextCursor!)}`,
      )
    ).body;
    expect(second.nextCursor).toBeNull();
    const titles = [...first.notifications, ...second.notifications].map((n) => n.data.title);
    expect(new Set(titles).size).toBe(35);
    expect(titles[0]).toBe('Announcement 34');
    expect(
      (await member.browser.get<NotificationList>('/api/notifications?type=message')).body.notifications,
    ).toEqual([]);
    expect((await member.browser.get('/api/notifications?type=spam')).status).toBe(400);
    expect((await member.browser.get('/api/notifications?cursor=bogus')).status).toBe(400);
  });

  it('keep settings per member, defaulting to everything but push, and obey them', async () => {
    const { seller, buyer, item } = await conversationPair();
    const settings = await seller.browser.get<NotificationSettings>('/api/notifications/settings');
    expect(settings.body).toEqual(DEFAULT_NOTIFICATION_SETTINGS);
    expect(settings.body.pushNotifications).toBe(false);

    const bad = await seller.browser.put('/api/notifications/settings', { messages: 'yes' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'VALIDATION_ERROR' } });
    expect(
      (await new TestBrowser(t).put('/api/notifications/settings', DEFAULT_NOTIFICATION_SETTINGS)).status,
    ).toBe(401);

    const quiet = { ...DEFAULT_NOTIFICATION_SETTINGS, messages: false, pushNotifications: true };
    expect((await seller.browser.put('/api/notifications/settings', quiet)).body).toEqual(quiet);
    expect((await seller.browser.get('/api/notifications/settings')).body).toEqual(quiet);
    expect((await buyer.browser.get('/api/notifications/settings')).body).toEqual(
      DEFAULT_NOTIFICATION_SETTINGS,
    );

    await buyer.browser.post(`/api/listings/${item.id}/messages`, { content: 'Quiet please' });
    const list = (await seller.browser.get<NotificationList>('/api/notifications')).body;
    expect(list.notifications).toEqual([]);
    // The message itself still arrives and counts.
    expect((await seller.browser.get('/api/notifications/counts')).body).toEqual({
      messages: 1,
      notifications: 0,
    });
  });

  it('announce to every member who keeps system updates on', async () => {
    const listening = await signedInMember(t);
    const quiet = await signedInMember(t);
    await quiet.browser.put('/api/notifications/settings', {
      ...DEFAULT_NOTIFICATION_SETTINGS,
      systemUpdates: false,
    });
    const reached = await t.app.notifications.announce({
      title: 'Scheduled maintenance',
      body: 'Read-only on Sunday 2–3 AM EST.',
      link: '/browse',
    });
    expect(reached).toBeGreaterThan(0);
    const mine = (await listening.browser.get<NotificationList>('/api/notifications?type=system')).body;
    expect(mine.notifications.find((n) => n.data.title === 'Scheduled maintenance')).toMatchObject({
      type: 'system',
      link: '/browse',
      data: { body: 'Read-only on Sunday 2–3 AM EST.' },
    });
    const theirs = (await quiet.browser.get<NotificationList>('/api/notifications?type=system')).body;
    expect(theirs.notifications.some((n) => n.data.title === 'Scheduled maintenance')).toBe(false);
  });
});
