import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReportInput } from '@common/schemas/trust';
import { reports } from '../../db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody, failureBody } from '../../../test/test-browser';
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
  return await okBody(browser.api.listings.$post({ json: partInput(title) }));
}

describe('reports', () => {
  it('file once per thing, never about one’s own, and only about what the reporter can see', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita' });
    const buyer = await signedInMember(t, { firstName: 'Omar' });
    const stranger = await signedInMember(t);
    const item = await listing(seller.browser, 'Too-good-to-be-true turbo');

    const report: ReportInput = {
      kind: 'listing',
      targetId: item.id,
      reason: 'scam',
      note: 'Asks for a wire transfer',
    };
    expect((await new TestBrowser(t).api.reports.$post({ json: report })).status).toBe(401);
    expect((await buyer.browser.api.reports.$post({ json: report })).status).toBe(201);
    expect((await buyer.browser.api.reports.$post({ json: report })).status).toBe(201);
    const filed = await t.database.db.select().from(reports).where(eq(reports.targetId, item.id));
    expect(filed).toHaveLength(1);
    expect(filed[0]).toMatchObject({
      reporterId: buyer.id,
      subjectId: seller.id,
      reason: 'scam',
      status: 'open',
    });

    const own = await readAnswer(seller.browser.api.reports.$post({ json: report }));
    expectStatus(own, 400);
    expect(own.body.error.code).toBe('OWN_CONTENT');
    const nothing = await readAnswer(
      buyer.browser.api.reports.$post({
        json: {
          ...report,
          targetId: '00000000-0000-4000-8000-000000000000',
        },
      }),
    );
    expectStatus(nothing, 404);
    // A reason the types do not allow.
    const badReason = await buyer.browser.request<Failure>(
      'POST',
      '/api/reports',
      { ...report, reason: 'meh' },
      { 'Accept-Language': 'es' },
    );
    expect(badReason.status).toBe(400);
    expect(badReason.body.error.fields?.reason).toBe('Elige un motivo.');

    // A message: only its conversation's two members may report it, and not their own.
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Is it genuine?',
        },
      }),
    );
    const reply = await okBody(
      seller.browser.api.conversations[':id'].messages.$post({
        param: { id: started.conversationId },
        json: {
          content: 'Pay me by gift card first',
        },
      }),
    );
    const aboutMessage: ReportInput = { kind: 'message', targetId: reply.id, reason: 'scam' };
    expect((await stranger.browser.api.reports.$post({ json: aboutMessage })).status).toBe(404);
    expect((await failureBody(seller.browser.api.reports.$post({ json: aboutMessage }))).error.code).toBe(
      'OWN_CONTENT',
    );
    expect((await buyer.browser.api.reports.$post({ json: aboutMessage })).status).toBe(201);
    // A member, and a post.
    expect(
      (
        await stranger.browser.api.reports.$post({
          json: { kind: 'member', targetId: seller.id, reason: 'spam' },
        })
      ).status,
    ).toBe(201);
    const post = await okBody(
      seller.browser.api.community.posts.$post({
        json: {
          title: 'My build',
          description: 'Stolen photos',
        },
      }),
    );
    expect(
      (
        await stranger.browser.api.reports.$post({
          json: {
            kind: 'post',
            targetId: post.id,
            reason: 'offensive',
          },
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
    const started = await okBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Still for sale?',
        },
      }),
    );
    const conversation = started.conversationId;

    expect(
      (await failureBody(seller.browser.api.blocks.$put({ json: { memberId: seller.id } }))).error.code,
    ).toBe('OWN_CONTENT');
    expect(
      (await seller.browser.api.blocks.$put({ json: { memberId: buyer.id, hideListings: false } })).status,
    ).toBe(200);
    expect(
      await okBody(seller.browser.api.blocks[':memberId'].$get({ param: { memberId: buyer.id } })),
    ).toEqual({
      blocked: true,
      blockedYou: false,
    });
    expect(
      await okBody(buyer.browser.api.blocks[':memberId'].$get({ param: { memberId: seller.id } })),
    ).toEqual({
      blocked: false,
      blockedYou: true,
    });

    const refused = await readAnswer(
      buyer.browser.api.conversations[':id'].messages.$post(
        { param: { id: conversation }, json: { content: 'Hello?' } },
        { headers: { 'Accept-Language': 'es' } },
      ),
    );
    expectStatus(refused, 403);
    expect(refused.body.error).toEqual({
      code: 'BLOCKED',
      message: 'No puedes enviar mensajes a este miembro.',
    });
    const again = await failureBody(
      buyer.browser.api.listings[':id'].messages.$post({
        param: { id: item.id },
        json: {
          content: 'Hello?',
        },
      }),
    );
    expect(again.error.code).toBe('BLOCKED');
    const own = await readAnswer(
      seller.browser.api.conversations[':id'].messages.$post({
        param: { id: conversation },
        json: {
          content: 'Sold',
        },
      }),
    );
    expectStatus(own, 403);
    expect(own.body.error.code).toBe('YOU_BLOCKED');
    // The conversation so far stays readable.
    expect(
      (await okBody(buyer.browser.api.conversations[':id'].$get({ param: { id: conversation } }))).messages,
    ).toHaveLength(1);

    // The buyer blocks the seller and hides their listings from their browse.
    const browse = async (browser: TestBrowser) =>
      (await okBody(browser.api.listings.$get({ query: { search: 'quaife' } }))).items.map((i) => i.title);
    expect(await browse(buyer.browser)).toEqual(['Quaife differential']);
    await buyer.browser.api.blocks.$put({ json: { memberId: seller.id } });
    expect(await browse(buyer.browser)).toEqual([]);
    expect(await browse(new TestBrowser(t))).toEqual(['Quaife differential']);
    const list = await okBody(buyer.browser.api.blocks.$get());
    expect(list.blocked).toMatchObject([{ id: seller.id, name: 'Bea L.', hideListings: true }]);

    // Unblocked on both sides: messages flow again, and the listings are back.
    expect(
      (await buyer.browser.api.blocks[':memberId'].$delete({ param: { memberId: seller.id } })).status,
    ).toBe(200);
    await seller.browser.api.blocks[':memberId'].$delete({ param: { memberId: buyer.id } });
    expect(await browse(buyer.browser)).toEqual(['Quaife differential']);
    expect(
      (
        await buyer.browser.api.conversations[':id'].messages.$post({
          param: { id: conversation },
          json: { content: 'Hello?' },
        })
      ).status,
    ).toBe(201);
    expect((await okBody(buyer.browser.api.blocks.$get())).blocked).toEqual([]);
  });
});
