import { expect, test } from '@playwright/test';

const ROUTES = [
  '/',
  '/auth',
  '/confirm-signup',
  '/email-confirmation',
  '/browse',
  '/create',
  '/listing/{a demo listing}',
  '/dashboard',
  '/messages',
  '/my-fleet',
  '/community',
  '/upgrade',
  '/selling-guide',
  '/buying-guide',
  '/contact',
  '/about',
  '/saved-searches',
  '/notifications',
  '/password-reset',
  '/reset-password',
  '/forgot-password',
  '/onboarding/role',
  '/onboarding/buyer',
  '/onboarding/seller',
  '/onboarding/done',
  '/shop',
  '/data-deletion',
  '/privacy',
  '/terms',
  '/parts-wanted',
  '/pending-sales',
  '/history',
];

// In four groups, each walked in one browser page (a new page per route cost more than the route).
const GROUPS = 4;
const perGroup = Math.ceil(ROUTES.length / GROUPS);

test.describe('every route of the route table', () => {
  for (let first = 0; first < ROUTES.length; first += perGroup) {
    const routes = ROUTES.slice(first, first + perGroup);
    test(`routes ${first + 1}-${first + routes.length} render their pages`, async ({ page, request }) => {
      for (const route of routes) {
        let path = route;
        if (route.includes('{')) {
          const listings = (await (await request.get('/api/listings?limit=1')).json()) as {
            items: { id: string }[];
          };
          path = `/listing/${listings.items[0]!.id}`;
        }
        const response = await page.goto(path);
        expect.soft(response?.status(), `${route} answers 200`).toBe(200);
        await expect.soft(page.getByRole('heading', { level: 1 }), `${route} has its heading`).toBeVisible();
        await expect.soft(page.getByText('Oops! Page not found'), `${route} is no 404`).toHaveCount(0);
        await expect
          .soft(page.getByRole('navigation', { name: 'Main navigation' }).first(), `${route} has the menu`)
          .toBeAttached();
      }
    });
  }
});

test('an unknown path shows the 404 page with a link home', async ({ page }) => {
  const response = await page.goto('/no-such-page/here');
  expect(response?.status()).toBe(404);
  await expect(page.getByText('404', { exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
  await page.getByRole('link', { name: 'Return to Home' }).click();
  await expect(page).toHaveURL('/');
});
