import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import Stripe from 'stripe';
import type { Billing, PlanChangeResult } from '@common/schemas/billing';
import type { BrowseResponse, ListingDetail } from '@common/schemas/listings';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { signedInMember } from '../../../test/members';
import type { TestBrowser } from '../../../test/test-browser';
import { sql } from 'drizzle-orm';

const part = (title: string) => ({
  title,
  price: '100',
  category: 'interior',
  condition: 'good',
  make: 'Ford',
  model: 'Mustang',
});

async function plan(browser: TestBrowser) {
  return (await browser.get<{ user: { plan: string } }>('/api/auth/session')).body.user.plan;
}

describe('plans in demo mode (no Stripe settings)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.close();
  });

  it('switches at once, unlocks AI assist, and says it is a demo', async () => {
    const member = await signedInMember(t);
    const overview = await member.browser.get<Billing>('/api/billing');
    expect(overview.body).toMatchObject({
      plan: 'bronze',
      mode: 'demo',
      usage: { activeListings: 0, activeListingsLimit: 3, conversationsThisMonth: 0, conversationsLimit: 10 },
    });
    const draft = { category: 'interior', make: 'Ford', model: 'Mustang' };
    expect((await member.browser.post('/api/listings/ai-draft', draft)).status).toBe(403);

    const changed = await member.browser.post<PlanChangeResult>('/api/billing/plan', { plan: 'gold' });
    expect(changed.body).toEqual({ status: 'changed', plan: 'gold', mode: 'demo' });
    expect(await plan(member.browser)).toBe('gold');
    expect((await member.browser.post('/api/listings/ai-draft', draft)).status).toBe(200);
    const again = await member.browser.post('/api/billing/plan', { plan: 'gold' });
    expect(again.status).toBe(400);
    expect(again.body).toMatchObject({ error: { code: 'SAME_PLAN' } });
    expect((await member.browser.post('/api/billing/plan', { plan: 'diamond' })).status).toBe(400);
  });

  it('keeps listings over a lower plan live, and holds them back once sold until under the limit', async () => {
    const member = await signedInMember(t, { plan: 'gold' });
    const ids: string[] = [];
    for (let i = 0; i < 5; i++)
      ids.push((await member.browser.post<ListingDetail>('/api/listings', part(`Shelby seat ${i}`))).body.id);
    // Gold sellers carry the verified badge on their cards; it goes with the plan.
    const before = await member.browser.get<BrowseResponse>('/api/listings?search=Shelby%20seat');
    expect(before.body.items.every((item) => item.sellerVerified)).toBe(true);
    await member.browser.post('/api/billing/plan', { plan: 'bronze' });
    const overview = await member.browser.get<Billing>('/api/billing');
    expect(overview.body.usage).toMatchObject({ activeListings: 5, activeListingsLimit: 3 });
    const live = await member.browser.get<BrowseResponse>('/api/listings?search=Shelby%20seat');
    expect(live.body.items).toHaveLength(5);
    expect(live.body.items.some((item) => item.sellerVerified)).toBe(false);

    expect((await member.browser.post('/api/listings', part('One more'))).status).toBe(403);
    await member.browser.request('PATCH', `/api/listings/${ids[0]}/status`, { isSold: true });
    const back = await member.browser.request('PATCH', `/api/listings/${ids[0]}/status`, { isSold: false });
    expect(back.status).toBe(403);
    expect(back.body).toMatchObject({ error: { code: 'PLAN_LIMIT' } });
    for (const id of ids.slice(1, 3))
      await member.browser.request('PATCH', `/api/listings/${id}/status`, { isSold: true });
    // Two active now: one may come back.
    expect(
      (await member.browser.request('PATCH', `/api/listings/${ids[0]}/status`, { isSold: false })).status,
    ).toBe(200);
  });
});

describe('plans through Stripe', () => {
  const webhookSecret = 'whsec_test_secret';
  let t: TestApp;
  let fake: Server;
  const stripeCalls: string[] = [];
  const signer = new Stripe('sk_test_signer');
  const sign = (event: Record<string, unknown>) => {
    const payload = JSON.stringify(event);
    return {
      payload,
      header: signer.webhooks.generateTestHeaderString({ payload, secret: webhookSecret }),
    };
  };

  beforeAll(async () => {
    // Stands in for api.stripe.com: answers Checkout Session creation.
    fake = createServer((req, res) => {
      stripeCalls.push(`${req.method} ${req.url}`);
      res.setHeader('Content-Type', 'application/json');
      res.end(
        JSON.stringify({
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.test/c/pay/cs_test_1',
        }),
      );
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const address = fake.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    t = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_modmarket',
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_PRICE_GOLD: 'price_gold',
        STRIPE_PRICE_PLATINUM: 'price_platinum',
      },
      stripeClient: new Stripe('sk_test_modmarket', { host: '127.0.0.1', port, protocol: 'http' }),
    });
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => fake.close(resolve));
  });

  it('sends the member to Checkout; only a signed webhook changes the plan, once', async () => {
    const member = await signedInMember(t);
    expect((await member.browser.get<Billing>('/api/billing')).body.mode).toBe('stripe');
    const started = await member.browser.post<PlanChangeResult>('/api/billing/plan', { plan: 'gold' });
    expect(started.body).toEqual({ status: 'redirect', url: 'https://checkout.stripe.test/c/pay/cs_test_1' });
    expect(stripeCalls).toContain('POST /v1/checkout/sessions');
    expect(await plan(member.browser)).toBe('bronze');

    const completed = {
      id: 'evt_checkout_1',
      object: 'event',
      type: 'checkout.session.completed',
      data: {
        object: {
          id: 'cs_test_1',
          object: 'checkout.session',
          customer: 'cus_123',
          subscription: 'sub_123',
          client_reference_id: member.id,
          metadata: { userId: member.id, plan: 'gold' },
        },
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
    const tampered = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': signed.header },
      body: signed.payload.replace('"gold"', '"platinum"'),
    });
    expect(tampered.status).toBe(400);
    expect(await plan(member.browser)).toBe('bronze');

    for (let i = 0; i < 2; i++) {
      const applied = await t.app.request('/api/billing/webhook', {
        method: 'POST',
        headers: { 'stripe-signature': signed.header },
        body: signed.payload,
      });
      expect(applied.status).toBe(200);
    }
    expect(await plan(member.browser)).toBe('gold');
    const changes = await t.database.db.execute<{ n: number }>(
      sql`select count(*)::int as n from plan_changes where user_id = ${member.id}`,
    );
    expect(changes.rows[0]?.n).toBe(1);

    // The subscription ends: back to Bronze.
    const ended = sign({
      id: 'evt_sub_deleted_1',
      object: 'event',
      type: 'customer.subscription.deleted',
      data: {
        object: {
          id: 'sub_123',
          object: 'subscription',
          status: 'canceled',
          metadata: { userId: member.id },
          items: { object: 'list', data: [{ id: 'si_1', price: { id: 'price_gold' } }] },
        },
      },
    });
    const deleted = await t.app.request('/api/billing/webhook', {
      method: 'POST',
      headers: { 'stripe-signature': ended.header },
      body: ended.payload,
    });
    expect(deleted.status).toBe(200);
    expect(await plan(member.browser)).toBe('bronze');
  });
});
