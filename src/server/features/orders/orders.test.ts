import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { orders } from '@server/db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { expectStatus, failureBody, okBody, readAnswer } from '../../../test/test-browser';
import { signInAgain, signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { testClock } from '../../../test/clock';
import { recordStatements } from '../../../test/query-plans';
import { suspendMember } from '../admin/admin.service';
import { deleteMember } from '../account/deletion';

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
const address = { name: 'Sam Rivera', line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' };
// A valid UPS number (check digit included), as the tracking-number library knows them.
const UPS = '1Z879E930346834440';

/** A seller whose payouts are ready (demo mode: at once), on a plan. */
async function seller(plan: 'bronze' | 'gold' | 'platinum' = 'bronze') {
  const member = await signedInMember(t, { plan });
  expect(await okBody(member.browser.api.payouts.connect.$post())).toEqual({ url: null });
  return member;
}

async function listing(owner: Member, extra: Record<string, unknown> = {}) {
  return okBody(
    owner.browser.api.listings.$post({
      json: { ...partInput('Cusco LSD'), priceCents: 10000, shippingCents: 1500, ...extra },
    }),
  );
}

const place = (buyer: Member, listingId: string, json: Record<string, unknown>) =>
  buyer.browser.request('POST', `/api/listings/${listingId}/orders`, json);

async function placed(buyer: Member, listingId: string, json: Record<string, unknown>) {
  const answer = await place(buyer, listingId, json);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  return (answer.body as { orderId: string }).orderId;
}

const order = (member: Member, id: string) => member.browser.api.orders[':id'].$get({ param: { id } });
const step = (member: Member, id: string, name: string, json?: unknown) =>
  member.browser.request('POST', `/api/orders/${id}/${name}`, json ?? {});

describe('checkout in demo mode', () => {
  it('offers checkout only once the seller connected payouts, and never on one’s own listing', async () => {
    const owner = await signedInMember(t);
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const detail = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: part.id } }));
    expect(detail.checkout).toMatchObject({
      offered: false,
      shippingCents: 1500,
      localPickup: true,
      demo: true,
    });
    const refused = await failureBody(
      buyer.browser.api.listings[':id'].checkout.$get({ param: { id: part.id } }),
    );
    expect(refused.error.code).toBe('CHECKOUT_UNAVAILABLE');
    expect((await place(buyer, part.id, { delivery: 'pickup' })).status).toBe(409);

    expect(await okBody(owner.browser.api.payouts.$get())).toMatchObject({
      state: 'not_connected',
      mode: 'demo',
      level: 'new',
      feeBasisPoints: 350,
    });
    await owner.browser.api.payouts.connect.$post();
    expect((await okBody(owner.browser.api.payouts.$get())).state).toBe('ready');
    const offered = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: part.id } }));
    expect(offered.checkout.offered).toBe(true);
    const own = await place(owner, part.id, { delivery: 'pickup' });
    expect(own.status).toBe(400);
    expect(own.body).toMatchObject({ error: { code: 'ORDER_OWN_LISTING' } });
  });

  it('ships a Bronze seller’s order, pays the seller on shipment, and completes on receipt', async () => {
    const owner = await seller('bronze');
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const quote = await okBody(buyer.browser.api.listings[':id'].checkout.$get({ param: { id: part.id } }));
    expect(quote).toMatchObject({
      itemCents: 10000,
      shippingCents: 1500,
      localPickup: true,
      held: false,
      demo: true,
    });

    // Amounts sent by the browser are not read: the server's are the order's.
    const id = await placed(buyer, part.id, { delivery: 'ship', address, totalCents: 1 });
    const mine = await okBody(order(buyer, id));
    expect(mine).toMatchObject({
      role: 'buyer',
      status: 'paid',
      demo: true,
      held: false,
      itemCents: 10000,
      shippingCents: 1500,
      totalCents: 11500,
      // 3.5% of the item; 2.9% of the total (333.5, rounded half up) plus 30 cents.
      feeCents: 350,
      processingCents: 364,
      payoutCents: 10786,
      address: { ...address, state: 'TX', line2: '' },
      handoffCode: null,
      nextStep: { action: 'ship', by: 'seller' },
      actions: ['cancel', 'open_dispute'],
    });
    expect(mine.timeline.map((event) => event.kind)).toEqual(['created', 'paid']);

    // The order page's look-ups (the session, the order, its return, its dispute) are each built once
    // and run by name, the same on every request.
    const recorded = recordStatements(t.database, /./);
    for (let round = 0; round < 2; round++) {
      recorded.length = 0;
      expect(await okBody(order(buyer, id))).toEqual(mine);
      expect(recorded.map((statement) => statement.name).sort()).toEqual([
        'order_dispute',
        'order_page',
        'order_return',
        'session_user',
      ]);
    }

    // Pending for everyone else at once.
    const other = await signedInMember(t);
    const late = await place(other, part.id, { delivery: 'pickup' });
    expect(late.status).toBe(409);
    expect(late.body).toMatchObject({ error: { code: 'LISTING_PENDING' } });
    const seen = await okBody(other.browser.api.listings[':id'].$get({ param: { id: part.id } }));
    expect(seen.pending).toBe(true);
    // Nobody else sees the order (nor its address).
    expect((await order(other, id)).status).toBe(404);
    // The seller may not mark it sold meanwhile; the order settles it.
    const sold = await owner.browser.api.listings[':id'].status.$patch({
      param: { id: part.id },
      json: { isSold: true },
    });
    expect(sold.status).toBe(409);

    await t.runJobs();
    expect((await t.mailTo(owner.email)).map((mail) => mail.subject)).toContain(
      'Cusco LSD: The buyer has paid. Ship it or get it ready for pickup.',
    );

    // Only the seller ships, with a tracking number a carrier uses.
    expect((await step(buyer, id, 'ship', { trackingNumber: UPS })).status).toBe(403);
    const bad = await step(owner, id, 'ship', { trackingNumber: '1Z879E930346834441' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ error: { code: 'TRACKING_INVALID' } });
    const shipped = await step(owner, id, 'ship', { trackingNumber: '1z 879e 9303 4683 4440' });
    expect(shipped.body).toMatchObject({
      status: 'shipped',
      carrier: 'UPS',
      trackingNumber: UPS,
      payout: 'due',
      nextStep: { action: 'confirm_receipt', by: 'buyer' },
    });
    expect((shipped.body as { trackingUrl: string }).trackingUrl).toContain(UPS);
    // Twice is refused, not applied twice.
    expect((await step(owner, id, 'ship', { trackingNumber: UPS })).status).toBe(409);
    await t.runJobs();
    expect((await okBody(order(owner, id))).payout).toBe('paid');

    const done = await step(buyer, id, 'confirm');
    expect(done.body).toMatchObject({ status: 'completed', payout: 'paid' });
    const after = await okBody(other.browser.api.listings[':id'].$get({ param: { id: part.id } }));
    expect(after.isSold).toBe(true);
    // The order opened the review window for both sides.
    const review = await buyer.browser.request('POST', `/api/listings/${part.id}/review`, {
      rating: 5,
      text: 'Exactly as described, shipped the next day.',
    });
    expect(review.status).toBe(201);
    expect((await okBody(owner.browser.api.payouts.$get())).completedSales).toBe(1);
    // The seller page says the level and the sales completed here.
    const page = await other.browser.request('GET', `/api/sellers/${owner.id}`);
    expect(page.body).toMatchObject({ level: 'new', completedSales: 1 });

    const history = await okBody(buyer.browser.api.orders.$get({ query: { status: 'closed' } }));
    expect(history.items.map((item) => item.id)).toContain(id);
    const pending = await okBody(owner.browser.api.orders.$get({ query: { status: 'open' } }));
    expect(pending.items.map((item) => item.id)).not.toContain(id);
  });

  it('holds a Platinum seller’s payment through a local pickup until 7 days after the hand-off', async () => {
    const owner = await seller('platinum');
    const part = await listing(owner, { shippingCents: null });
    const buyer = await signedInMember(t);
    const quote = await okBody(buyer.browser.api.listings[':id'].checkout.$get({ param: { id: part.id } }));
    expect(quote).toMatchObject({ shippingCents: null, localPickup: true, held: true });
    expect((await place(buyer, part.id, { delivery: 'ship', address })).body).toMatchObject({
      error: { code: 'DELIVERY_UNAVAILABLE' },
    });
    const id = await placed(buyer, part.id, { delivery: 'pickup' });
    const mine = await okBody(order(buyer, id));
    expect(mine).toMatchObject({ held: true, totalCents: 10000, address: null });
    expect(mine.handoffCode).toMatch(/^\d{6}$/);
    const code = mine.handoffCode!;
    // The seller never sees the code.
    expect((await okBody(order(owner, id))).handoffCode).toBeNull();

    expect((await step(owner, id, 'ready')).body).toMatchObject({ status: 'ready_for_pickup' });
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    const refused = await step(owner, id, 'hand-over', { code: wrong });
    expect(refused.body).toMatchObject({ error: { code: 'HANDOFF_CODE_WRONG' } });
    expect((await step(owner, id, 'hand-over', { code: '12' })).status).toBe(400);
    const handed = await step(owner, id, 'hand-over', { code });
    // Held: nothing is paid out on the hand-off.
    expect(handed.body).toMatchObject({ status: 'picked_up', payout: 'pending' });
    expect((handed.body as { releasesAt: string | null }).releasesAt).not.toBeNull();
    await t.runJobs();
    expect((await okBody(order(owner, id))).payout).toBe('pending');

    clock.advance(7 * 86_400_000 + 60_000);
    await t.runJobs();
    await signInAgain(owner);
    const released = await okBody(order(owner, id));
    expect(released).toMatchObject({ status: 'completed', payout: 'paid' });
    expect(released.timeline.map((event) => event.kind)).toEqual([
      'created',
      'paid',
      'ready_for_pickup',
      'picked_up',
      'completed',
      'paid_out',
    ]);
  });

  it('locks the hand-off after five wrong codes an hour', async () => {
    const owner = await seller();
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const id = await placed(buyer, part.id, { delivery: 'pickup' });
    const code = (await okBody(order(buyer, id))).handoffCode!;
    const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, '0');
    for (let i = 0; i < 5; i++)
      expect((await step(owner, id, 'hand-over', { code: wrong })).status).toBe(400);
    const locked = await step(owner, id, 'hand-over', { code });
    expect(locked.status).toBe(429);
    expect(locked.body).toMatchObject({ error: { code: 'HANDOFF_LOCKED' } });
  });

  it('lets a Gold seller hold payment per listing, and refunds a cancellation in full', async () => {
    const owner = await seller('gold');
    const held = await listing(owner, { holdPayment: true });
    const plain = await listing(owner, { holdPayment: false });
    const buyer = await signedInMember(t);
    const heldQuote = await okBody(
      buyer.browser.api.listings[':id'].checkout.$get({ param: { id: held.id } }),
    );
    const plainQuote = await okBody(
      buyer.browser.api.listings[':id'].checkout.$get({ param: { id: plain.id } }),
    );
    expect([heldQuote.held, plainQuote.held]).toEqual([true, false]);

    const id = await placed(buyer, held.id, { delivery: 'ship', address });
    const cancelled = await step(buyer, id, 'cancel');
    expect(cancelled.body).toMatchObject({ status: 'cancelled', payout: 'none' });
    await t.runJobs();
    const refunded = await okBody(order(buyer, id));
    expect(refunded).toMatchObject({ refunded: true });
    expect(refunded.timeline.map((event) => event.kind)).toEqual([
      'created',
      'paid',
      'cancelled',
      'refunded',
    ]);
    // Back on the market, and bought again by someone else.
    const other = await signedInMember(t);
    await placed(other, held.id, { delivery: 'pickup' });
    // A cancelled order cannot be cancelled again, nor shipped.
    expect((await step(buyer, id, 'cancel')).status).toBe(409);
    expect((await step(owner, id, 'ship', { trackingNumber: UPS })).status).toBe(409);
  });

  it('gives two buyers at the same moment one order, and the other a clear refusal', async () => {
    const owner = await seller();
    const part = await listing(owner);
    const [a, b] = [await signedInMember(t), await signedInMember(t)];
    const answers = await Promise.all([
      place(a, part.id, { delivery: 'pickup' }),
      place(b, part.id, { delivery: 'pickup' }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.status === 409)!.body).toMatchObject({
      error: { code: 'LISTING_PENDING' },
    });
    const rows = await t.database.db.select().from(orders).where(eq(orders.listingId, part.id));
    expect(rows).toHaveLength(1);
  });

  it('charges an accepted offer at its amount', async () => {
    const owner = await seller();
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const made = await okBody(
      buyer.browser.api.listings[':id'].offers.$post({ param: { id: part.id }, json: { amountCents: 8000 } }),
    );
    await owner.browser.api.offers[':id'].answer.$post({
      param: { id: made.id },
      json: { action: 'accept' },
    });
    const quote = await okBody(buyer.browser.api.listings[':id'].checkout.$get({ param: { id: part.id } }));
    expect(quote).toMatchObject({ offerId: made.id, itemCents: 8000 });
    // The conversation offers "Pay now" on the accepted offer, then links the order.
    const thread = () =>
      okBody(buyer.browser.api.conversations[':id'].$get({ param: { id: made.conversationId } }));
    expect(await thread()).toMatchObject({ checkout: true, order: null, offer: { status: 'accepted' } });
    const id = await placed(buyer, part.id, { delivery: 'pickup', offerId: made.id });
    expect((await okBody(order(buyer, id))).itemCents).toBe(8000);
    expect((await thread()).order).toEqual({ id, status: 'paid' });
    // The seller cannot release a listing that was paid for.
    const release = await owner.browser.api.listings[':id'].release.$post({ param: { id: part.id } });
    expect(release.status).toBe(409);
  });

  it('explains bad input on its field, in the member’s language', async () => {
    const owner = await seller();
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const answer = await readAnswer(
      buyer.browser.api.listings[':id'].orders.$post({
        param: { id: part.id },
        json: { delivery: 'ship', address: { ...address, state: 'Texas', zip: '7870' } },
      }),
    );
    expectStatus(answer, 400);
    expect(answer.body).toMatchObject({
      error: {
        code: 'VALIDATION_ERROR',
        fields: { 'address.state': expect.any(String), 'address.zip': expect.any(String) },
      },
    });
    // Nothing was placed: the listing is still for sale.
    const detail = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: part.id } }));
    expect(detail.pending).toBeUndefined();
  });

  it('settles the open orders of a member who is suspended or deleted: refunded before shipping, released after', async () => {
    const owner = await seller('platinum');
    const unshipped = await listing(owner);
    const sent = await listing(owner);
    const first = await signedInMember(t);
    const second = await signedInMember(t);
    const waiting = await placed(first, unshipped.id, { delivery: 'ship', address });
    const travelling = await placed(second, sent.id, { delivery: 'ship', address });
    expect((await step(owner, travelling, 'ship', { trackingNumber: UPS })).status).toBe(200);

    // The seller is suspended: what they never sent is refunded; what is on its way goes on.
    await t.database.db.transaction((tx) =>
      suspendMember(tx, owner.id, null, 'Selling counterfeit parts', clock.now()),
    );
    await t.runJobs();
    const refunded = await t.database.db.select().from(orders).where(eq(orders.id, waiting));
    expect(refunded[0]).toMatchObject({ status: 'cancelled', refund: 'refunded' });
    const onItsWay = (await t.database.db.select().from(orders).where(eq(orders.id, travelling)))[0]!;
    expect(onItsWay).toMatchObject({ status: 'delivered', payout: 'pending' });
    expect(onItsWay.deliveredAt).not.toBeNull();
    // The buyer can still confirm receipt, which releases the held payment; nobody waits on the seller.
    expect((await step(second, travelling, 'confirm')).body).toMatchObject({ status: 'completed' });
    expect((await okBody(order(first, waiting))).timeline.map((event) => event.kind)).toEqual([
      'created',
      'paid',
      'cancelled',
      'refunded',
    ]);

    // A buyer deletes their account with a paid pickup waiting: refunded, the listing free again.
    const other = await seller();
    const part = await listing(other);
    const leaving = await signedInMember(t);
    const id = await placed(leaving, part.id, { delivery: 'pickup' });
    expect(await deleteMember(t.database.db, t.storage, leaving.id, clock.now())).toBe(leaving.email);
    await t.runJobs();
    expect((await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]).toMatchObject({
      status: 'cancelled',
      refund: 'refunded',
    });
    const again = await okBody(other.browser.api.listings[':id'].$get({ param: { id: part.id } }));
    expect(again.pending).toBeUndefined();
    expect(again.checkout.offered).toBe(true);
  });
});
