import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser, okBody } from '../../test/test-browser';
import { signedInMember } from '../../test/members';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { PUBLIC_URL: 'https://modmarket.example' } });
});
afterAll(async () => {
  await t.close();
});

const vehicle = { year: 1997, make: 'Toyota', model: 'Supra', licensePlate: 'JZA80' };

describe('cross-site request forgery', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'Sec-Fetch-Site': 'cross-site' }],
    ['Sec-Fetch-Site: same-site (a sibling subdomain)', { 'Sec-Fetch-Site': 'same-site' }],
    ['an Origin of another site', { Origin: 'https://evil.example' }],
    ['the site itself over plain http', { Origin: 'http://modmarket.example' }],
  ])(
    'refuses a state-changing request sent with %s, in the asker’s language, and changes nothing',
    async (_label, headers) => {
      const { browser } = await signedInMember(t);
      const before = await okBody(browser.api.vehicles.$get());
      // Cross-site requests, which the typed client does not make.
      const forged = await new TestBrowser(t, browser.ip, 'es').request<{
        error: { code: string; message: string };
      }>('POST', '/api/vehicles', vehicle, {
        ...headers,
        // As behind the site's proxy: the request came to the site's own host.
        Host: 'modmarket.example',
        Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      });
      expect(forged.status).toBe(403);
      expect(forged.body.error).toEqual({
        code: 'CROSS_SITE_REQUEST',
        message: 'Esta solicitud venía de otro sitio web y fue rechazada. Usa ModMarket directamente.',
      });
      expect(await okBody(browser.api.vehicles.$get())).toEqual(before);
      // Signing out cross-site does not end the session either.
      expect((await browser.request('POST', '/api/auth/sign-out', undefined, headers)).status).toBe(403);
      expect((await okBody(browser.api.auth.session.$get())).user).not.toBeNull();
    },
  );

  it.each([
    ['Sec-Fetch-Site: same-origin', { 'Sec-Fetch-Site': 'same-origin', Origin: 'https://modmarket.example' }],
    ['only its own Origin (an older browser)', { Origin: 'https://modmarket.example' }],
    ['neither header (not a browser page)', {}],
  ])('takes a request with %s', async (_label, headers) => {
    const { browser } = await signedInMember(t);
    // The origin headers are the case: sent as given.
    expect((await browser.request('POST', '/api/vehicles', vehicle, headers)).status).toBe(201);
  });

  it('lets cross-site reads through, and the webhook that Stripe signs', async () => {
    const visitor = new TestBrowser(t);
    // Cross-site requests, which the typed client does not make.
    expect(
      (await visitor.request('GET', '/api/listings', undefined, { 'Sec-Fetch-Site': 'cross-site' })).status,
    ).toBe(200);
    const webhook = await visitor.request(
      'POST',
      '/api/billing/webhook',
      { type: 'x' },
      { 'Sec-Fetch-Site': 'cross-site' },
    );
    expect(webhook.status).not.toBe(403);
  });
});

describe('JSON bodies only', () => {
  it.each([
    ['text/plain', 'text/plain'],
    ['a form', 'application/x-www-form-urlencoded'],
    ['multipart', 'multipart/form-data; boundary=x'],
    ['no type at all', undefined],
  ])('refuses a body sent as %s with 415', async (_label, type) => {
    const { browser } = await signedInMember(t);
    const body = JSON.stringify(vehicle);
    const response = await t.app.request(
      '/api/vehicles',
      {
        method: 'POST',
        headers: {
          Cookie: [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
          'Content-Length': String(body.length),
          ...(type ? { 'Content-Type': type } : {}),
        },
        body,
      },
      { incoming: { socket: { remoteAddress: browser.ip } } },
    );
    expect(response.status).toBe(415);
    expect(((await response.json()) as { error: { code: string } }).error.code).toBe('JSON_REQUIRED');
  });
});
