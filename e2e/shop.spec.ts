import { expect, test } from '@playwright/test';

// The e2e server runs with SHOP_URL (playwright.config.ts).
const SHOP_URL = 'https://shop.modmarket.example/gear';

test('with a shop address, Buy now opens the store in a new tab', async ({ page }) => {
  await page.goto('/shop');
  const buy = page.getByRole('link', { name: /^Buy now: Classic Tee/ });
  await expect(buy).toHaveAttribute('href', SHOP_URL);
  await expect(buy).toHaveAttribute('target', '_blank');
  await expect(buy).toHaveAttribute('rel', /noopener/);
  await expect(page.getByText('Our gear is sold through our online store')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Coming Soon' })).toHaveCount(0);
});

test('without one, every item says Coming Soon and cannot be bought', async ({ page }) => {
  // The server's settings as a shop-less deployment answers them, for the page the browser renders.
  await page.route('**/api/site', (route) =>
    route.fulfill({
      json: { shopUrl: null, supportEmail: 'help@modmarket.test', privacyEmail: 'privacy@modmarket.test' },
    }),
  );
  // Once the page has come alive, the link is followed in the page (before, the server would render it).
  await page.goto('/', { waitUntil: 'networkidle' });
  await page.getByRole('contentinfo').getByRole('link', { name: 'Shop', exact: true }).click();
  await expect(page).toHaveURL('/shop');
  await expect(page.getByText("Our store isn't open yet.")).toBeVisible();
  const soon = page.getByRole('button', { name: 'Coming Soon' });
  await expect(soon).toHaveCount(8);
  await expect(soon.first()).toBeDisabled();
  await expect(page.getByRole('link', { name: /^Buy now/ })).toHaveCount(0);
});
