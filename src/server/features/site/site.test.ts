import { afterAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../../env';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { TestBrowser, readAnswer, expectStatus, okBody } from '../../../test/test-browser';

describe('the public settings pages show (shop, support and privacy addresses)', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
  });

  it('says where the shop is when SHOP_URL is set, and that there is none otherwise', async () => {
    const open = await createTestApp({
      env: { SHOP_URL: 'https://shop.modmarket.example/gear', SUPPORT_EMAIL: 'help@modmarket.test' },
    });
    apps.push(open);
    const answer = await readAnswer(new TestBrowser(open).api.site.$get());
    expectStatus(answer, 200);
    // Without PRIVACY_EMAIL, privacy requests go to the support address.
    expect(answer.body).toEqual({
      shopUrl: 'https://shop.modmarket.example/gear',
      supportEmail: 'help@modmarket.test',
      privacyEmail: 'help@modmarket.test',
    });

    const closed = await createTestApp({ env: { PRIVACY_EMAIL: 'privacy@modmarket.test' } });
    apps.push(closed);
    expect(await okBody(new TestBrowser(closed).api.site.$get())).toEqual({
      shopUrl: null,
      supportEmail: 'support@modmarket.local',
      privacyEmail: 'privacy@modmarket.test',
    });
    expect(() => loadEnv({ PRIVACY_EMAIL: 'not an address' })).toThrow(/PRIVACY_EMAIL/);
  });

  it('refuses a SHOP_URL that is not a web address, naming it', () => {
    expect(() => loadEnv({ SHOP_URL: 'javascript:alert(1)' })).toThrow(/SHOP_URL/);
    expect(() => loadEnv({ SHOP_URL: 'shop.example' })).toThrow(/SHOP_URL/);
  });
});
