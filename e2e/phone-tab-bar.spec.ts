import { expect, test, type Browser, type Page } from '@playwright/test';
import { newMember, signIn } from './support/accounts';
import { uniqueEmail } from './support/mail';

/** The tab bar at the bottom of a phone's screen, and the auth page it and the menu lead to. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };

/** A member in a browser of their own (not the page under test), for what they do through the API. */
async function otherMember(browser: Browser, name: string) {
  const context = await browser.newContext(PHONE);
  const page = await context.newPage();
  const email = uniqueEmail(name);
  await newMember(page, email);
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as { id: string };
  };
  return { email, post, close: () => context.close() };
}

/** Console errors and failed scripts: a page that does not hydrate as it was served reports one. */
function collectErrors(page: Page) {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test('a visitor: Sign in in the tab bar, Sign Up opens its tab without social buttons, Sell goes through sign-in to the form', async ({
  page,
  browser,
}) => {
  const seller = await otherMember(browser, 'tabs-visitor');
  await seller.close();
  const errors = collectErrors(page);

  await page.goto('/');
  const tabs = page.getByRole('navigation', { name: 'Shortcuts' });
  await expect(tabs.getByRole('link')).toHaveText(['Home', 'Search', 'Sell', 'Inbox', 'Sign In']);
  await expect(tabs.getByRole('link', { name: 'Home' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/auth?mode=signin');
  await tabs.getByRole('link', { name: 'Search' }).click();
  await expect(page).toHaveURL('/browse');
  await expect(tabs.getByRole('link', { name: 'Search' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');

  // The menu's Sign Up opens the Sign Up tab; no provider is configured here, so no social sign-in.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/auth?mode=signup');
  await expect(page.getByRole('tab', { name: 'Sign Up' })).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();
  await expect(page.getByRole('button', { name: /^Continue with/ })).toHaveCount(0);
  await expect(page.getByText('or continue with')).toHaveCount(0);
  // The server's HTML, the first paint, says the same.
  const [served = ''] = (await (await page.request.get('/auth?mode=signup')).text()).split('id="page-state"');
  expect(/<button[^>]*aria-selected="true"[^>]*>Sign Up</.test(served), 'Sign Up is the selected tab').toBe(
    true,
  );
  expect(served.includes('or continue with'), 'no "or continue with" line').toBe(false);

  await tabs.getByRole('link', { name: 'Sell' }).click();
  await expect(page).toHaveURL('/auth?mode=signin&redirect=%2Fcreate');
  await expect(tabs.getByRole('link', { name: 'Sign In' })).toHaveAttribute('aria-current', 'page');
  await signIn(page, seller.email);
  await expect(page).toHaveURL('/create');
  await expect(page.getByRole('button', { name: 'Publish Listing' })).toBeVisible();
  await expect(tabs.getByRole('link', { name: 'Sell' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Account' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('in Spanish, a member reaches Sell and Inbox from the tab bar, whose Inbox counts a message and an offer', async ({
  page,
  context,
  baseURL,
  browser,
}) => {
  await context.addCookies([{ name: 'modmarket.language', value: 'es', url: baseURL! }]);
  const errors = collectErrors(page);
  await newMember(page, uniqueEmail('tabs-member'));
  const created = await page.request.post('/api/listings', {
    data: {
      title: 'Turbo manifold',
      priceCents: 42000,
      category: 'engine',
      condition: 'good',
      make: 'Nissan',
      model: 'Skyline',
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };

  const tabs = page.getByRole('navigation', { name: 'Accesos rápidos' });
  await tabs.getByRole('link', { name: 'Vender' }).click();
  await expect(page).toHaveURL('/create');
  await expect(tabs.getByRole('link', { name: 'Vender' })).toHaveAttribute('aria-current', 'page');
  await expect(tabs.getByRole('link', { name: 'Buzón', exact: true })).toBeVisible();

  // Another member writes about the part and makes an offer: two unread in the Inbox.
  const buyer = await otherMember(browser, 'tabs-buyer');
  await buyer.post(`/api/listings/${id}/messages`, { content: '¿Sigue disponible?' });
  await buyer.post(`/api/listings/${id}/offers`, { amountCents: 38000, note: '' });
  await buyer.close();
  const inbox = tabs.getByRole('link', { name: 'Buzón, 2 sin leer' });
  await expect(inbox).toBeVisible();

  await inbox.click();
  await expect(page).toHaveURL('/messages');
  await expect(page.getByRole('heading', { level: 1, name: 'Mensajes' })).toBeVisible();
  await expect(inbox).toHaveAttribute('aria-current', 'page');
  await tabs.getByRole('link', { name: 'Cuenta' }).click();
  await expect(page).toHaveURL('/dashboard');
  expect(errors).toEqual([]);
});
