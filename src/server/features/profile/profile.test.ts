import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, linkToken, readAnswer, expectStatus, okBody } from '../../../test/test-browser';
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
  await browser.api.auth['sign-up'].$post({
    json: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
    },
  });
  await t.runJobs();
  const token = linkToken((await t.mailTo(email))[0]!.text, '/confirm-signup');
  await browser.api.auth['confirm-email'].$post({ json: { token } });
  await browser.api.auth['sign-in'].$post({ json: { email, password: PASSWORD } });
  // The name a first listing asks for (sign-up asks for none).
  await browser.api.account.name.$put({ json: { firstName: 'Ana', lastName: 'Ruiz' } });
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
      // A walk over the profile's endpoints, by path.
      const response = await visitor.request<{ error: { code: string } }>(
        method,
        path,
        method === 'GET' ? undefined : { role: 'buyer' },
      );
      expect(response.status, path).toBe(401);
      expect(response.body.error.code).toBe('UNAUTHORIZED');
    }
  });

  it('starts with the display name the member gave and onboarding not complete', async () => {
    const browser = await member();
    const profile = await readAnswer(browser.api.profile.$get());
    expect(profile.body).toMatchObject({ displayName: 'Ana Ruiz', role: null, onboardingCompleted: false });
  });

  it('stores the buyer flow: Other texts trimmed, cut to 100 and prefixed; empty lists as null', async () => {
    const browser = await member();
    expect(await okBody(browser.api.profile.role.$put({ json: { role: 'both' } }))).toMatchObject({
      role: 'both',
    });
    const missingZip = await readAnswer(browser.api.profile.buyer.$put({ json: { zip: ' ' } }));
    expectStatus(missingZip, 400);
    expect(missingZip.body.error.fields?.zip).toBe('Please enter your ZIP code.');
    const badRadius = await readAnswer(
      browser.api.profile.buyer.$put({ json: { zip: '94107', radiusMiles: 30 } }),
    );
    expectStatus(badRadius, 400);

    const buyer = await readAnswer(
      browser.api.profile.buyer.$put({
        json: {
          zip: ' 94107 ',
          radiusMiles: 50,
          prefMakes: ['Nissan', 'Toyota'],
          otherMake: `  ${'R'.repeat(120)}  `,
          prefCategories: [],
          otherCategory: '   ',
        },
      }),
    );
    expectStatus(buyer, 200);
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
    const none = await readAnswer(
      browser.api.profile.seller.$put({
        json: {
          shipOk: true,
          sellerCategories: [],
          otherCategory: '  ',
        },
      }),
    );
    expectStatus(none, 400);
    expect(none.body.error.fields?.sellerCategories).toBe(
      'Please select at least one category you sell or specify Other.',
    );
    const seller = await readAnswer(
      browser.api.profile.seller.$put({
        json: {
          shipOk: true,
          localOk: false,
          sellerCategories: [],
          otherCategory: ' Vintage gauges ',
        },
      }),
    );
    expect(seller.body).toMatchObject({
      shipOk: true,
      localOk: false,
      sellerCategories: ['Other: Vintage gauges'],
      onboardingCompleted: true,
    });
    expect((await okBody(browser.api.auth.session.$get())).user).toMatchObject({ onboardingCompleted: true });
  });

  it('skips onboarding from the role step as a buyer', async () => {
    const browser = await member();
    const skipped = await readAnswer(browser.api.profile.onboarding.skip.$post({ json: { role: 'buyer' } }));
    expect(skipped.body).toMatchObject({ role: 'buyer', onboardingCompleted: true });
    const done = await readAnswer((await member()).api.profile.onboarding.complete.$post());
    expect(done.body).toMatchObject({ onboardingCompleted: true });
  });
});

describe('selling preferences at work', () => {
  it("show on the seller's listings: Ships and Local pickup as they chose", async () => {
    const browser = await member();
    const created = await okBody(browser.api.listings.$post({ json: partInput('Recaro SR3 rails') }));
    const seller = async () =>
      (await okBody(new TestBrowser(t).api.listings[':id'].$get({ param: { id: created.id } }))).seller;
    expect(await seller()).toMatchObject({ ships: false, localPickup: false });
    await browser.api.profile.seller.$put({
      json: {
        shipOk: true,
        localOk: false,
        sellerCategories: ['interior'],
      },
    });
    expect(await seller()).toMatchObject({ ships: true, localPickup: false });
    await browser.api.profile.seller.$put({
      json: {
        shipOk: false,
        localOk: true,
        sellerCategories: ['interior'],
      },
    });
    expect(await seller()).toMatchObject({ ships: false, localPickup: true });
  });
});
