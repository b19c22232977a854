import { expect, test, type Page } from '@playwright/test';
import { newMember } from './support/accounts';
import { SCRIPTS, holdScripts } from './support/pages';
import { uniqueEmail } from './support/mail';
import { newestListingId } from './support/error-states';

interface Listing {
  id: string;
  title: string;
  photo: unknown;
  createdAt: string;
}

/** The page's own text as the server sent it (before any script ran). */
async function served(page: Page, path: string, headers: Record<string, string> = {}) {
  const response = await page.request.get(path, { headers, maxRedirects: 0 });
  return { status: response.status(), headers: response.headers(), html: await response.text() };
}

/** Everything the browser asks the API for while `act` runs, and the errors it reports. */
async function watch(page: Page, act: () => Promise<void>) {
  const api: string[] = [];
  const errors: string[] = [];
  const onRequest = (request: { url(): string }) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) api.push(`${url.pathname}${url.search}`);
  };
  page.on('request', onRequest);
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  await act();
  page.off('request', onRequest);
  return { api, errors };
}

test('public pages arrive as HTML with their content and data', async ({ page }) => {
  const { items } = (await (await page.request.get('/api/listings?make=Honda')).json()) as {
    items: Listing[];
  };
  expect(items.length).toBeGreaterThan(0);

  const browse = await served(page, '/browse?make=Honda');
  expect(browse.status).toBe(200);
  expect(browse.html).toContain('<title>Browse parts · ModMarket</title>');
  for (const item of items) expect(browse.html).toContain(item.title.replace(/&/g, '&amp;'));
  expect(browse.html).toContain('id="page-state"');

  const home = await served(page, '/');
  expect(home.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  const guide = await served(page, '/selling-guide');
  expect(guide.html).toContain('<title>Selling Guide · ModMarket</title>');
  const terms = await served(page, '/terms');
  expect(terms.html).toMatch(/<h1[^>]*>Terms/);

  // A seeded listing with photos (the oldest): other journeys add newer ones, with small photos or none.
  const listing = items
    .filter((item) => item.photo)
    .sort((a, b) => a.createdAt.localeCompare(b.createdAt))[0];
  if (!listing) throw new Error('no seeded Honda listing has a photo');
  const id = listing.id;
  const detail = await served(page, `/listing/${id}`);
  expect(detail.html).toMatch(/<h1[^>]*>[^<]+<\/h1>/);
  expect(detail.html).toMatch(new RegExp(`<link rel="canonical" href="http://[^"]+/listing/${id}"`));
  // The first photo is asked for with the HTML, in the size the screen needs.
  expect(detail.html).toMatch(/<link rel="preload" as="image"[^>]* imageSrcSet="[^"]*320w[^"]*1280w"/i);
  expect(detail.html).toContain(listing.title.replace(/&/g, '&amp;'));

  const missing = await served(page, '/listing/00000000-0000-4000-8000-000000000000');
  expect(missing.status).toBe(404);
});

/**
 * Waits until React has taken over the server's HTML and the page is alive (no control still waits for
 * it, `useWaiting`). Hydration is a transition that yields to the browser: on a busy machine it may end
 * after the network has gone quiet.
 */
async function alive(page: Page, path: string) {
  await expect
    .poll(
      () =>
        page.evaluate(
          () =>
            Object.keys(document.getElementById('root')!).some((key) => key.startsWith('__reactContainer')) &&
            !document.querySelector('[data-waiting]'),
        ),
      { message: path },
    )
    .toBe(true);
}

test('the page comes alive without fetching its data again or changing what it shows', async ({ page }) => {
  const id = await newestListingId(page);
  for (const path of ['/', '/browse?make=Honda', `/listing/${id}`, '/buying-guide', '/privacy']) {
    const before = (await served(page, path)).html;
    expect(before).toContain('id="page-state"');
    const { api, errors } = await watch(page, async () => {
      await page.goto(path, { waitUntil: 'networkidle' });
    });
    // The page's own data came with it: the only call is counting a listing's view.
    expect(
      api.filter((call) => !call.endsWith('/views')),
      path,
    ).toEqual([]);
    expect(errors, path).toEqual([]);
    await alive(page, path);
  }
  // Alive: a link is followed in the page, and the next page's data is fetched by the browser. A link
  // clicked before then is followed as a plain link, to the page rendered by the server.
  await page.goto('/browse');
  await alive(page, '/browse');
  const next = page.waitForResponse((response) => new URL(response.url()).pathname === `/api/listings/${id}`);
  await page.locator(`a[href="/listing/${id}"]`).first().click();
  await next;
  await expect(page).toHaveURL(`/listing/${id}`);
});

test('pages are rendered in the reader language: the chosen one, else the browser one', async ({ page }) => {
  const spanish = await served(page, '/browse', { Cookie: 'modmarket.language=es' });
  expect(spanish.html).toContain('<html lang="es">');
  expect(spanish.html).toContain('Explorar piezas');
  const chinese = await served(page, '/browse', { 'Accept-Language': 'zh-CN,zh;q=0.9' });
  expect(chinese.html).toContain('<html lang="zh-CN">');
  expect(chinese.headers.vary).toContain('Accept-Language');

  // Chosen in the page: the next page comes from the server in that language, with no flash.
  await page.goto('/');
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
  await expect(page.locator('html')).toHaveAttribute('lang', 'es');
  expect((await served(page, '/browse')).html).toContain('<html lang="es">');
  const { errors } = await watch(page, async () => {
    await page.goto('/browse', { waitUntil: 'networkidle' });
  });
  expect(errors).toEqual([]);
  await expect(page.getByRole('heading', { name: 'Explorar piezas', level: 1 })).toBeVisible();
});

test('a visitor asking for a members page is sent to sign in first, and a member is rendered as one', async ({
  page,
}) => {
  const visitor = await served(page, '/my-fleet?from=menu');
  expect(visitor.status).toBe(302);
  expect(visitor.headers.location).toBe(
    `/auth?mode=signin&redirect=${encodeURIComponent('/my-fleet?from=menu')}`,
  );

  await newMember(page, uniqueEmail('rendered'));
  const home = await served(page, '/');
  expect(home.html).toContain('"queryKey":["session"]');
  expect(home.html).toContain('Mika');
  expect((await served(page, '/my-fleet')).status).toBe(200);
  expect(home.headers['cache-control']).toBe('private, no-cache');
});

test('the moderation desk answers the not-found page to visitors and to members without the role', async ({
  page,
}) => {
  const unknown = await served(page, '/no/such/page');
  expect(unknown.status).toBe(404);
  const visitor = await served(page, '/admin');
  expect(visitor.status).toBe(404);
  const notFoundHeading = /<h1[^>]*>[^<]+<\/h1>/;
  expect(visitor.html.match(notFoundHeading)?.[0]).toBe(unknown.html.match(notFoundHeading)?.[0]);
  expect(visitor.html).not.toContain('Moderation desk');

  await newMember(page, uniqueEmail('not-a-moderator'));
  const member = await served(page, '/admin');
  expect(member.status).toBe(404);
  expect(member.html.match(notFoundHeading)?.[0]).toBe(unknown.html.match(notFoundHeading)?.[0]);
  expect(member.html).not.toContain('Moderation desk');
});

test('a tap on the server’s HTML waits for the page to come alive, and is not lost', async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto('/auth', { waitUntil: 'commit' });
  const signUp = page.getByRole('tab', { name: 'Sign Up' });
  await expect(signUp).toBeDisabled();
  const tapped = signUp.click();
  release();
  await tapped;
  await expect(page.getByLabel('Confirm Password')).toBeVisible();

  await page.unroute(SCRIPTS);
  await newMember(page, uniqueEmail('early-tap'));
  const releaseAgain = await holdScripts(page);
  await page.goto('/onboarding/role', { waitUntil: 'commit' });
  const both = page.getByRole('radio', { name: /Both/ });
  await expect(both).toBeDisabled();
  await expect(both).toHaveAttribute('data-waiting', '');
  const chosen = both.click();
  releaseAgain();
  await chosen;
  await expect(both).toBeChecked();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
});

/** The app itself (`main.tsx`'s chunk), which takes the server's page over. */
const APP_SCRIPT = /\/assets\/main-[^/]*\.js(\?|$)/;

test('a tap on a button before the page comes alive is made once it is', async ({ page }) => {
  // The app itself (`main`) is held: the server's HTML is shown, its entry has run and the page's
  // chunks are loaded, and nothing has taken the page over.
  const release = await holdScripts(page, APP_SCRIPT);
  const appAskedFor = page.waitForRequest(APP_SCRIPT);
  await page.goto('/auth', { waitUntil: 'commit' });
  await appAskedFor;
  const signUp = page.getByRole('tab', { name: 'Sign Up' });
  await expect(signUp).toHaveAttribute('data-waiting', '');
  // A person's tap, where the tab is: not Playwright's click, which waits for the tab to be enabled.
  const box = (await signUp.boundingBox())!;
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByLabel('Confirm Password')).toHaveCount(0);
  release();
  await expect(page.getByLabel('Confirm Password')).toBeVisible();
  await expect(signUp).toHaveAttribute('aria-selected', 'true');
});
