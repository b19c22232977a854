import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '../../test/test-app';
import { MEMBER_PASSWORD, signedInMember } from '../../test/members';
import { TestBrowser, okBody } from '../../test/test-browser';
import { TestSocket } from '../../test/test-socket';

let t: TestApp;
let host: string;
beforeAll(async () => {
  t = await createTestApp();
  host = await t.listen();
});
afterAll(async () => {
  await t.close();
});

async function online(userId: string): Promise<boolean> {
  const rows = await t.database.db.execute<{ online: boolean }>(
    sql`select exists (select 1 from presence where user_id = ${userId} and online_until > now()) as online`,
  );
  return rows.rows[0]?.online ?? false;
}

describe('/api/realtime', () => {
  it('needs a session cookie and a page of this site', async () => {
    const member = await signedInMember(t);
    await expect(TestSocket.open(host, null)).rejects.toThrow('refused 401');
    await expect(TestSocket.open(host, member.browser, 'https://evil.example')).rejects.toThrow(
      'refused 403',
    );
    const socket = await TestSocket.open(host, member.browser);
    socket.send({ type: 'ping' });
    await socket.next('pong');
    // Announcements reach every open socket.
    await t.app.notifications.announce({ title: 'Hello', body: '' });
    await socket.next('announcement');
    await socket.close();
  });

  it('on an https site, refuses a page of the same host over plain http', async () => {
    const secure = await createTestApp({ env: { PUBLIC_URL: 'https://modmarket.example' } });
    try {
      const secureHost = await secure.listen();
      const member = await signedInMember(secure);
      await expect(TestSocket.open(secureHost, member.browser, `http://${secureHost}`)).rejects.toThrow(
        'refused 403',
      );
      const socket = await TestSocket.open(secureHost, member.browser, 'https://modmarket.example');
      await socket.close();
    } finally {
      await secure.close();
    }
  });

  it('closes the sockets of ended sessions at once (signed out from another browser)', async () => {
    const member = await signedInMember(t);
    const socket = await TestSocket.open(host, member.browser);
    const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
    // Signed out from another browser: every session ends, and this socket with it.
    const other = new TestBrowser(t, '198.51.100.90');
    expect(
      (await other.api.auth['sign-in'].$post({ json: { email: member.email, password: MEMBER_PASSWORD } }))
        .status,
    ).toBe(200);
    await other.api.auth['sign-out'].$post();
    expect(await closed).toBe(4401);
  });

  it('pushes messages, notifications, counts and read receipts to every tab of both members', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita', lastName: 'Vance' });
    const buyer = await signedInMember(t, { firstName: 'Omar', lastName: 'Diaz' });
    const item = await okBody(
      seller.browser.api.listings.$post({
        json: {
          title: 'Skyline gauge cluster',
          priceCents: 45000,
          category: 'electronics',
          condition: 'good',
          make: 'Nissan',
          model: 'Skyline',
        },
      }),
    );
    const sellerTabs = [
      await TestSocket.open(host, seller.browser),
      await TestSocket.open(host, seller.browser),
    ];
    const buyerTab = await TestSocket.open(host, buyer.browser);
    expect(await online(seller.id)).toBe(true);

    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Is the odometer original?',
        },
      }),
    );
    const id = started.conversationId;
    for (const tab of sellerTabs) {
      const pushed = await tab.next('message', (e) => e.conversationId === id);
      expect(pushed.message).toMatchObject({ content: 'Is the odometer original?', senderId: buyer.id });
      const notification = await tab.next('notification');
      expect(notification.notification).toMatchObject({
        type: 'message',
        link: `/messages/${id}`,
        read: false,
        data: {
          name: 'Omar D.',
          listingTitle: 'Skyline gauge cluster',
          preview: 'Is the odometer original?',
        },
      });
      await tab.next('counts', (e) => e.messages === 1 && e.notifications === 1);
    }
    // The sender's own tabs see the message too (another tab of theirs stays in step).
    await buyerTab.next('message', (e) => e.conversationId === id);

    await seller.browser.api.conversations[':id'].read.$post({ param: { id: id } });
    const receipt = await buyerTab.next('read', (e) => e.conversationId === id);
    expect(receipt.readerId).toBe(seller.id);
    await sellerTabs[0]!.next('counts', (e) => e.messages === 0 && e.notifications === 0);

    // Someone else's socket hears nothing of it.
    const stranger = await signedInMember(t);
    const strangerTab = await TestSocket.open(host, stranger.browser);
    await seller.browser.api.conversations[':id'].messages.$post({
      param: { id: id },
      json: { content: 'Yes, 62k miles.' },
    });
    await buyerTab.next('message', (e) => e.message?.content === 'Yes, 62k miles.');
    expect(strangerTab.events).toEqual([]);

    for (const tab of [...sellerTabs, buyerTab, strangerTab]) await tab.close();
    await expect.poll(() => online(seller.id)).toBe(false);
  });
});
