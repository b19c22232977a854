import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { listings, moderationActions, orders, users } from '@server/db/schema';
import type { Order } from '@common/schemas/orders';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { okBody } from '../../../test/test-browser';
import { signInAgain, signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { uploadTestPhoto } from '../../../test/photos';
import { testClock } from '../../../test/clock';

// Returns, the fit guarantee, disputes on the moderation desk and referral commissions, in demo mode
// (docs/payments.md). The Stripe side of the same money is in orders-stripe.test.ts.

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
const DAY = 86_400_000;
const address = { name: 'Sam Rivera', line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };
const UPS = '1Z879E930346834440';

async function seller(plan: 'bronze' | 'gold' | 'platinum' = 'bronze') {
  const member = await signedInMember(t, { plan });
  await member.browser.api.payouts.connect.$post();
  return member;
}

async function listing(owner: Member, extra: Record<string, unknown> = {}) {
  return okBody(
    owner.browser.api.listings.$post({
      json: { ...partInput('Supra turbo manifold'), priceCents: 10000, shippingCents: 1500, ...extra },
    }),
  );
}

async function admin() {
  const member = await signedInMember(t, { firstName: 'Ada', lastName: 'Mod' });
  await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, member.id));
  return member;
}

const post = (member: Member, path: string, json: unknown = {}) => member.browser.request('POST', path, json);
const step = (member: Member, id: string, name: string, json?: unknown) =>
  post(member, `/api/orders/${id}/${name}`, json);
const order = async (member: Member, id: string) =>
  (await member.browser.request('GET', `/api/orders/${id}`)).body as Order;
const code = (answer: { body: unknown }) => (answer.body as { error?: { code: string } }).error?.code;
const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;

/** A paid order, shipped and delivered: the buyer has the part and 7 days to ask for a return. */
async function delivered(owner: Member, buyer: Member, listingId: string) {
  const placed = await post(buyer, `/api/listings/${listingId}/orders`, { delivery: 'ship', address });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const id = (placed.body as { orderId: string }).orderId;
  expect((await step(owner, id, 'ship', { trackingNumber: UPS })).status).toBe(200);
  expect((await step(owner, id, 'delivered')).status).toBe(200);
  return id;
}

describe('returns within 7 days', () => {
  it('refunds an accepted return in full once the part is back, holding the payment meanwhile', async () => {
    const owner = await seller('platinum');
    const part = await listing(owner, { acceptsReturns: true });
    const buyer = await signedInMember(t);
    const id = await delivered(owner, buyer, part.id);
    const before = await order(buyer, id);
    expect(before).toMatchObject({ returnsAccepted: true, fitVehicle: null, held: true });
    expect(before.actions).toContain('request_return');
    expect(before.returnUntil).not.toBeNull();

    // Only the buyer asks; their photos must be their own uploads.
    expect(code(await step(owner, id, 'return', { reason: 'damaged', details: 'Cracked flange' }))).toBe(
      'ORDER_NOT_YOURS',
    );
    const theirs = await uploadTestPhoto(t, owner.browser);
    const notMine = await step(buyer, id, 'return', { reason: 'damaged', details: 'x', photos: [theirs] });
    expect(notMine.status).toBe(400);
    expect((await step(buyer, id, 'return', { reason: 'lost', details: 'x' })).status).toBe(400);
    const photo = await uploadTestPhoto(t, buyer.browser);
    const asked = await step(buyer, id, 'return', {
      reason: 'damaged',
      details: 'Cracked flange',
      photos: [photo],
    });
    expect(asked.body).toMatchObject({
      return: { status: 'requested', reason: 'damaged', guaranteed: false },
      nextStep: { action: 'answer_return', by: 'seller' },
    });
    expect((asked.body as Order).return!.photos).toHaveLength(1);
    expect(code(await step(buyer, id, 'return', { reason: 'damaged', details: 'again' }))).toBe(
      'RETURN_EXISTS',
    );
    // Confirming receipt waits while the return is open.
    expect(code(await step(buyer, id, 'confirm'))).toBe('ORDER_CASE_OPEN');
    expect((await order(owner, id)).actions).toContain('answer_return');
    expect(code(await step(buyer, id, 'return/answer', { answer: 'accept' }))).toBe('ORDER_NOT_YOURS');
    expect((await step(owner, id, 'return/answer', { answer: 'refuse' })).status).toBe(400);
    expect((await step(owner, id, 'return/answer', { answer: 'accept' })).body).toMatchObject({
      return: { status: 'accepted' },
      nextStep: { action: 'send_return', by: 'buyer' },
    });
    expect(code(await step(buyer, id, 'return/shipment', { trackingNumber: '123' }))).toBe(
      'TRACKING_INVALID',
    );
    expect((await step(buyer, id, 'return/shipment', { trackingNumber: UPS })).body).toMatchObject({
      return: { status: 'sent', trackingNumber: UPS, carrier: 'UPS' },
    });

    // Past the 7 days after delivery: the held payment is not released while the return is open.
    clock.advance(8 * DAY);
    await t.runJobs();
    await signInAgain(owner);
    await signInAgain(buyer);
    expect(await row(id)).toMatchObject({ status: 'delivered', payout: 'pending' });

    const back = await step(owner, id, 'return/received');
    expect(back.body).toMatchObject({ status: 'refunded', payout: 'none', return: { status: 'received' } });
    await t.runJobs();
    const refunded = await order(buyer, id);
    expect(refunded).toMatchObject({ refunded: true, refundCents: 11500 });
    expect(refunded.timeline.map((event) => event.kind)).toEqual([
      'created',
      'paid',
      'shipped',
      'delivered',
      'return_requested',
      'return_accepted',
      'return_sent',
      'return_received',
      'refunded',
    ]);
    // The listing is for sale again.
    const [relisted] = await t.database.db.select().from(listings).where(eq(listings.id, part.id));
    expect(relisted).toMatchObject({ isSold: false, pendingBuyerId: null });
    expect((await t.mailTo(owner.email)).some((mail) => mail.subject.includes('Supra turbo manifold'))).toBe(
      true,
    );
  });

  it('refuses a return after 7 days, on a listing without returns, and from anyone but its members', async () => {
    const owner = await seller();
    const returnable = await listing(owner, { acceptsReturns: true });
    const noReturns = await listing(owner);
    const buyer = await signedInMember(t);
    const late = await delivered(owner, buyer, returnable.id);
    const firm = await delivered(owner, buyer, noReturns.id);

    const stranger = await signedInMember(t);
    expect((await step(stranger, late, 'return', { reason: 'damaged', details: 'x' })).status).toBe(404);
    expect(code(await step(buyer, firm, 'return', { reason: 'changed_mind', details: 'x' }))).toBe(
      'RETURNS_NOT_ACCEPTED',
    );
    // Without a fit claimed at checkout, "doesn't fit" is no exception.
    expect(code(await step(buyer, firm, 'return', { reason: 'doesnt_fit', details: 'x' }))).toBe(
      'RETURNS_NOT_ACCEPTED',
    );
    expect((await order(buyer, firm)).actions).not.toContain('request_return');

    clock.advance(7 * DAY + 60_000);
    await signInAgain(buyer);
    expect(code(await step(buyer, late, 'return', { reason: 'changed_mind', details: 'x' }))).toBe(
      'RETURN_WINDOW_CLOSED',
    );
  });

  it('accepts a return the seller leaves unanswered for 3 days, and gives 3 days to dispute a refused one', async () => {
    const owner = await seller('platinum');
    const part = await listing(owner, { acceptsReturns: true });
    const second = await listing(owner, { acceptsReturns: true });
    const buyer = await signedInMember(t);
    const silent = await delivered(owner, buyer, part.id);
    const refused = await delivered(owner, buyer, second.id);
    await step(buyer, silent, 'return', { reason: 'not_as_described', details: 'Wrong flange' });
    await step(buyer, refused, 'return', { reason: 'changed_mind', details: 'Sold the car' });
    const no = await step(owner, refused, 'return/answer', {
      answer: 'refuse',
      note: 'Used parts are final',
    });
    expect(no.body).toMatchObject({ return: { status: 'refused', refusal: 'Used parts are final' } });
    expect((no.body as Order).actions).toContain('open_dispute');

    clock.advance(3 * DAY + 60_000);
    await t.runJobs();
    expect(
      (await t.database.db.query.orderReturns.findFirst({ where: (r, { eq: is }) => is(r.orderId, silent) }))
        ?.status,
    ).toBe('accepted');
    // The refused one: 7 days after delivery it would complete, but not before 3 days after the refusal.
    clock.advance(4 * DAY);
    await t.runJobs();
    expect((await row(refused)).status).toBe('completed');
    expect((await row(silent)).status).toBe('delivered');
  });

  it('always accepts "doesn’t fit" when the listing claimed to fit the buyer’s vehicle (the fit guarantee)', async () => {
    const owner = await seller();
    const part = await listing(owner, { make: 'Toyota', model: 'Supra', yearStart: 1993, yearEnd: 1998 });
    const buyer = await signedInMember(t);
    await buyer.browser.api.vehicles.$post({
      json: { licensePlate: 'JZA80', make: 'Toyota', model: 'Supra', year: 1994 },
    });
    const quote = await okBody(buyer.browser.api.listings[':id'].checkout.$get({ param: { id: part.id } }));
    expect(quote).toMatchObject({
      returnsAccepted: false,
      fitVehicle: { label: expect.stringContaining('Supra') },
    });
    const id = await delivered(owner, buyer, part.id);
    expect((await order(buyer, id)).fitVehicle).toMatchObject({ label: expect.stringContaining('1994') });

    expect(code(await step(buyer, id, 'return', { reason: 'changed_mind', details: 'x' }))).toBe(
      'RETURNS_NOT_ACCEPTED',
    );
    const fits = await step(buyer, id, 'return', {
      reason: 'doesnt_fit',
      details: 'Flange is the wrong size',
    });
    expect(fits.body).toMatchObject({ return: { status: 'accepted', guaranteed: true } });
    // The seller cannot refuse it.
    expect(code(await step(owner, id, 'return/answer', { answer: 'refuse', note: 'No' }))).toBe(
      'RETURN_STATE',
    );
  });
});

describe('disputes on the moderation desk', () => {
  it('freezes the payout, and the desk decides a partial refund that comes out of the seller’s share', async () => {
    const owner = await seller('bronze');
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const placed = await post(buyer, `/api/listings/${part.id}/orders`, { delivery: 'ship', address });
    const id = (placed.body as { orderId: string }).orderId;
    const photo = await uploadTestPhoto(t, buyer.browser);
    const opened = await step(buyer, id, 'dispute', {
      body: 'The seller stopped answering',
      photos: [photo],
    });
    expect(opened.body).toMatchObject({ frozen: true, dispute: { openedBy: 'buyer', status: 'open' } });
    expect(code(await step(owner, id, 'dispute', { body: 'Me too' }))).toBe('DISPUTE_EXISTS');
    await step(owner, id, 'dispute/entries', { body: 'Shipping today, here is the label' });
    // Shipping a Bronze seller's order pays them at once, but not while it is frozen.
    expect((await step(owner, id, 'ship', { trackingNumber: UPS })).body).toMatchObject({
      payout: 'pending',
    });

    const desk = await admin();
    expect((await desk.browser.request('GET', '/api/admin/disputes')).body).toMatchObject({
      items: expect.arrayContaining([expect.objectContaining({ orderId: id, openedBy: 'buyer' })]),
    });
    const disputeId = (await order(buyer, id)).dispute!.id;
    const seen = await desk.browser.request('GET', `/api/admin/disputes/${disputeId}`);
    expect(seen.body).toMatchObject({
      order: { id, role: 'moderator', dispute: { entries: [{ side: 'buyer' }, { side: 'seller' }] } },
    });
    const decision = `/api/admin/disputes/${disputeId}/decision`;
    // Only a moderator decides.
    expect((await post(buyer, decision, { outcome: 'release', note: 'x' })).status).toBe(403);
    expect(
      code(await post(desk, decision, { outcome: 'refund_partial', refundCents: 11500, note: 'x' })),
    ).toBe('REFUND_TOO_LARGE');
    expect((await post(desk, decision, { outcome: 'refund_partial', note: 'x' })).status).toBe(400);
    const before = (await t.mailTo(owner.email)).length;
    const decided = await post(desk, decision, {
      outcome: 'refund_partial',
      refundCents: 3000,
      note: 'Shipped late: $30 back to the buyer',
    });
    expect(decided.body).toMatchObject({
      status: 'completed',
      frozen: false,
      dispute: { outcome: 'refund_partial' },
    });
    expect(code(await post(desk, decision, { outcome: 'release', note: 'again' }))).toBe('DISPUTE_CLOSED');
    await t.runJobs();
    const settled = await row(id);
    expect(settled).toMatchObject({ refund: 'refunded', refundCents: 3000, payout: 'paid' });
    expect(settled.transferCents).toBe(settled.payoutCents - 3000);
    const [audit] = await t.database.db
      .select()
      .from(moderationActions)
      .where(eq(moderationActions.targetId, id))
      .orderBy(desc(moderationActions.id));
    expect(audit).toMatchObject({ action: 'decide-dispute', kind: 'order', adminId: desk.id });
    expect(audit!.reason).toContain('$30 back');
    // Both sides are told, by email too.
    expect((await t.mailTo(owner.email)).length).toBeGreaterThan(before);
    expect((await order(buyer, id)).dispute!.entries.at(-1)).toMatchObject({ side: 'moderator' });
  });

  it('takes back a seller’s payout when the desk refunds in full after they were paid', async () => {
    const owner = await seller('bronze');
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const id = await delivered(owner, buyer, part.id);
    await t.runJobs();
    expect((await row(id)).payout).toBe('paid');
    await step(owner, id, 'dispute', { body: 'The buyer says it never came; it did' });
    const desk = await admin();
    const disputeId = (await order(owner, id)).dispute!.id;
    const decided = await post(desk, `/api/admin/disputes/${disputeId}/decision`, {
      outcome: 'refund_full',
      note: 'Carrier confirms it was lost',
    });
    expect(decided.body).toMatchObject({ status: 'refunded' });
    await t.runJobs();
    const taken = await row(id);
    expect(taken).toMatchObject({ refund: 'refunded', reversalCents: taken.transferCents });
  });

  it('opens no dispute on a completed order', async () => {
    const owner = await seller();
    const part = await listing(owner);
    const buyer = await signedInMember(t);
    const id = await delivered(owner, buyer, part.id);
    await step(buyer, id, 'confirm');
    expect(code(await step(buyer, id, 'dispute', { body: 'Too late' }))).toBe('ORDER_STATE');
  });
});

describe('referral commissions', () => {
  it('pays the referrer the seller’s amount when the order completes, once they connect payouts', async () => {
    const owner = await seller('gold');
    expect(
      (await post(owner, '/api/listings', { ...partInput('x'), referralAmountCents: 1500 })).body,
    ).toMatchObject({
      error: { fields: { referralAmountCents: 'A referral amount must be 2% to 10% of the price.' } },
    });
    const part = await listing(owner, { referralAmountCents: 500 });
    expect(code(await post(owner, `/api/listings/${part.id}/referral-link`))).toBe('REFERRAL_OWN_LISTING');
    const plain = await listing(owner);
    const referrer = await signedInMember(t);
    expect(code(await post(referrer, `/api/listings/${plain.id}/referral-link`))).toBe(
      'REFERRAL_NOT_OFFERED',
    );
    const link = (await post(referrer, `/api/listings/${part.id}/referral-link`)).body as {
      code: string;
      url: string;
    };
    expect(link.url).toMatch(/\/r\/[A-Za-z0-9]{10}$/);
    expect(link.url).not.toContain(referrer.id);
    expect(
      ((await post(referrer, `/api/listings/${part.id}/referral-link`)).body as { code: string }).code,
    ).toBe(link.code);

    const buyer = await signedInMember(t);
    expect((await post(buyer, `/api/referrals/${link.code}/visit`)).body).toEqual({ listingId: part.id });
    const id = await delivered(owner, buyer, part.id);
    expect(await order(owner, id)).toMatchObject({ referralCents: 500, referral: 'pending' });
    expect(await order(buyer, id)).toMatchObject({ referralCents: 0 });
    await step(buyer, id, 'confirm');
    await t.runJobs();
    expect((await row(id)).referral).toBe('owed');
    expect((await referrer.browser.request('GET', '/api/referrals')).body).toMatchObject({
      owedCents: 500,
      paidCents: 0,
      items: [{ orderId: id, amountCents: 500, state: 'owed' }],
    });
    const paid = await row(id);
    expect(paid.transferCents).toBe(paid.payoutCents - 500);

    await referrer.browser.api.payouts.connect.$post();
    await t.runJobs();
    expect((await referrer.browser.request('GET', '/api/referrals')).body).toMatchObject({
      paidCents: 500,
      owedCents: 0,
    });
    expect((await order(owner, id)).timeline.map((event) => event.kind)).toContain('referral_paid');
  });

  it('credits no one for one’s own link, another listing’s link, a stale or forged visit', async () => {
    const owner = await seller();
    const part = await listing(owner, { referralAmountCents: 300 });
    const other = await listing(owner, { referralAmountCents: 300 });
    const self = await signedInMember(t);
    const own = (await post(self, `/api/listings/${part.id}/referral-link`)).body as { code: string };
    await post(self, `/api/referrals/${own.code}/visit`);
    const mine = await delivered(owner, self, part.id);
    expect((await row(mine)).referral).toBe('none');

    const referrer = await signedInMember(t);
    const elsewhere = (await post(referrer, `/api/listings/${part.id}/referral-link`)).body as {
      code: string;
    };
    const buyer = await signedInMember(t);
    await post(buyer, `/api/referrals/${elsewhere.code}/visit`);
    expect((await row(await delivered(owner, buyer, other.id))).referral).toBe('none');

    const another = await listing(owner, { referralAmountCents: 300 });
    const late = (await post(referrer, `/api/listings/${another.id}/referral-link`)).body as { code: string };
    const slow = await signedInMember(t);
    await post(slow, `/api/referrals/${late.code}/visit`);
    clock.advance(31 * DAY);
    await signInAgain(slow);
    await signInAgain(owner);
    expect((await row(await delivered(owner, slow, another.id))).referral).toBe('none');

    const forged = await signedInMember(t);
    const fourth = await listing(owner, { referralAmountCents: 300 });
    const code4 = (await post(referrer, `/api/listings/${fourth.id}/referral-link`)).body as { code: string };
    await post(forged, `/api/referrals/${code4.code}/visit`);
    for (const [name, value] of forged.browser.cookies)
      if (name.endsWith('mm_ref')) forged.browser.cookies.set(name, value.replace(/\.\d+\./, '.9999999999.'));
    expect((await row(await delivered(owner, forged, fourth.id))).referral).toBe('none');
    expect((await post(forged, '/api/referrals/abc/visit')).status).toBe(404);
    expect((await post(forged, '/api/referrals/AAAAAAAAAA/visit')).status).toBe(404);
  });
});
