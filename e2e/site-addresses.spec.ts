import { expect, test } from '@playwright/test';

// The e2e server runs with SUPPORT_EMAIL and PRIVACY_EMAIL set (playwright.config.ts).
const SUPPORT = 'help@modmarket.test';
const PRIVACY = 'privacy@modmarket.test';

test('the contact, privacy and data deletion pages show the configured addresses, from the server', async ({
  page,
}) => {
  for (const [path, address] of [
    ['/contact', SUPPORT],
    ['/privacy', PRIVACY],
    ['/data-deletion', PRIVACY],
  ] as const) {
    // In the HTML as the server sends it...
    const html = await (await page.request.get(path)).text();
    expect(html, path).toContain(`mailto:${address}`);
    // ...and in the page once it has come alive.
    await page.goto(path, { waitUntil: 'networkidle' });
    await expect(page.getByRole('link', { name: address }).first()).toHaveAttribute(
      'href',
      `mailto:${address}`,
    );
    await expect(page.locator('a[href^="mailto:"]').filter({ hasText: /modmarket\.example/ })).toHaveCount(0);
  }
  // The data deletion request is written to the privacy address.
  await page.goto('/data-deletion', { waitUntil: 'networkidle' });
  await expect(page.locator(`a[href^="mailto:${PRIVACY}?subject="]`)).toHaveCount(1);
});
