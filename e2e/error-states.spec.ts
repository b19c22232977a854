import { expect, test } from '@playwright/test';
import { errorStateTests } from './support/error-states';

// The shell's own error handling, and the screens of My Fleet. Each feature's screens have their rows in
// an `error-states-<feature>.spec.ts` beside this one.
const member = errorStateTests([
  {
    name: 'my fleet',
    path: '/my-fleet',
    request: '**/api/vehicles',
    loaded: (page) => page.getByRole('heading', { name: 'No Vehicles Added' }),
  },
]);

test('a page that fails to load shows the error page inside the shell, and Reload recovers', async () => {
  const page = member();
  // The page's code cannot be fetched (as after a deploy replaced it).
  await page.route('**/assets/my-fleet-page*.js', (route) => route.abort());
  await page.goto('/my-fleet');
  await expect(page.getByRole('heading', { name: 'Something went wrong' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'ModMarket' }).first()).toBeVisible();
  await page.unroute('**/assets/my-fleet-page*.js');
  await page.getByRole('button', { name: 'Reload the page' }).click();
  await expect(page.getByRole('heading', { name: 'My Fleet', level: 1 })).toBeVisible();
});

test('offline is said once, under the header, and goes away when the connection is back', async () => {
  const page = member();
  await page.goto('/my-fleet');
  await expect(page.getByRole('heading', { name: 'My Fleet', level: 1 })).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByText(/You're offline/)).toHaveCount(1);
  await page.context().setOffline(false);
  await expect(page.getByText(/You're offline/)).toBeHidden();
});
