import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingCard, ListingDetail } from '@common/schemas/listings';
import type { Message, Thread } from '@common/schemas/messages';
import type { BlockedMember } from '@common/schemas/trust';
import { reports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

type Failure = { error: { code: string; message: string; fields?: Record<string, string> } };

async function listing(browser: TestBrowser, title: string) {
  return (await browser.post<ListingDetail>('/api/listings', partInput(title))).body;
}

describe('reports', () => {
  it('file once per thing, never about one’s own, and only about what the reporter can see', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita' });
    const buyer = await signedInMember(t, { firstName: 'Omar' });
    const stranger = await signedInMember(t);
    const item = await listing(seller.browser, 'Too-good-to-be-true turbo');

    const report = { kind: 'listing', targetId: item.id, reason: 'scam', note: 'Asks for a wire transfer' };
    expect((await new TestBrowser(t).post('/api/reports', report)).status).toBe(401);
    expect((await buyer.browser.post('/api/reports', report)).status).toBe(201);
    expect((await buyer.browser.post('/api/reports', report)).status).toBe(201);
    const filed = await t.database.db.select().from(reports).where(eq(reports.targetId, item.id));
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      reporterId: buyer.id,
      subjectId: seller.id,
      reason: 'scam',
      status: 'open',
    });

    const own = await seller.browser.post<Failure>('/api/reports', report);
    expect(own.status).toBe(400);
    expect(own.body.error.code).toBe('OWN_CONTENT');
    const nothing = await buyer.browser.post<Failure>('/api/reports', {
      ...report,
      targetId: '00000000-0000-4000-8000-000000000000',
    });
    expect(nothing.status).toBe(404);
    const badReason = await buyer.browser.request<Failure>(
      'POST',
      '/api/reports',
      { ...report, reason: 'meh' },
      { 'Accept-Language': 'es' },
    );
    expect(badReason.status).toBe(400);
    expect(badReason.body.error.fields?.reason).toBe('Elige un motivo.');

    // A message: only its conversation's two members may report it, and not their own.
    const started = await buyer.browser.post<{ conversationId: string }>(
      `/api/listings/${item.id}/messages`,
      {
        content: 'Is it genuine?',
      },
    );
    const reply = await seller.browser.post<Message>(
      `/api/conversations/${started.body.conversationId}/messages`,
      {
        content: 'Pay me by gift card first',
      },
    );
    const aboutMessage = { kind: 'message', targetId: reply.body.id, reason: 'scam' };
    expect((await stranger.browser.post('/api/reports', aboutMessage)).status).toBe(404);
    expect((await seller.browser.post<Failure>('/api/reports', aboutMessage)).body.error.code).toBe(
      'OWN_CONTENT',
    );
    expect((await buyer.browser.post('/api/reports', aboutMessage)).status).toBe(201);
    // A member, and a post.
    expect(
      (await stranger.browser.post('/api/reports', { kind: 'member', targetId: seller.id, reason: 'spam' }))
        .status,
    ).toBe(201);
    const post = await seller.browser.post<{ id: string }>('/api/community/posts', {
      title: 'My build',
      description: 'Stolen photos',
    });
    expect(
      (
        await stranger.browser.post('/api/reports', {
          kind: 'post',
          targetId: post.body.id,
          reason: 'offensive',
        })
      ).status,
    ).toBe(201);
  });
});

describe('blocking', () => {
  it('stops messages both ways, hides the blocked seller’s listings when asked, and is undone in settings', async () => {
    const seller = await signedInMember(t, { firstName: 'Bea', lastName: 'Long' });
    const buyer = await signedInMember(t, { firstName: 'Cal' });
    const item = await listing(seller.browser, 'Quaife differential');
    const started = await buyer.browser.post<{ conversationId: string }>(
      `/api/listings/${item.id}/messages`,
      {
        content: 'Still for sale?',
      },
    );
    const conversation = started.body.conversationId;

    expect(
      (await seller.browser.request<Failure>('PUT', '/api/blocks', { memberId: seller.id })).body.error.code,
    ).toBe('OWN_CONTENT');
    expect(
      (await seller.browser.put('/api/blocks', { memberId: buyer.id, hideListings: false })).status,
    ).toBe(200);
    expect((await seller.browser.get(`/api/blocks/${buyer.id}`)).body).toEqual({
      blocked: true,
      blockedYou: false,
    });
    expect((await buyer.browser.get(`/api/blocks/${seller.id}`)).body).toEqual({
      blocked: false,
      blockedYou: true,
    });

    const refused = await buyer.browser.request<Failure>(
      'POST',
      `/api/conversations/${conversation}/messages`,
      { content: 'Hello?' },
      { 'Accept-Language': 'es' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.error).toEqual({
      code: 'BLOCKED',
      message: 'No puedes enviar mensajes a este miembro.',
    });
    const again = await buyer.browser.post<Failure>(`/api/listings/${item.id}/messages`, {
      content: 'Hello?',
    });
    expect(again.body.error.code).toBe('BLOCKED');
    const own = await seller.browser.post<Failure>(`/api/conversations/${conversation}/messages`, {
      content: 'Sold',
    });
    expect(own.status).toBe(403);
    expect(own.body.error.code).toBe('YOU_BLOCKED');
    // The conversation so far stays readable.
    expect(
      (await buyer.browser.get<Thread>(`/api/conversations/${conversation}`)).body.messages,
    ).toHaveLength(1);

    // The buyer blocks the seller and hides their listings from their browse.
    const browse = async (browser: TestBrowser) =>
      (await browser.get<{ items: ListingCard[] }>('/api/listings?search=quaife')).body.items.map(
        (i) => i.title,
      );
    expect(await browse(buyer.browser)).toEqual(['Quaife differential']);
    await buyer.browser.put('/api/blocks', { memberId: seller.id });
    expect(await browse(buyer.browser)).toEqual([]);
    expect(await browse(new TestBrowser(t))).toEqual(['Quaife differential']);
    const list = await buyer.browser.get<{ blocked: BlockedMember[] }>('/api/blocks');
    expect(list.body.blocked).toMatchObject([{ id: seller.id, name: 'Bea L.', hideListings: true }]);

    // Unblocked on both sides: messages flow again, and the listings are back.
    expect((await buyer.browser.request('DELETE', `/api/blocks/${seller.id}`)).status).toBe(200);
    await seller.browser.request('DELETE', `/api/blocks/${buyer.id}`);
    expect(await browse(buyer.browser)).toEqual(['Quaife differential']);
    expect(
      (await buyer.browser.post(`/api/conversations/${conversation}/messages`, { content: 'Hello?' })).status,
    ).toBe(201);
    expect((await buyer.browser.get<{ blocked: BlockedMember[] }>('/api/blocks')).body.blocked).toEqual([]);
  });
});
