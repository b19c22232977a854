import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { TestBrowser } from '../../test/test-browser';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ env: { SUPPORT_EMAIL: 'garage-help@parts.example' } });
});
afterAll(async () => {
  await t.close();
});

describe('the support address in emails', () => {
  it('comes from SUPPORT_EMAIL, in both parts and in the reader’s language', async () => {
    const browser = new TestBrowser(t, '198.51.100.40', 'es');
    await browser.api.auth['sign-up'].$post({
      json: {
        email: 'lucia@parts.example',
        password: 'Sup3r$ecret',
        confirmPassword: 'Sup3r$ecret',
        language: 'es',
      },
    });
    await t.runJobs();
    const [mail] = await t.mailTo('lucia@parts.example');
    expect(mail?.text).toContain('Escríbenos a garage-help@parts.example.');
    expect(mail?.html).toContain('garage-help@parts.example');
    expect(mail?.text).not.toContain('support@modmarket.local');
  });
});
