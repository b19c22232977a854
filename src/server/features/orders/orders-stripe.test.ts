import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { startStripeStandin, type StripeStandin } from '../../../../scripts/stripe-standin.mjs';
import { orderEvents, orders, users } from '@server/db/schema';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { failureBody, okBody } from '../../../test/test-browser';
import { signedInMember } from '../../../test/members';
import { partInput } from '../../../test/listings';
import { ORDER_JOBS } from './orders.service';

/**
 * Orders through Stripe (docs/payments.md), against the stand-in (scripts/stripe-standin.mjs): Connect
 * onboarding kept current by Connect's own signed events, Checkout in payment mode, transfers and
 * refunds; every event applied once and never backwards, whatever order it arrives in; nothing paid
 * out or refunded twice across retries and a crash between Stripe's answer and its record; and the
 * hourly reconciliation putting differences on the moderation desk.
 */
let t: TestApp;
let stripe: StripeStandin;
const UPS = '1Z879E930346834440';
const address = { name: 'Sam Rivera', line1: '1 Main St', city: 'Austin', state: 'tx', zip: '78701' };

beforeAll(async () => {
  stripe = await startStripeStandin({
    webhookSecret: 'whsec_platform',
    connectWebhookSecret: 'whsec_connect',
    deliver: async (payload, signature) =>
      (
        await t.app.request('/api/billing/webhook', {
          method: 'POST',
          headers: { 'stripe-signature': signature },
          body: payload,
        })
      ).status,
  });
  t = await createTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_modmarket',
      STRIPE_WEBHOOK_SECRET: 'whsec_platform',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
      STRIPE_PRICE_GOLD: 'price_gold',
      STRIPE_PRICE_PLATINUM: 'price_platinum',
    },
    stripeClient: new Stripe('sk_test_modmarket', {
      host: '127.0.0.1',
      port: stripe.port,
      protocol: 'http',
      maxNetworkRetries: 0,
    }),
  });
});
afterAll(async () => {
  await t?.close();
  await stripe?.close();
});

type Member = Awaited<ReturnType<typeof signedInMember>>;

const row = async (id: string) => (await t.database.db.select().from(orders).where(eq(orders.id, id)))[0]!;
const sessionOf = (payUrl: string) => /\/c\/pay\/([\w-]+)$/.exec(payUrl)![1]!;
const step = (member: Member, id: string, name: string, json: unknown = {}) =>
  member.browser.request('POST', `/api/orders/${id}/${name}`, json);

/** A seller through Connect's onboarding: pending until Stripe's account.updated says ready. */
async function connectedSeller(plan: 'bronze' | 'gold' | 'platinum' = 'bronze') {
  const seller = await signedInMember(t, { plan });
  const { url } = await okBody(seller.browser.api.payouts.connect.$post());
  const accountId = /\/connect\/onboard\/([\w-]+)\?/.exec(url!)![1]!;
  expect((await okBody(seller.browser.api.payouts.$get())).state).toBe('pending');
  expect(await stripe.onboard(accountId)).toBe(200);
  expect((await okBody(seller.browser.api.payouts.$get())).state).toBe('ready');
  return { ...seller, accountId };
}

async function listing(owner: Member, priceCents = 20000) {
  return okBody(
    owner.browser.api.listings.$post({
      json: { ...partInput('Brembo calipers'), priceCents, shippingCents: 2000 },
    }),
  );
}

/** The buyer places an order and pays at the stand-in's Checkout. */
async function boughtAndPaid(buyer: Member, listingId: string, delivery: 'ship' | 'pickup' = 'ship') {
  const placed = await buyer.browser.request(
    'POST',
    `/api/listings/${listingId}/orders`,
    delivery === 'ship' ? { delivery, address } : { delivery },
  );
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const { orderId, payUrl } = placed.body as { orderId: string; payUrl: string };
  expect(payUrl).toContain(`${stripe.origin}/c/pay/`);
  expect((await row(orderId)).status).toBe('awaiting_payment');
  expect(await stripe.pay(sessionOf(payUrl))).toBe(200);
  return { orderId, session: sessionOf(payUrl) };
}

describe('orders through Stripe Connect', () => {
  it('keeps a seller’s payouts current from Connect’s events, never from a stale one', async () => {
    const seller = await connectedSeller();
    const account = stripe.objects.accounts.get(seller.accountId)!;
    expect(account).toMatchObject({ email: seller.email });
    // A stale "not ready" (made before the one applied, arriving after) changes nothing.
    const stale = {
      id: seller.accountId,
      object: 'account',
      charges_enabled: false,
      payouts_enabled: false,
      details_submitted: false,
    };
    const before = Math.floor(Date.now() / 1000) - 60;
    expect(await stripe.emit('account.updated', stale, { account: seller.accountId, created: before })).toBe(
      200,
    );
    expect((await okBody(seller.browser.api.payouts.$get())).state).toBe('ready');
    // A newer one does: Stripe restricted the account, and checkout stops being offered.
    account.ready = false;
    const later = Math.floor(Date.now() / 1000) + 5;
    await stripe.emit('account.updated', stale, { account: seller.accountId, created: later });
    expect((await okBody(seller.browser.api.payouts.$get())).state).toBe('pending');
    // A forged event (signed with neither secret) is refused.
    const forged = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=00' },
      body: JSON.stringify({ id: 'evt_forged', type: 'account.updated', data: { object: account } }),
    });
    expect(forged.status).toBe(400);
  });

  it('charges at Checkout once, pays a Bronze seller on shipment once, whatever is retried or replayed', async () => {
    const seller = await connectedSeller('bronze');
    const part = await listing(seller);
    const buyer = await signedInMember(t);
    const rival = await signedInMember(t);
    const checkoutsBefore = stripe.calls.filter((call) => call === 'POST /v1/checkout/sessions').length;
    const { orderId, session } = await boughtAndPaid(buyer, part.id);
    const order = await row(orderId);
    expect(order).toMatchObject({ status: 'paid', itemCents: 20000, shippingCents: 2000, totalCents: 22000 });
    expect(stripe.objects.sessions.get(session)).toMatchObject({ amountTotal: 22000 });
    expect(order.paymentIntentId).toMatch(/^pi_/);
    // The listing is pending for everyone: a second buyer is refused and never reaches Stripe.
    const refused = await rival.browser.request('POST', `/api/listings/${part.id}/orders`, {
      delivery: 'pickup',
    });
    expect(refused.status).toBe(409);
    expect(stripe.calls.filter((call) => call === 'POST /v1/checkout/sessions').length).toBe(
      checkoutsBefore + 1,
    );

    // Stripe delivers the payment's event again: recorded once, nothing changes.
    const paidEvent = stripe.events.findLast((event) => event.type === 'checkout.session.completed')!;
    expect(await stripe.redeliver(paidEvent.id)).toBe(200);
    const timeline = await t.database.db.select().from(orderEvents).where(eq(orderEvents.orderId, orderId));
    expect(timeline.filter((event) => event.kind === 'paid')).toHaveLength(1);
    // A late "expired" for the same checkout does not move the paid order back.
    await stripe.emit('checkout.session.expired', { ...paidEvent.data.object, status: 'expired' });
    expect((await row(orderId)).status).toBe('paid');

    expect((await step(seller, orderId, 'ship', { trackingNumber: UPS })).status).toBe(200);
    await t.runJobs();
    const shipped = await row(orderId);
    expect(shipped).toMatchObject({ payout: 'paid' });
    const transfers = stripe.ledger().transfers.filter((transfer) => transfer.orderId === orderId);
    expect(transfers).toEqual([
      {
        id: shipped.transferId,
        orderId,
        amount: shipped.payoutCents,
        reversed: 0,
        kind: 'payout',
        destination: seller.accountId,
      },
    ]);
    expect(stripe.objects.transfers.get(shipped.transferId!)).toMatchObject({
      source_transaction: expect.stringMatching(/^ch_/),
      transfer_group: orderId,
    });

    // A crash after Stripe made the transfer and before it was recorded: the retried job asks again
    // with the same idempotency key, gets the same transfer, and records it; no second transfer.
    await t.database.db.update(orders).set({ payout: 'due', transferId: null }).where(eq(orders.id, orderId));
    await t.app.jobHandlers[ORDER_JOBS.payout]!({ orderId }, {} as never);
    await t.app.jobHandlers[ORDER_JOBS.payout]!({ orderId }, {} as never);
    expect(stripe.ledger().transfers.filter((transfer) => transfer.orderId === orderId)).toHaveLength(1);
    expect(await row(orderId)).toMatchObject({ payout: 'paid', transferId: shipped.transferId });
  });

  it('holds a Platinum seller’s payment until the buyer confirms receipt', async () => {
    const seller = await connectedSeller('platinum');
    const part = await listing(seller);
    const buyer = await signedInMember(t);
    const { orderId } = await boughtAndPaid(buyer, part.id);
    expect((await step(seller, orderId, 'ship', { trackingNumber: UPS })).status).toBe(200);
    await t.runJobs();
    expect((await row(orderId)).payout).toBe('pending');
    expect(stripe.ledger().transfers.filter((transfer) => transfer.orderId === orderId)).toEqual([]);
    expect((await step(buyer, orderId, 'confirm')).status).toBe(200);
    await t.runJobs();
    const done = await row(orderId);
    expect(done).toMatchObject({ status: 'completed', payout: 'paid' });
    expect(stripe.ledger().transfers.filter((transfer) => transfer.orderId === orderId)).toHaveLength(1);
  });

  it('refunds a cancelled order in full, once, and a payment that arrives after the buyer let it go', async () => {
    const seller = await connectedSeller();
    const part = await listing(seller);
    const buyer = await signedInMember(t);
    const { orderId } = await boughtAndPaid(buyer, part.id, 'pickup');
    expect((await step(seller, orderId, 'cancel')).status).toBe(200);
    await t.runJobs();
    const cancelled = await row(orderId);
    expect(cancelled).toMatchObject({ status: 'cancelled', refund: 'refunded' });
    expect(stripe.ledger().refunds.filter((refund) => refund.orderId === orderId)).toEqual([
      { id: cancelled.refundId, orderId, amount: 20000, paymentIntent: cancelled.paymentIntentId },
    ]);
    // A crash before the refund was recorded: the retry gets the same refund from Stripe.
    await t.database.db.update(orders).set({ refund: 'due', refundId: null }).where(eq(orders.id, orderId));
    await t.app.jobHandlers[ORDER_JOBS.refund]!({ orderId }, {} as never);
    expect(stripe.ledger().refunds.filter((refund) => refund.orderId === orderId)).toHaveLength(1);
    expect((await row(orderId)).refundId).toBe(cancelled.refundId);

    // Out of order: the buyer pays at Stripe, then cancels here before Stripe's event arrives; the
    // payment's event lands on a cancelled order and is refunded in full, the listing stays free.
    const second = await listing(seller, 5000);
    const placed = await buyer.browser.request('POST', `/api/listings/${second.id}/orders`, {
      delivery: 'pickup',
    });
    const { orderId: lateId, payUrl } = placed.body as { orderId: string; payUrl: string };
    stripe.hold();
    await stripe.pay(sessionOf(payUrl));
    expect((await step(buyer, lateId, 'cancel')).status).toBe(200);
    expect((await row(lateId)).status).toBe('cancelled');
    expect(await stripe.release()).toEqual([200]);
    await t.runJobs();
    const late = await row(lateId);
    expect(late).toMatchObject({ status: 'cancelled', refund: 'refunded' });
    expect(stripe.ledger().refunds.filter((refund) => refund.orderId === lateId)).toMatchObject([
      { amount: 5000 },
    ]);
    const relisted = await okBody(buyer.browser.api.listings[':id'].$get({ param: { id: second.id } }));
    expect(relisted.checkout.offered).toBe(true);
  });

  it('expires an abandoned checkout at Stripe, and events arriving in reverse still end where Stripe is', async () => {
    const seller = await connectedSeller();
    const part = await listing(seller, 3000);
    const buyer = await signedInMember(t);
    const placed = await buyer.browser.request('POST', `/api/listings/${part.id}/orders`, {
      delivery: 'pickup',
    });
    const { orderId, payUrl } = placed.body as { orderId: string; payUrl: string };
    // Back to Stripe's page while it waits.
    expect(await okBody(buyer.browser.api.orders[':id'].pay.$post({ param: { id: orderId } }))).toEqual({
      url: payUrl,
    });
    stripe.hold();
    expect((await step(buyer, orderId, 'cancel')).status).toBe(200);
    expect(stripe.objects.sessions.get(sessionOf(payUrl))).toMatchObject({ status: 'expired' });
    // The expiry's event, then a replay of it, delivered in reverse: nothing moves, nothing is charged.
    const expired = stripe.events.at(-1)!;
    expect(expired.type).toBe('checkout.session.expired');
    await stripe.emit(expired.type, expired.data.object);
    expect(await stripe.release({ reverse: true })).toEqual([200, 200]);
    expect(await row(orderId)).toMatchObject({ status: 'cancelled', refund: null, paymentIntentId: null });
    expect(
      (await failureBody(buyer.browser.api.orders[':id'].pay.$post({ param: { id: orderId } }))).error.code,
    ).toBe('ORDER_STATE');
  });

  it('puts what differs from Stripe’s record on the moderation desk, once, until resolved', async () => {
    expect(await t.app.reconcilePayments()).toBe(0);
    const seller = await connectedSeller();
    const part = await listing(seller);
    const buyer = await signedInMember(t);
    const { orderId } = await boughtAndPaid(buyer, part.id);
    expect((await step(seller, orderId, 'ship', { trackingNumber: UPS })).status).toBe(200);
    await t.runJobs();
    const shipped = await row(orderId);
    expect(await t.app.reconcilePayments()).toBe(0);

    // Stripe has a second transfer for the order that ModMarket never made, and has lost the first.
    const platform = new Stripe('sk_test_other', { host: '127.0.0.1', port: stripe.port, protocol: 'http' });
    const extra = await platform.transfers.create({
      amount: 999,
      currency: 'usd',
      destination: seller.accountId,
      metadata: { orderId },
    });
    stripe.objects.transfers.delete(shipped.transferId!);
    expect(await t.app.reconcilePayments()).toBe(2);
    expect(await t.app.reconcilePayments()).toBe(0);

    const moderator = await signedInMember(t);
    expect((await moderator.browser.api.admin.payments.$get({ query: {} })).status).toBe(403);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, moderator.id));
    const desk = await okBody(moderator.browser.api.admin.payments.$get({ query: {} }));
    expect(desk.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'payout_unrecorded',
          orderId,
          stripeId: extra.id,
          stripeCents: 999,
          listingTitle: 'Brembo calipers',
        }),
        expect.objectContaining({
          kind: 'payout_missing',
          orderId,
          stripeId: shipped.transferId,
          expectedCents: shipped.payoutCents,
          stripeCents: null,
        }),
      ]),
    );
    for (const item of desk.items)
      expect(
        (await moderator.browser.api.admin.payments[':id'].resolve.$post({ param: { id: item.id } })).status,
      ).toBe(200);
    expect((await okBody(moderator.browser.api.admin.payments.$get({ query: {} }))).items).toEqual([]);
    // Found again by the next run: resolved stays resolved.
    expect(await t.app.reconcilePayments()).toBe(0);
    const again = await moderator.browser.api.admin.payments[':id'].resolve.$post({
      param: { id: desk.items[0]!.id },
    });
    expect(again.status).toBe(404);
  });

  it('freezes the payout on a card dispute the bank opened, shows it on the desk, and takes back a lost one', async () => {
    const seller = await connectedSeller('bronze');
    const part = await listing(seller);
    const buyer = await signedInMember(t);
    const moderator = await signedInMember(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, moderator.id));

    // Before shipping: the bank's dispute freezes the payout that shipping would have sent.
    const { orderId } = await boughtAndPaid(buyer, part.id);
    expect(await stripe.dispute(orderId)).toBe(200);
    expect(await row(orderId)).toMatchObject({ frozen: true });
    const queue = (await moderator.browser.request('GET', '/api/admin/disputes')).body as {
      items: { id: string; orderId: string; openedBy: string }[];
    };
    const card = queue.items.find((item) => item.orderId === orderId)!;
    expect(card.openedBy).toBe('card');
    const refused = await moderator.browser.request('POST', `/api/admin/disputes/${card.id}/decision`, {
      outcome: 'release',
      note: 'x',
    });
    expect(refused.body).toMatchObject({ error: { code: 'DISPUTE_CARD' } });
    expect((await step(seller, orderId, 'ship', { trackingNumber: UPS })).status).toBe(200);
    await t.runJobs();
    expect((await row(orderId)).payout).toBe('pending');
    expect(stripe.ledger().transfers.filter((transfer) => transfer.orderId === orderId)).toEqual([]);
    // The bank decides for the buyer: refunded by the bank, so ModMarket refunds nothing itself.
    expect(await stripe.dispute(orderId, 'lost')).toBe(200);
    await t.runJobs();
    expect(await row(orderId)).toMatchObject({
      status: 'refunded',
      payout: 'none',
      refund: 'refunded',
      frozen: false,
    });
    expect(stripe.ledger().refunds.filter((refund) => refund.orderId === orderId)).toEqual([]);

    // After the seller was paid: a lost card dispute takes the transfer back, once.
    const second = await listing(seller);
    const paid = await boughtAndPaid(buyer, second.id);
    await step(seller, paid.orderId, 'ship', { trackingNumber: UPS });
    await t.runJobs();
    const shipped = await row(paid.orderId);
    expect(shipped.payout).toBe('paid');
    await stripe.dispute(paid.orderId);
    await stripe.dispute(paid.orderId, 'lost');
    await t.runJobs();
    await t.runJobs();
    expect(stripe.ledger().transfers.filter((transfer) => transfer.orderId === paid.orderId)).toMatchObject([
      { amount: shipped.transferCents, reversed: shipped.transferCents },
    ]);
    expect(await t.app.reconcilePayments()).toBe(0);
  });

  it('refunds the part a dispute decided, pays the seller the rest and the referrer their amount, once each', async () => {
    const seller = await connectedSeller('platinum');
    const part = await okBody(
      seller.browser.api.listings.$post({
        json: {
          ...partInput('Brembo calipers'),
          priceCents: 20000,
          shippingCents: 2000,
          referralAmountCents: 1000,
        },
      }),
    );
    const referrer = await connectedSeller('bronze');
    const link = (await referrer.browser.request('POST', `/api/listings/${part.id}/referral-link`)).body as {
      code: string;
    };
    const buyer = await signedInMember(t);
    await buyer.browser.request('POST', `/api/referrals/${link.code}/visit`);
    const { orderId } = await boughtAndPaid(buyer, part.id);
    await step(seller, orderId, 'ship', { trackingNumber: UPS });
    await step(buyer, orderId, 'dispute', { body: 'One caliper leaks' });
    const moderator = await signedInMember(t);
    await t.database.db.update(users).set({ isAdmin: true }).where(eq(users.id, moderator.id));
    const disputeId = (
      (await step(buyer, orderId, 'dispute/entries', { body: 'Photo to follow' })).body as {
        dispute: { id: string };
      }
    ).dispute.id;
    const decided = await moderator.browser.request('POST', `/api/admin/disputes/${disputeId}/decision`, {
      outcome: 'refund_partial',
      refundCents: 5000,
      note: 'One of two calipers leaks',
    });
    expect(decided.body).toMatchObject({ status: 'completed' });
    await t.runJobs();
    await t.runJobs();
    const settled = await row(orderId);
    expect(settled).toMatchObject({
      payout: 'paid',
      refund: 'refunded',
      referral: 'paid',
      referralCents: 1000,
    });
    const ledger = stripe.ledger();
    expect(
      ledger.refunds.filter((refund) => refund.orderId === orderId).map((refund) => refund.amount),
    ).toEqual([5000]);
    const transfers = ledger.transfers.filter((transfer) => transfer.orderId === orderId);
    expect(transfers).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'payout',
          amount: settled.payoutCents - 5000 - 1000,
          destination: seller.accountId,
        }),
        expect.objectContaining({ kind: 'referral', amount: 1000, destination: referrer.accountId }),
      ]),
    );
    expect(transfers).toHaveLength(2);
    // Jobs run again (a retry, a second worker): nothing moves twice.
    await t.app.jobHandlers[ORDER_JOBS.referral]!({ orderId }, {} as never);
    await t.app.jobHandlers[ORDER_JOBS.payout]!({ orderId }, {} as never);
    expect(stripe.ledger().transfers.filter((transfer) => transfer.orderId === orderId)).toHaveLength(2);
    expect(await t.app.reconcilePayments()).toBe(0);
  });
});
