import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, linkToken } from '../../test/test-browser';
import { MEMBER_PASSWORD, signedInMember } from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  // Listening beyond loopback, as in production: no dev mailbox, so mail links are not logged either.
  t = await createTestApp({ env: { RATE_LIMIT_SCALE: '0.1', HOST: '0.0.0.0' } });
});
afterAll(async () => {
  await t.close();
});

const events = (name: string) => t.logs.filter((line) => line.security === name);

describe('the security event log', () => {
  it('records sign-ins, failed ones, resets and revoked sessions with the member id, and never a secret', async () => {
    const { browser, email, id } = await signedInMember(t);
    expect(events('sign-in.succeeded').at(-1)).toMatchObject({ memberId: id, method: 'password' });

    const stranger = new TestBrowser(t, '198.51.100.80');
    await stranger.api.auth['sign-in'].$post({ json: { email, password: 'Wrong1!pass' } });
    expect(events('sign-in.failed').at(-1)).toMatchObject({
      memberId: id,
      reason: 'invalid',
      ip: '198.51.100.80',
    });

    await stranger.api.auth['forgot-password'].$post({ json: { email } });
    await t.runJobs();
    const token = linkToken((await t.mailTo(email)).at(-1)!.text, '/reset-password');
    const fresh = 'N3w!Gearbox';
    await stranger.api.auth['reset-password'].$post({
      json: { token, password: fresh, confirmPassword: fresh },
    });
    expect(events('password-reset.requested')).not.toHaveLength(0);
    expect(events('password-reset.completed').at(-1)).toMatchObject({ memberId: id });
    expect(events('sessions.revoked').at(-1)).toMatchObject({ memberId: id, reason: 'password-reset' });
    await stranger.api.auth['reset-password'].$post({
      json: { token, password: fresh, confirmPassword: fresh },
    });
    expect(events('reset-link.refused').at(-1)).toMatchObject({ reason: 'invalid' });

    // Request lines name the member who asked.
    await browser.api.auth.session.$get();
    const written = JSON.stringify(t.logs);
    for (const secret of [email, MEMBER_PASSWORD, fresh, token, ...browser.cookies.values()])
      expect(written).not.toContain(secret);
  });

  it('puts the member id on request lines', async () => {
    const { browser, id } = await signedInMember(t);
    await browser.api.vehicles.$get();
    const line = t.logs.findLast((l) => l.msg === 'request' && l.path === '/api/vehicles');
    expect(line).toMatchObject({ memberId: id, status: 200 });
    await new TestBrowser(t).api.listings.$get({ query: {} });
    expect(t.logs.findLast((l) => l.msg === 'request' && l.path === '/api/listings')).toMatchObject({
      memberId: null,
    });
  });

  it('records limits reached, authorization refused and cross-site requests', async () => {
    const { browser, id } = await signedInMember(t);
    for (let i = 0; i < 5; i++)
      await browser.api.auth['forgot-password'].$post({ json: { email: `nobody${i}@example.com` } });
    expect(events('limit.reached').at(-1)).toMatchObject({
      path: '/api/auth/forgot-password',
      code: 'RATE_LIMITED',
    });

    // A cross-site request, which the typed client does not make.
    await browser.request(
      'POST',
      '/api/vehicles',
      { year: 1997, make: 'Toyota', model: 'Supra', licensePlate: 'X1' },
      {
        'Sec-Fetch-Site': 'cross-site',
      },
    );
    expect(events('authorization.refused').at(-1)).toMatchObject({
      memberId: id,
      code: 'CROSS_SITE_REQUEST',
    });
  });

  it('records a webhook whose signature does not verify', async () => {
    const billing = await createTestApp({
      env: {
        STRIPE_SECRET_KEY: 'sk_test_x',
        STRIPE_WEBHOOK_SECRET: 'whsec_test',
        STRIPE_PRICE_GOLD: 'price_gold',
        STRIPE_PRICE_PLATINUM: 'price_platinum',
      },
    });
    try {
      // Stripe's own request: a raw body and its signature.
      const response = await new TestBrowser(billing).request(
        'POST',
        '/api/billing/webhook',
        { type: 'x' },
        {
          'Stripe-Signature': 't=1,v1=forged',
        },
      );
      expect(response.status).toBe(400);
      expect(billing.logs.find((l) => l.security === 'webhook.signature-failed')).toMatchObject({
        path: '/api/billing/webhook',
      });
    } finally {
      await billing.close();
    }
  });
});
