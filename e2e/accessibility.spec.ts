import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

const PAGES = [
  '/',
  '/about',
  '/contact',
  '/selling-guide',
  '/buying-guide',
  '/shop',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/parts-wanted',
  '/no-such-page',
  '/auth',
  '/auth?mode=signup',
  '/email-confirmation?email=someone%40example.com',
  '/forgot-password',
  '/reset-password',
  '/password-reset',
  '/browse',
  '/browse?search=zzzz-no-such-part',
];

for (const path of PAGES) {
  test(`${path} has no serious accessibility violation`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);
  });
}
