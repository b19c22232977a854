import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, linkToken } from '../../../test/test-browser';
import { partInput } from '../../../test/listings';

const PASSWORD = 'Sup3r$ecret';
let t: TestApp;
let n = 0;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

async function member() {
  const email = `onboard${++n}@shop.example.com`;
  const browser = new TestBrowser(t, `203.0.113.${n}`);
  await browser.post('/api/auth/sign-up', {
    firstName: 'Ana',
    lastName: 'Ruiz',
    email,
    phone: '',
    password: PASSWORD,
    confirmPassword: PASSWORD,
  });
  await t.runJobs();
  const token = linkToken((await t.mailTo(email))[0]!.text, '/confirm-signup');
  await browser.post('/api/auth/confirm-email', { token });
  await browser.post('/api/auth/sign-in', { email, password: PASSWORD });
  return browser;
}

describe('profile and onboarding', () => {
  it('is for members only', async () => {
    const visitor = new TestBrowser(t);
    for (const [method, path] of [
      ['GET', '/api/profile'],
      ['PUT', '/api/profile/role'],
      ['POST', '/api/profile/onboarding/skip'],
    ] as const) {
      const response = await visitor.request<{ error: { code: string } }>(
        method,
        path,
        method === 'GET' ? undefined : { role: 'buyer' },
      );
      expect(response.status, path).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('starts with the display name from sign-up and onboarding not complete', async () => {
    const browser = await member();
    const profile = await browser.get('/api/profile');
    expect(profile.body).toMatchObject({ displayName: 'Ana Ruiz', role: null, onboardingCompleted: false });
  });

  it('stores the buyer flow: Other texts trimmed, cut to 100 and prefixed; empty lists as null', async () => {
    const browser = await member();
    expect((await browser.put('/api/profile/role', { role: 'both' })).body).toMatchObject({ role: 'both' });
    const missingZip = await browser.put<{ error: { fields: Record<string, string> } }>(
      '/api/profile/buyer',
      { zip: ' ' },
    );
    expect(missingZip.status).toBe(400);
    expect(missingZip.body.error.fields.zip).toBe('Please enter your ZIP code.');
    const badRadius = await browser.put('/api/profile/buyer', { zip: '94107', radiusMiles: 30 });
    expect(badRadius.status).toBe(400);

    const buyer = await browser.put('/api/profile/buyer', {
      zip: ' 94107 ',
      radiusMiles: 50,
      prefMakes: ['Nissan', 'Toyota'],
      otherMake: `  ${'R'.repeat(120)}  `,
      prefCategories: [],
      otherCategory: '   ',
    });
    expect(buyer.status).toBe(200);
    expect(buyer.body).toMatchObject({
      zip: '94107',
      radiusMiles: 50,
      prefMakes: ['Nissan', 'Toyota', `Other: ${'R'.repeat(100)}`],
      prefCategories: null,
      onboardingCompleted: false,
    });
  });

  it('needs a category or Other to finish the seller step, which completes onboarding', async () => {
    const browser = await member();
    const none = await browser.put<{ error: { fields: Record<string, string> } }>('/api/profile/seller', {
      shipOk: true,
      sellerCategories: [],
      otherCategory: '  ',
    });
    expect(none.status).toBe(400);
    expect(none.body.error.fields.sellerCategories).toBe(
      'Please select at least one category you sell or specify Other.',
    );
    const seller = await browser.put('/api/profile/seller', {
      shipOk: true,
      localOk: false,
      sellerCategories: [],
      otherCategory: ' Vintage gauges ',
    });
    expect(seller.body).toMatchObject({
      shipOk: true,
      localOk: false,
      sellerCategories: ['Other: Vintage gauges'],
      onboardingCompleted: true,
    });
    expect((await browser.get('/api/auth/session')).body.user).toMatchObject({ onboardingCompleted: true });
  });

  it('skips onboarding from the role step as a buyer', async () => {
    const browser = await member();
    const skipped = await browser.post('/api/profile/onboarding/skip', { role: 'buyer' });
    expect(skipped.body).toMatchObject({ role: 'buyer', onboardingCompleted: true });
    const done = await (await member()).post('/api/profile/onboarding/complete');
    expect(done.body).toMatchObject({ onboardingCompleted: true });
  });
});

describe('selling preferences at work', () => {
  it("show on the seller's listings: Ships and Local pickup as they chose", async () => {
    const browser = await member();
    const created = await browser.post<{ id: string }>('/api/listings', partInput('Recaro SR3 rails'));
    const seller = async () =>
      (
        await new TestBrowser(t).get<{ seller: { ships: boolean; localPickup: boolean } }>(
          `/api/listings/${created.body.id}`,
        )
      ).body.seller;
    expect(await seller()).toMatchObject({ ships: false, localPickup: false });
    await browser.put('/api/profile/seller', {
      shipOk: true,
      localOk: false,
      sellerCategories: ['interior'],
    });
    expect(await seller()).toMatchObject({ ships: true, localPickup: false });
    await browser.put('/api/profile/seller', {
      shipOk: false,
      localOk: true,
      sellerCategories: ['interior'],
    });
    expect(await seller()).toMatchObject({ ships: false, localPickup: true });
  });
});
