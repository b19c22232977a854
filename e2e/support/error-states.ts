import { expect, test, type Locator, type Page } from '@playwright/test';
import { uniqueEmail } from './mail';
import { newMember } from './accounts';

/**
 * Every screen family that fetches data says so when its request fails, and Retry brings the data:
 * the request is made to fail once (the server answers 500), then allowed through. The page arrives
 * as when the server could not fetch its data either (without the state it is taken over from), so
 * the browser asks for everything, as it does after a client-side navigation.
 */
export interface Screen {
  name: string;
  /** Where the screen is; a function makes what it shows first (as the file's member) and names it. */
  path: string | ((page: Page) => Promise<string>);
  /** The request(s) that fill the screen. */
  request: string | RegExp;
  /** What the screen shows once its data has come. */
  loaded: (page: Page) => Locator;
}

/**
 * One test per screen, in order, as one new member (signed in once for the file). Returns the member's
 * page for the file's other tests.
 */
export function errorStateTests(screens: Screen[]): () => Page {
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
      const path = typeof screen.path === 'string' ? screen.path : await screen.path(page);
      await page.route(screen.request, (route) =>
        route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: JSON.stringify({
            error: { code: 'INTERNAL_ERROR', message: 'Something went wrong on our side. Please try again.' },
          }),
        }),
      );
      await servedWithoutData(page, path);
      await page.goto(path);
      const alert = page.getByRole('alert').filter({ hasText: "We couldn't load this" });
      await expect(alert).toBeVisible({ timeout: 15_000 });
      await expect(alert).toContainText('Something went wrong on our side. Please try again.');

      await page.unrouteAll({ behavior: 'ignoreErrors' });
      await alert.getByRole('button', { name: 'Try again' }).click();
      await expect(screen.loaded(page)).toBeVisible();
      await expect(alert).toBeHidden();
    });
  }
  return () => page;
}

/** The page at `path` as the server sends it, less the data it rendered with: the browser renders it anew. */
async function servedWithoutData(page: Page, path: string) {
  const pathname = new URL(path, 'http://localhost').pathname;
  await page.route(
    (url) => url.pathname === pathname,
    async (route) => {
      if (route.request().resourceType() !== 'document') return route.fallback();
      const response = await route.fetch();
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      const body = (await response.text()).replace(
        /<script type="application\/json" id="page-state">[\s\S]*?<\/script>/,
        '',
      );
      await route.fulfill({ response, headers, body });
    },
  );
}

/** The id of the newest listing of the demo catalogue. */
export async function newestListingId(page: Page): Promise<string> {
  const answer = (await (await page.request.get('/api/listings?limit=1')).json()) as {
    items: { id: string }[];
  };
  return answer.items[0]!.id;
}
