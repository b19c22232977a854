import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { newMember } from './support/accounts';

/**
 * Every screen family that fetches data says so when its request fails, and Retry brings the data:
 * the request is made to fail once (the server answers 500), then allowed through.
 */
interface Screen {
  name: string;
  path: string;
  /** The request(s) that fill the screen. */
  request: string | RegExp;
  /** What the screen shows once its data has come. */
  loaded: (page: Page) => ReturnType<Page['getByRole']>;
}

const screens: Screen[] = [
  {
    name: 'my fleet',
    path: '/my-fleet',
    request: '**/api/vehicles',
    loaded: (page) => page.getByRole('heading', { name: 'No Vehicles Added' }),
  },
];

test.describe.configure({ mode: 'serial' });

let page: Page;

test.beforeAll(async ({ browser }) => {
  test.setTimeout(60_000);
  page = await (await browser.newContext()).newPage();
  await newMember(page, uniqueEmail('error-states'));
});

test.afterAll(async () => {
  await page.context().close();
});

for (const screen of screens) {
  test(`${screen.name}: a failed request shows the error and Retry fetches again`, async () => {
    await page.route(screen.request, (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({
          error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
        }),
      }),
    );
    await page.goto(screen.path);
    const alert = page.getByRole('alert').filter({ hasText: "We couldn't load this" });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    await expect(alert).toContainText('Something went wrong on our side. Please try again.');

    await page.unroute(screen.request);
    await alert.getByRole('button', { name: 'Try again' }).click();
    await expect(screen.loaded(page)).toBeVisible();
    await expect(alert).toBeHidden();
  });
}

test('a page that fails to load shows the error page inside the shell, and Reload recovers', async () => {
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
  await page.goto('/my-fleet');
  await expect(page.getByRole('heading', { name: 'My Fleet', level: 1 })).toBeVisible();
  await page.context().setOffline(true);
  await expect(page.getByText(/You're offline/)).toHaveCount(1);
  await page.context().setOffline(false);
  await expect(page.getByText(/You're offline/)).toBeHidden();
});
