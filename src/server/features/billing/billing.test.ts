import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ListingInput } from '@common/schemas/listings';
import Stripe from 'stripe';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signInAgain, signedInMember } from '../../../test/members';
import type { TestBrowser } from '../../../test/test-browser';
import { sql } from 'drizzle-orm';
import { ConfigError, loadEnv } from '../../env';
import { housekeeping } from '../../jobs/housekeeping';
import { readAnswer, expectStatus, okBody } from '../../../test/test-browser';

const part = (title: string): ListingInput => ({
  title,
  priceCents: 10000,
  category: 'interior',
  condition: 'good',
  make: 'Ford',
  model: 'Mustang',
});

async function plan(browser: TestBrowser) {
  return (await okBody(browser.api.auth.session.$get())).user?.plan;
}

describe('plans in demo mode (BILLING_DEMO, no Stripe settings)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BILLING_DEMO: 'true' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('switches at once, unlocks AI assist, and says it is a demo', async () => {
    const member = await signedInMember(t);
    const overview = await readAnswer(member.browser.api.billing.$get());
    expect(overview.body).toMatchObject({
      plan: 'bronze',
      mode: 'demo',
      usage: { activeListings: 0, activeListingsLimit: 3, conversationsThisMonth: 0, conversationsLimit: 10 },
      graceUntil: null,
      portal: false,
    });
    const draft = { category: 'interior', make: 'Ford', model: 'Mustang' } as const;
    expect((await member.browser.api.listings['ai-draft'].$post({ json: draft })).status).toBe(403);

    const changed = await readAnswer(member.browser.api.billing.plan.$post({ json: { plan: 'gold' } }));
    expect(changed.body).toEqual({ status: 'changed', plan: 'gold', mode: 'demo' });
    expect(await plan(member.browser)).toBe('gold');
    expect((await member.browser.api.listings['ai-draft'].$post({ json: draft })).status).toBe(200);
    const again = await readAnswer(member.browser.api.billing.plan.$post({ json: { plan: 'gold' } }));
    expectStatus(again, 400);
    expect(again.body).toMatchObject({ error: { code: 'SAME_PLAN' } });
    // A plan the types do not allow.
    expect((await member.browser.request('POST', '/api/billing/plan', { plan: 'diamond' })).status).toBe(400);
    // No Stripe: no billing portal.
    expect((await member.browser.api.billing.portal.$post()).status).toBe(404);
  });

  it('keeps listings over a lower plan live, and holds them back once sold until under the limit', async () => {
    const member = await signedInMember(t, { plan: 'gold' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await okBody(member.browser.api.listings.$post({ json: part(`Shelby seat ${i}`) }))).id);
    // Gold sellers carry the verified badge on their cards; it goes with the plan.
    const before = await okBody(member.browser.api.listings.$get({ query: { search: 'Shelby seat' } }));
    expect(before.items.every((item) => item.sellerVerified)).toBe(true);
    await member.browser.api.billing.plan.$post({ json: { plan: 'bronze' } });
    const overview = await okBody(member.browser.api.billing.$get());
    expect(overview.usage).toMatchObject({ activeListings: 5, activeListingsLimit: 3 });
    const live = await okBody(member.browser.api.listings.$get({ query: { search: 'Shelby seat' } }));
    expect(live.items).toHaveLength(5);
    expect(live.items.some((item) => item.sellerVerified)).toBe(false);

    expect((await member.browser.api.listings.$post({ json: part('One more') })).status).toBe(403);
    await member.browser.api.listings[':id'].status.$patch({
      param: { id: ids[0]! },
      json: { isSold: true },
    });
    const back = await readAnswer(
      member.browser.api.listings[':id'].status.$patch({ param: { id: ids[0]! }, json: { isSold: false } }),
    );
    expectStatus(back, 403);
    expect(back.body).toMatchObject({ error: { code: 'PLAN_LIMIT' } });
    for (const id of ids.slice(1, 3))
      await member.browser.api.listings[':id'].status.$patch({ param: { id: id }, json: { isSold: true } });
    // Two active now: one may come back.
    expect(
      (
        await member.browser.api.listings[':id'].status.$patch({
          param: { id: ids[0]! },
          json: { isSold: false },
        })
      ).status,
    ).toBe(200);
  });
});

describe('plans without a payment provider (no Stripe, no BILLING_DEMO)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { BILLING_DEMO: 'false' } });
  });
  afterAll(async () => {
    await t.close();
  });

  it('says billing is off and refuses every plan change with a translated reason', async () => {
    const member = await signedInMember(t);
    expect(await okBody(member.browser.api.billing.$get())).toMatchObject({
      plan: 'bronze',
      mode: 'off',
      portal: false,
    });
    const refused = await readAnswer(member.browser.api.billing.plan.$post({ json: { plan: 'platinum' } }));
    expectStatus(refused, 503);
    expect(refused.body).toEqual({
      error: {
        code: 'BILLING_UNAVAILABLE',
        message:
          'Paid plans are not available on ModMarket yet: no payment can be taken. Your plan has not changed.',
      },
    });
    const spanish = await readAnswer(
      member.browser.api.billing.plan.$post(
        { json: { plan: 'gold' } },
        { headers: { 'Accept-Language': 'es' } },
      ),
    );
    expect(spanish.body).toMatchObject({
      error: { code: 'BILLING_UNAVAILABLE', message: expect.stringMatching(/^Los planes de pago/) },
    });
    expect(await plan(member.browser)).toBe('bronze');
    const changes = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from plan_changes where user_id = ${member.id}`,
    );
    expect(changes.rows[0]?.n).toBe(0);
  });

  it('refuses BILLING_DEMO in production, naming it', () => {
    const production = {
      NODE_ENV: 'production',
      SECRETS_KEY: 'ab'.repeat(32),
      PUBLIC_URL: 'https://parts.example',
      SMTP_URL: 'smtp://mail:25',
    };
    expect(() => loadEnv({ ...production, BILLING_DEMO: 'true' })).toThrow(ConfigError);
    expect(() => loadEnv({ ...production, BILLING_DEMO: 'yes' })).toThrow(/BILLING_DEMO:/);
    expect(loadEnv(production).BILLING_DEMO).toBe(false);
  });
});

interface StripeCall {
  method: string;
  path: string;
  body: URLSearchParams;
}

describe('plans through Stripe', () => {
  const webhookSecret = 'whsec_test_secret';
  let t: TestApp;
  let standIn: Server;
  const stripeCalls: StripeCall[] = [];
  const signer = new Stripe('sk_test_signer');
  let eventNumber = 0;
  const sign = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return {
      payload,
      // Stripe's own signed test header, over the exact bytes sent.
      header: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    };
  };
  const deliver = async (signed: { payload: string; header: string }) =>
    t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': signed.header },
      body: signed.payload,
    });
  /** Signs and delivers an event, created now unless `created` says when; a new id each time unless one is given. */
  const send = async (
    type: string,
    object: Record<string, unknown>,
    id = `evt_${++eventNumber}`,
    created = Math.floor(Date.now() / 1000),
  ) => deliver(sign({ id, object: 'event', type, created, data: { object } }));

  const checkoutSession = (
    memberId: string,
    options: { plan: string; subscription: string; paymentStatus: string },
  ) => ({
    id: `cs_${options.subscription}`,
    object: 'checkout.session',
    customer: `cus_${options.subscription}`,
    subscription: options.subscription,
    payment_status: options.paymentStatus,
    client_reference_id: memberId,
    metadata: { userId: memberId, plan: options.plan },
  });
  const subscription = (id: string, status: string, price: string) => ({
    id,
    object: 'subscription',
    status,
    customer: `cus_${id}`,
    metadata: {},
    items: { object: 'list', data: [{ id: `si_${id}`, price: { id: price } }] },
  });
  const invoice = (subscriptionId: string, billingReason = 'subscription_cycle') => ({
    id: `in_${++eventNumber}`,
    object: 'invoice',
    customer: `cus_${subscriptionId}`,
    billing_reason: billingReason,
    parent: { type: 'subscription_details', subscription_details: { subscription: subscriptionId } },
  });

  /** A member who paid for a plan through Checkout. */
  async function subscriber(paid: 'gold' | 'platinum', subscriptionId: string) {
    const member = await signedInMember(t);
    const session = checkoutSession(member.id, {
      plan: paid,
      subscription: subscriptionId,
      paymentStatus: 'paid',
    });
    expect((await send('checkout.session.completed', session)).status).toBe(200);
    expect(await plan(member.browser)).toBe(paid);
    return member;
  }

  const planChanges = async (memberId: string, source?: string) =>
    (
      await t.database.db.execute<{ n: number }>(
        sql`select count(*)::int as n from plan_changes where user_id = ${memberId}
          ${source ? sql`and source = ${source}` : sql``}`,
      )
    ).rows[0]?.n;

  beforeAll(async () => {
    // Stands in for api.stripe.com: Checkout Sessions, subscriptions and billing portal sessions.
    standIn = createServer((req, res) => {
      let raw = '';
      req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
      req.on('end', () => {
        const path = (req.url ?? '').split('?')[0] ?? '';
        const body = new URLSearchParams(raw);
        stripeCalls.push({ method: req.method ?? '', path, body });
        res.setHeader('Content-Type', 'application/json');
        const subscriptionId = /^\/v1\/subscriptions\/([\w-]+)$/.exec(path)?.[1];
        if (path === '/v1/checkout/sessions')
          res.end(
            JSON.stringify({
              id: 'cs_test_1',
              object: 'checkout.session',
              url: 'https://checkout.stripe.test/c/pay/cs_test_1',
            }),
          );
        else if (path === '/v1/billing_portal/sessions')
          res.end(
            JSON.stringify({
              id: 'bps_1',
              object: 'billing_portal.session',
              customer: body.get('customer'),
              url: `https://billing.stripe.test/p/session/${body.get('customer')}`,
            }),
          );
        else if (subscriptionId)
          // The subscription as it stands: an update with pending_if_incomplete leaves the price as it
          // was until the invoice is paid, and Stripe says so later, by webhook.
          res.end(
            JSON.stringify({
              id: subscriptionId,
              object: 'subscription',
              status: 'active',
              cancel_at_period_end: body.get('cancel_at_period_end') === 'true',
              items: {
                object: 'list',
                data: [
                  {
                    id: `si_${subscriptionId}`,
                    object: 'subscription_item',
                    price: { id: 'price_gold' },
                    current_period_end: 1_900_000_000,
                  },
                ],
              },
            }),
          );
        else {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: { message: 'not stood in for' } }));
        }
      });
    });
    await new Promise<void>((resolve) => standIn.listen(0, '127.0.0.1', resolve));
    const address = standIn.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_modmarket',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PRICE_GOLD: 'price_gold',
        STRIPE_PRICE_PLATINUM: 'price_platinum',
        BILLING_GRACE_DAYS: '7',
      },
      stripeClient: new Stripe('sk_test_modmarket', { host: '127.0.0.1', port, protocol: 'http' }),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => standIn.close(resolve));
  });

  it('sends the member to Checkout; a paid checkout grants the plan, once; forgeries change nothing', async () => {
    const member = await signedInMember(t);
    expect(await okBody(member.browser.api.billing.$get())).toMatchObject({
      mode: 'stripe',
      portal: false,
    });
    const started = await readAnswer(member.browser.api.billing.plan.$post({ json: { plan: 'gold' } }));
    expect(started.body).toEqual({ status: 'redirect', url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    expect(stripeCalls.map((call) => `${call.method} ${call.path}`)).toContain('POST /v1/checkout/sessions');
    expect(await plan(member.browser)).toBe('bronze');

    const completed = {
      id: 'evt_checkout_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: checkoutSession(member.id, { plan: 'gold', subscription: 'sub_123', paymentStatus: 'paid' }),
      },
    };
    // A forged or altered payload is refused and changes nothing.
    const forged = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': 't=1,v1=deadbeef', 'Content-Type': 'application/json' },
      body: JSON.stringify(completed),
    });
    expect(forged.status).toBe(400);
    const signed = sign(completed);
    const tampered = await deliver({ ...signed, payload: signed.payload.replace('"gold"', '"platinum"') });
    expect(tampered.status).toBe(400);
    expect(await plan(member.browser)).toBe('bronze');

    // Delivered twice (Stripe may): applied once.
    for (let i = 0; i < 2; i++) expect((await deliver(signed)).status).toBe(200);
    expect(await plan(member.browser)).toBe('gold');
    expect(await planChanges(member.id)).toBe(1);

    // The subscription ends: back to Bronze.
    const deleted = await send(
      'customer.subscription.deleted',
      subscription('sub_123', 'canceled', 'price_gold'),
    );
    expect(deleted.status).toBe(200);
    expect(await plan(member.browser)).toBe('bronze');
  });

  it('grants nothing for a checkout completed but not paid, then the plan once the payment succeeds', async () => {
    const member = await signedInMember(t);
    const session = checkoutSession(member.id, {
      plan: 'platinum',
      subscription: 'sub_async_ok',
      paymentStatus: 'unpaid',
    });
    expect((await send('checkout.session.completed', session)).status).toBe(200);
    expect(await plan(member.browser)).toBe('bronze');
    const paid = { ...session, payment_status: 'paid' };
    expect((await send('checkout.session.async_payment_succeeded', paid)).status).toBe(200);
    expect(await plan(member.browser)).toBe('platinum');
  });

  it('grants nothing when the delayed payment fails', async () => {
    const member = await signedInMember(t);
    const session = checkoutSession(member.id, {
      plan: 'gold',
      subscription: 'sub_async_failed',
      paymentStatus: 'unpaid',
    });
    expect((await send('checkout.session.completed', session)).status).toBe(200);
    expect((await send('checkout.session.async_payment_failed', session)).status).toBe(200);
    expect(await plan(member.browser)).toBe('bronze');
    expect(await planChanges(member.id)).toBe(0);
  });

  it('does not record an event that failed to apply, so that Stripe’s retry applies it', async () => {
    const member = await signedInMember(t);
    const signed = sign({
      id: 'evt_fails_once',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: checkoutSession(member.id, {
          plan: 'platinum',
          subscription: 'sub_retry',
          paymentStatus: 'paid',
        }),
      },
    });
    const { db } = t.database;
    // The plan change cannot be written for now (as when the database refuses a statement).
    await db.execute(
      sql.raw(
        `alter table plan_changes add constraint test_refuses_platinum check (to_plan <> 'platinum') not valid`,
      ),
    );
    try {
      const failed = await deliver(signed);
      expect(failed.status).toBe(500);
    } finally {
      await db.execute(sql.raw('alter table plan_changes drop constraint test_refuses_platinum'));
    }
    const recorded = await db.execute(sql`select 1 from billing_events where id = 'evt_fails_once'`);
    expect(recorded.rows).toHaveLength(0);
    expect(await plan(member.browser)).toBe('bronze');
    // Nothing of it was kept: not even the customer's link.
    const linked = await db.execute(sql`select 1 from billing_accounts where user_id = ${member.id}`);
    expect(linked.rows).toHaveLength(0);

    // Stripe sends it again: applied now, and once.
    expect((await deliver(signed)).status).toBe(200);
    expect((await deliver(signed)).status).toBe(200);
    expect(await plan(member.browser)).toBe('platinum');
    expect(await planChanges(member.id)).toBe(1);
  });

  it('keeps the plan for a grace period after a failed payment, with a notice; paid again clears it', async () => {
    const member = await subscriber('gold', 'sub_grace_paid');
    const pastDue = subscription('sub_grace_paid', 'past_due', 'price_gold');
    expect((await send('customer.subscription.updated', pastDue)).status).toBe(200);
    expect(await plan(member.browser)).toBe('gold');
    const overview = await okBody(member.browser.api.billing.$get());
    expect(overview.portal).toBe(true);
    const graceUntil = new Date(overview.graceUntil ?? 0).getTime();
    const week = 7 * 24 * 3600 * 1000;
    expect(Math.abs(graceUntil - (Date.now() + week))).toBeLessThan(60_000);

    // The member is told, on the site and by email, once: a second failure keeps the same end.
    expect((await send('invoice.payment_failed', invoice('sub_grace_paid'))).status).toBe(200);
    expect((await okBody(member.browser.api.billing.$get())).graceUntil).toBe(overview.graceUntil);
    await t.runJobs();
    const notices = (await okBody(member.browser.api.notifications.$get({ query: {} }))).notifications;
    expect(notices).toHaveLength(1);
    expect(notices[0]).toMatchObject({
      type: 'system',
      link: '/upgrade',
      data: { title: 'Your payment for Gold did not go through' },
    });
    expect(notices[0]?.data.body).toMatch(/^Update your card before .+ to keep Gold/);
    const mail = (await t.mailTo(member.email)).filter((m) => m.subject.includes('did not go through'));
    expect(mail).toHaveLength(1);
    expect(mail[0]?.text).toContain('/upgrade');

    // Paid after all: the grace period ends and the plan stays.
    expect((await send('invoice.paid', invoice('sub_grace_paid'))).status).toBe(200);
    const active = subscription('sub_grace_paid', 'active', 'price_gold');
    expect((await send('customer.subscription.updated', active)).status).toBe(200);
    expect((await okBody(member.browser.api.billing.$get())).graceUntil).toBeNull();
    // The week passes with nothing to lapse; the member comes back and signs in.
    await housekeeping(t.database.db, t.storage, new Date(graceUntil + 60_000));
    await signInAgain(member);
    expect(await plan(member.browser)).toBe('gold');
  });

  it('lapses to Bronze, once, when the grace period ends unpaid; listings stay live', async () => {
    const member = await subscriber('gold', 'sub_grace_lapses');
    for (let i = 0; i < 5; i++)
      expect((await member.browser.api.listings.$post({ json: part(`Lapse seat ${i}`) })).status).toBe(201);
    expect((await send('invoice.payment_failed', invoice('sub_grace_lapses'))).status).toBe(200);
    // A failed upgrade invoice is not a failed plan: it starts nothing (checked on another member below).
    await housekeeping(t.database.db, t.storage, new Date());
    expect(await plan(member.browser)).toBe('gold');

    // Housekeeping runs past the grace period's end (twice: the lapse happens once); the member comes
    // back and signs in.
    const { graceUntil } = await okBody(member.browser.api.billing.$get());
    const afterGrace = new Date(new Date(graceUntil ?? 0).getTime() + 60_000);
    await housekeeping(t.database.db, t.storage, afterGrace);
    await housekeeping(t.database.db, t.storage, afterGrace);
    await signInAgain(member);
    expect(await plan(member.browser)).toBe('bronze');
    expect(await planChanges(member.id, 'grace-ended')).toBe(1);
    expect(await okBody(member.browser.api.billing.$get())).toMatchObject({
      graceUntil: null,
      usage: { activeListings: 5, activeListingsLimit: 3 },
    });
    // Bronze's limit applies from now on, and the listings above it stay live.
    expect((await member.browser.api.listings.$post({ json: part('One too many') })).status).toBe(403);
    const live = await okBody(member.browser.api.listings.$get({ query: { search: 'Lapse seat' } }));
    expect(live.items).toHaveLength(5);
    await t.runJobs();
    const notices = (await okBody(member.browser.api.notifications.$get({ query: {} }))).notifications;
    expect(notices.map((n) => n.data.title)).toEqual([
      'Your plan is now Bronze',
      'Your payment for Gold did not go through',
    ]);
    expect((await t.mailTo(member.email)).map((m) => m.subject)).toContain('Your plan is now Bronze');

    // A member on Bronze whose (first) payment fails has nothing to keep: no grace, no notice.
    const newcomer = await signedInMember(t);
    await send(
      'checkout.session.completed',
      checkoutSession(newcomer.id, { plan: 'gold', subscription: 'sub_never_paid', paymentStatus: 'unpaid' }),
    );
    await send('customer.subscription.updated', subscription('sub_never_paid', 'incomplete', 'price_gold'));
    expect((await okBody(newcomer.browser.api.billing.$get())).graceUntil).toBeNull();
  });

  it('invoices an upgrade at once and changes the plan only when the webhook says it is paid', async () => {
    const member = await subscriber('gold', 'sub_upgrade');
    const before = stripeCalls.length;
    const upgrade = await readAnswer(member.browser.api.billing.plan.$post({ json: { plan: 'platinum' } }));
    expect(upgrade.body).toEqual({ status: 'pending' });
    const update = stripeCalls
      .slice(before)
      .find((call) => call.method === 'POST' && call.path === '/v1/subscriptions/sub_upgrade');
    expect(Object.fromEntries(update?.body ?? [])).toMatchObject({
      'items[0][id]': 'si_sub_upgrade',
      'items[0][price]': 'price_platinum',
      proration_behavior: 'always_invoice',
      payment_behavior: 'pending_if_incomplete',
    });
    expect(await plan(member.browser)).toBe('gold');

    // The upgrade's invoice fails: the plan paid for stays, and no grace period starts.
    expect((await send('invoice.payment_failed', invoice('sub_upgrade', 'subscription_update'))).status).toBe(
      200,
    );
    expect((await okBody(member.browser.api.billing.$get())).graceUntil).toBeNull();
    expect(await plan(member.browser)).toBe('gold');

    // Paid: Stripe applies the new price and says so.
    const updated = subscription('sub_upgrade', 'active', 'price_platinum');
    expect((await send('customer.subscription.updated', updated)).status).toBe(200);
    expect(await plan(member.browser)).toBe('platinum');

    // Down to Bronze: cancelled at the end of the period paid for, the plan kept until then.
    const down = await readAnswer(member.browser.api.billing.plan.$post({ json: { plan: 'bronze' } }));
    expect(down.body).toEqual({ status: 'scheduled', at: new Date(1_900_000_000 * 1000).toISOString() });
    const cancel = stripeCalls.at(-1);
    expect(cancel?.path).toBe('/v1/subscriptions/sub_upgrade');
    expect(cancel?.body.get('cancel_at_period_end')).toBe('true');
    expect(await plan(member.browser)).toBe('platinum');
  });

  it('never moves a subscription backwards: an event older than the last one applied is ignored', async () => {
    const member = await subscriber('gold', 'sub_late');
    const now = Math.floor(Date.now() / 1000);
    // Cancelled: Stripe ends the subscription, and the member is on Bronze.
    const cancelled = subscription('sub_late', 'canceled', 'price_gold');
    expect((await send('customer.subscription.deleted', cancelled, undefined, now + 60)).status).toBe(200);
    expect(await plan(member.browser)).toBe('bronze');
    // A late delivery of what Stripe said a minute before ("active", then a paid renewal) changes nothing.
    const active = subscription('sub_late', 'active', 'price_gold');
    expect((await send('customer.subscription.updated', active, undefined, now)).status).toBe(200);
    expect((await send('invoice.paid', invoice('sub_late'), undefined, now)).status).toBe(200);
    const late = checkoutSession(member.id, {
      plan: 'gold',
      subscription: 'sub_late',
      paymentStatus: 'paid',
    });
    expect((await send('checkout.session.completed', late, undefined, now)).status).toBe(200);
    expect(await plan(member.browser)).toBe('bronze');
    expect(await planChanges(member.id, 'stripe')).toBe(2);

    // A failed payment from before a paid renewal starts no grace period either.
    const paying = await subscriber('gold', 'sub_late_grace');
    const renewed = subscription('sub_late_grace', 'active', 'price_gold');
    expect((await send('customer.subscription.updated', renewed, undefined, now + 60)).status).toBe(200);
    expect((await send('invoice.payment_failed', invoice('sub_late_grace'), undefined, now)).status).toBe(
      200,
    );
    expect((await okBody(paying.browser.api.billing.$get())).graceUntil).toBeNull();

    // A new subscription later is applied as usual.
    const again = checkoutSession(member.id, {
      plan: 'platinum',
      subscription: 'sub_late_2',
      paymentStatus: 'paid',
    });
    expect((await send('checkout.session.completed', again, undefined, now + 120)).status).toBe(200);
    expect(await plan(member.browser)).toBe('platinum');
  });

  it('opens the billing portal for a member Stripe knows, and for nobody else', async () => {
    const stranger = await signedInMember(t);
    expect((await okBody(stranger.browser.api.billing.$get())).portal).toBe(false);
    const none = await readAnswer(stranger.browser.api.billing.portal.$post());
    expectStatus(none, 404);

    const member = await subscriber('gold', 'sub_portal');
    expect((await okBody(member.browser.api.billing.$get())).portal).toBe(true);
    const portal = await readAnswer(member.browser.api.billing.portal.$post());
    expectStatus(portal, 200);
    expect(portal.body).toEqual({ url: 'https://billing.stripe.test/p/session/cus_sub_portal' });
    const call = stripeCalls.at(-1);
    expect(call?.path).toBe('/v1/billing_portal/sessions');
    expect(call?.body.get('customer')).toBe('cus_sub_portal');
    expect(call?.body.get('return_url')).toMatch(/\/upgrade$/);

    // Visitors are refused before anything is asked of Stripe.
    const visitor = await t.app.request('/api/billing/portal', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{}',
    });
    expect(visitor.status).toBe(401);
  });
});
