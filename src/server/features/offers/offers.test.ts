import { sql } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { OfferAnswerInput } from '@common/schemas/offers';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, expectStatus, failureBody, okBody, readAnswer } from '../../../test/test-browser';
import { signInAgain, signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { testClock } from '../../../test/clock';

let t: TestApp;
const clock = testClock();
afterEach(() => clock.reset());
beforeAll(async () => {
  t = await createTestApp({ clock: clock.now });
});
afterAll(async () => {
  await t.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

async function listing(seller: Member, extra: Record<string, unknown> = {}) {
  const created = await readAnswer(
    seller.browser.api.listings.$post({
      json: {
        ...partInput('Forged crank'),
        priceCents: 50000,
        ...extra,
      },
    }),
  );
  expectStatus(created, 201);
  return created.body;
}

/** An offer of whole `dollars`, sent in cents as every amount is. */
const offer = (member: Member, listingId: string, dollars: number, note = '') =>
  member.browser.api.listings[':id'].offers.$post({
    param: { id: listingId },
    json: { amountCents: dollars * 100, note },
  });
const answer = (member: Member, offerId: string, body: OfferAnswerInput) =>
  member.browser.api.offers[':id'].answer.$post({ param: { id: offerId }, json: body });
const thread = async (member: Member, conversationId: string) =>
  await okBody(member.browser.api.conversations[':id'].$get({ param: { id: conversationId } }));

describe('offers', () => {
  it('go round: made, countered, countered back, accepted; every step in the conversation and notified', async () => {
    const seller = await signedInMember(t, { firstName: 'Rita' });
    const buyer = await signedInMember(t, { firstName: 'Omar' });
    const item = await listing(seller);

    expect(
      (
        await new TestBrowser(t).api.listings[':id'].offers.$post({
          param: { id: item.id },
          json: { amountCents: 40000 },
        })
      ).status,
    ).toBe(401);
    const made = await readAnswer(offer(buyer, item.id, 400, 'Cash, pickup this weekend'));
    expectStatus(made, 201, JSON.stringify(made.body));
    expect(made.body).toMatchObject({ amountCents: 40000, by: 'buyer', status: 'open', yourTurn: false });
    const hours = (Date.parse(made.body.expiresAt) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(47.9);
    expect(hours).toBeLessThanOrEqual(48);

    // One open offer per buyer and listing.
    const again = await readAnswer(offer(buyer, item.id, 410));
    expectStatus(again, 409);
    expect(again.body.error.code).toBe('OFFER_OPEN');
    // The buyer cannot answer their own amount; a stranger cannot see it at all.
    const own = await failureBody(answer(buyer, made.body.id, { action: 'accept' }));
    expect(own.error.code).toBe('OFFER_NOT_YOUR_TURN');
    const stranger = await signedInMember(t);
    expect((await answer(stranger, made.body.id, { action: 'accept' })).status).toBe(404);

    // The seller sees it in the conversation, with a notification about it.
    const sellerThread = await thread(seller, made.body.conversationId);
    expect(sellerThread.offer).toMatchObject({ id: made.body.id, yourTurn: true, amountCents: 40000 });
    expect(sellerThread.messages.at(-1)).toMatchObject({
      senderId: buyer.id,
      content: 'Cash, pickup this weekend',
      offer: { offerId: made.body.id, action: 'made', amountCents: 40000 },
    });
    const notes = await okBody(seller.browser.api.notifications.$get({ query: {} }));
    expect(notes.notifications[0]).toMatchObject({
      type: 'offer',
      data: { name: 'Omar R.', listingTitle: 'Forged crank', priceCents: 40000, action: 'made' },
      link: `/messages/${made.body.conversationId}`,
    });

    // Away, the seller gets it by email too (the missed-message email), the step in words.
    await t.runJobs();
    const mail = (await t.mailTo(seller.email)).at(-1)!;
    expect(mail.subject).toBe('New message from Omar R. about Forged crank');
    expect(mail.text).toContain('> Offer: $400\n> Cash, pickup this weekend');

    const countered = await readAnswer(
      answer(seller, made.body.id, {
        action: 'counter',
        amountCents: 46000,
        note: 'Meet me',
      }),
    );
    expectStatus(countered, 200);
    expect(countered.body).toMatchObject({
      amountCents: 46000,
      by: 'seller',
      status: 'open',
      yourTurn: false,
    });
    expect((await failureBody(answer(seller, made.body.id, { action: 'accept' }))).error.code).toBe(
      'OFFER_NOT_YOUR_TURN',
    );
    const back = await readAnswer(answer(buyer, made.body.id, { action: 'counter', amountCents: 44000 }));
    expect(back.body).toMatchObject({ amountCents: 44000, by: 'buyer', status: 'open' });
    const accepted = await readAnswer(answer(seller, made.body.id, { action: 'accept' }));
    expectStatus(accepted, 200);
    expect(accepted.body).toMatchObject({ amountCents: 44000, status: 'accepted', yourTurn: false });
    expect((await failureBody(answer(buyer, made.body.id, { action: 'decline' }))).error.code).toBe(
      'OFFER_CLOSED',
    );

    const steps = (await thread(buyer, made.body.conversationId)).messages.map((m) => [
      m.senderId === buyer.id ? 'buyer' : 'seller',
      m.offer?.action,
      m.offer?.amountCents,
    ]);
    expect(steps).toEqual([
      ['buyer', 'made', 40000],
      ['seller', 'countered', 46000],
      ['buyer', 'countered', 44000],
      ['seller', 'accepted', 44000],
    ]);

    // Pending for that buyer: on its page and card, and closed to other offers.
    const page = await readAnswer(buyer.browser.api.listings[':id'].$get({ param: { id: item.id } }));
    expect(page.body).toMatchObject({ pending: true, myOffer: { status: 'accepted', amountCents: 44000 } });
    const other = await signedInMember(t);
    const late = await readAnswer(offer(other, item.id, 480));
    expectStatus(late, 409);
    expect(late.body.error.code).toBe('LISTING_PENDING');
    const cards = await okBody(new TestBrowser(t).api.listings.$get({ query: { search: 'forged' } }));
    expect(cards.items.find((card) => card.id === item.id)).toMatchObject({ pending: true });

    // Released: back on the market, the buyer told in the conversation.
    expect((await buyer.browser.api.listings[':id'].release.$post({ param: { id: item.id } })).status).toBe(
      404,
    );
    expect((await seller.browser.api.listings[':id'].release.$post({ param: { id: item.id } })).status).toBe(
      200,
    );
    const released = await thread(buyer, made.body.conversationId);
    expect(released.messages.at(-1)?.offer?.action).toBe('released');
    expect(released.offer?.status).toBe('released');
    expect((await offer(other, item.id, 480)).status).toBe(201);
    const second = await failureBody(
      seller.browser.api.listings[':id'].release.$post({ param: { id: item.id } }),
    );
    expect(second.error.code).toBe('LISTING_NOT_PENDING');
  });

  it('are refused on one’s own, sold, firm-priced or blocked listings, with translated messages', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller);

    const own = await failureBody(offer(seller, item.id, 300));
    expect(own.error.code).toBe('OFFER_OWN_LISTING');
    const zero = await readAnswer(
      buyer.browser.api.listings[':id'].offers.$post(
        { param: { id: item.id }, json: { amountCents: 0 } },
        { headers: { 'Accept-Language': 'es' } },
      ),
    );
    expectStatus(zero, 400);
    expect(zero.body.error.fields?.amountCents).toBe('Introduce un precio válido.');
    const tooLong = await readAnswer(offer(buyer, item.id, 300, 'x'.repeat(501)));
    expectStatus(tooLong, 400);
    expect(Object.keys(tooLong.body.error.fields ?? {})).toEqual(['note']);

    const firm = await listing(seller, { negotiable: false });
    const refused = await readAnswer(
      buyer.browser.api.listings[':id'].offers.$post(
        { param: { id: firm.id }, json: { amountCents: 30000 } },
        { headers: { 'Accept-Language': 'zh-CN' } },
      ),
    );
    expectStatus(refused, 409);
    expect(refused.body.error).toMatchObject({
      code: 'OFFERS_OFF',
      message: '卖家不接受此配件的出价：价格固定。',
    });

    await seller.browser.api.listings[':id'].status.$patch({
      param: { id: item.id },
      json: { isSold: true },
    });
    expect((await failureBody(offer(buyer, item.id, 300))).error.code).toBe('LISTING_SOLD');

    const open = await listing(seller);
    await seller.browser.api.blocks.$put({ json: { memberId: buyer.id } });
    const blocked = await readAnswer(offer(buyer, open.id, 300));
    expectStatus(blocked, 403);
    expect(blocked.body.error.code).toBe('BLOCKED');
  });

  it('below the seller’s floor are declined at once, and the floor is the seller’s alone to see', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const bad = await readAnswer(
      seller.browser.api.listings.$post({
        json: {
          ...partInput('Floor above price'),
          priceCents: 50000,
          offerFloorCents: 50000,
        },
      }),
    );
    expectStatus(bad, 400);
    expect(bad.body.error.fields?.offerFloorCents).toBe(
      'The lowest offer you take must be below your price.',
    );
    const item = await listing(seller, { offerFloorCents: 35000 });
    expect(item.offerFloorCents).toBe(35000);
    const seen = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: item.id } }));
    expect(seen.offerFloorCents).toBeUndefined();
    expect(seen.myOffer).toBeNull();

    const low = await readAnswer(offer(buyer, item.id, 300));
    expectStatus(low, 201);
    expect(low.body).toMatchObject({ status: 'declined', amountCents: 30000 });
    const steps = (await thread(buyer, low.body.conversationId)).messages.map((m) => m.offer?.action);
    expect(steps).toEqual(['made', 'auto-declined']);

    // A new offer may follow; a counter back below the floor is declined too.
    const fair = await okBody(offer(buyer, item.id, 360));
    expect(fair.status).toBe('open');
    await answer(seller, fair.id, { action: 'counter', amountCents: 42000 });
    const under = await okBody(answer(buyer, fair.id, { action: 'counter', amountCents: 34000 }));
    expect(under.status).toBe('declined');
  });

  it('declined at once say only “declined”, and after 3 of them a buyer’s offers on that listing wait a day', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller, { offerFloorCents: 35000 });
    const other = await listing(seller, { offerFloorCents: 35000 });

    for (const amount of [100, 200, 300]) {
      const low = await readAnswer(offer(buyer, item.id, amount));
      expectStatus(low, 201);
      expect(low.body.status).toBe('declined');
    }
    // Nothing the buyer is told about a declined offer names the floor.
    await t.runJobs();
    const told = JSON.stringify([
      await okBody(buyer.browser.api.notifications.$get({ query: {} })),
      await thread(buyer, (await okBody(offer(buyer, other.id, 349))).conversationId),
      await t.mailTo(buyer.email),
    ]);
    expect(told).not.toMatch(/\b350\b/);
    expect(told).not.toMatch(/below|floor|lowest|seller takes/i);

    // The fourth offer is refused whatever its amount, above the floor too, with a translated message.
    for (const amount of [340, 360, 499]) {
      const refused = await readAnswer(
        buyer.browser.api.listings[':id'].offers.$post(
          { param: { id: item.id }, json: { amountCents: amount * 100 } },
          { headers: { 'Accept-Language': 'es' } },
        ),
      );
      expectStatus(refused, 429);
      expect(refused.body.error).toMatchObject({
        code: 'OFFER_DECLINE_LIMIT',
        message:
          'Varias de tus ofertas por esta pieza fueron rechazadas. Podrás hacer otra dentro de 24 horas.',
      });
    }
    // Another buyer, and this buyer on another listing, are not held back.
    expect((await okBody(offer(await signedInMember(t), item.id, 360))).status).toBe('open');
    expect((await okBody(offer(buyer, other.id, 360))).status).toBe('open');
    // A day later the buyer may offer again.
    await t.database.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);
    expect((await okBody(offer(buyer, item.id, 360))).status).toBe('open');
  });

  it('a buyer’s counters count too: after 3 automatic declines, a counter is refused', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller, { offerFloorCents: 35000 });
    await offer(buyer, item.id, 100);
    await offer(buyer, item.id, 200);
    const fair = await okBody(offer(buyer, item.id, 360));
    await answer(seller, fair.id, { action: 'counter', amountCents: 45000 });
    expect((await okBody(answer(buyer, fair.id, { action: 'counter', amountCents: 30000 }))).status).toBe(
      'declined',
    );
    const again = await readAnswer(offer(buyer, item.id, 400));
    expectStatus(again, 429);
    expect(again.body.error.code).toBe('OFFER_DECLINE_LIMIT');
  });

  it('expire after 48 hours: the job closes them with a step, and a late answer is refused', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller);
    const made = await okBody(offer(buyer, item.id, 420));
    // 48 hours pass; both come back and sign in again.
    clock.advance(48 * 3_600_000 + 60_000);
    await signInAgain(seller);
    await signInAgain(buyer);
    // Before the job runs, the offer already reads as expired and cannot be accepted.
    expect((await thread(seller, made.conversationId)).offer).toMatchObject({
      status: 'expired',
      yourTurn: false,
    });
    const late = await readAnswer(answer(seller, made.id, { action: 'accept' }));
    expectStatus(late, 409);
    expect(late.body.error.code).toBe('OFFER_CLOSED');
    await t.runJobs();
    const steps = (await thread(buyer, made.conversationId)).messages.map((m) => m.offer?.action);
    expect(steps).toEqual(['made', 'expired']);
    // The buyer may offer again.
    expect((await okBody(offer(buyer, item.id, 430))).status).toBe('open');
  });

  it('a countered offer gets 48 hours again: the first amount’s expiry job leaves it open', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller);
    const made = await okBody(offer(buyer, item.id, 420));
    // A day later the seller counters; the first amount's 48 hours end a day after that.
    clock.advance(24 * 3_600_000);
    await signInAgain(seller);
    await answer(seller, made.id, { action: 'counter', amountCents: 47000 });
    clock.advance(24 * 3_600_000 + 60_000);
    await signInAgain(buyer);
    await t.runJobs();
    expect((await thread(buyer, made.conversationId)).offer).toMatchObject({
      status: 'open',
      yourTurn: true,
    });
  });

  it('marking the listing sold ends the hold of an accepted offer', async () => {
    const seller = await signedInMember(t);
    const buyer = await signedInMember(t);
    const item = await listing(seller);
    const made = await okBody(offer(buyer, item.id, 450));
    await answer(seller, made.id, { action: 'accept' });
    expect((await okBody(seller.browser.api.listings[':id'].$get({ param: { id: item.id } }))).pending).toBe(
      true,
    );
    await seller.browser.api.listings[':id'].status.$patch({
      param: { id: item.id },
      json: { isSold: true },
    });
    const sold = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: item.id } }));
    expect(sold).toMatchObject({ isSold: true, myOffer: { status: 'accepted' } });
    expect(sold.pending).toBeUndefined();
  });
});
