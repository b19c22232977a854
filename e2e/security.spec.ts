import { expect, test, type Browser } from '@playwright/test';
import { linkIn, uniqueEmail, waitForMail } from './support/mail';
import { holdScripts } from './support/pages';
import { PASSWORD, newMember, submitSignUp } from './support/accounts';

// The end-to-end server runs with NODE_ENV=production, so these are the production rules.

test('the session cookie is httpOnly and SameSite=Lax: page scripts cannot read it', async ({
  page,
  context,
}) => {
  await newMember(page, uniqueEmail('cookie'));
  const session = (await context.cookies()).find((cookie) => cookie.name === 'mm_session');
  expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/' });
  expect(await page.evaluate(() => document.cookie)).not.toContain('mm_session');
});

test('a form on another site cannot post to the marketplace, even for a signed-in member', async ({
  page,
  context,
}) => {
  await newMember(page, uniqueEmail('csrf'));
  await page.goto('/my-fleet');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // Another site's page (served by the test itself) holds an auto-submitting form aimed at the API,
  // sent as text/plain: the one body type such a form can make look like JSON.
  const target = `${new URL(page.url()).origin}/api/vehicles`;
  await context.route('http://attacker.test/**', (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<form method="POST" action="${target}" enctype="text/plain">
        <input name='{"year":1997,"make":"Toyota","model":"Supra","licensePlate":"FORGED","x":"' value='"}'>
      </form><script>document.forms[0].submit()</script>`,
    }),
  );
  const attacker = await context.newPage();
  const answered = attacker.waitForResponse((response) => response.url() === target);
  await attacker.goto('http://attacker.test/');
  // The session cookie is SameSite=Lax: it does not go with another site's POST, so the API sees a
  // visitor and turns them away first (a cookie that did go would meet the cross-site check's 403).
  expect((await answered).status()).toBe(401);

  // Nothing was added to the member's fleet.
  await page.reload();
  await expect(page.getByText('FORGED')).toHaveCount(0);
});

test('text from the address bar is shown as text, never as markup', async ({ page }) => {
  await page.goto(`/email-confirmation?email=${encodeURIComponent('<i>mika</i>@example.com')}`);
  const body = page.getByText('We sent a confirmation link to');
  await expect(body).toContainText('<i>mika</i>@example.com');
  await expect(body.locator('i')).toHaveCount(0);
});

test('the browser that signed up signs in by itself once it opened the link in another tab', async ({
  page,
  context,
}) => {
  const email = uniqueEmail('confirm-here');
  await submitSignUp(page, email);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();

  // Not yet: the link has not been opened.
  await page.getByRole('button', { name: "I've Confirmed My Email" }).click();
  await expect(page.getByText('Email not confirmed yet')).toBeVisible();

  const tab = await context.newPage();
  await tab.goto(linkIn(await waitForMail(email), '/confirm-signup'));
  await expect(tab.getByRole('heading', { name: 'Account Confirmed!' })).toBeVisible();
  await tab.close();

  // The member comes back to the first tab: it looks, and signs in.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL('/');
  // No name yet (sign-up asks for none): the menu shows the address's first part.
  await expect(page.getByRole('button', { name: /confirm-here/ })).toBeVisible();
});

/** Signs in from another browser and signs out there, which ends every session of the member. */
async function signOutEverywhereFrom(browser: Browser, email: string) {
  const elsewhere = await browser.newContext();
  try {
    expect(
      (await elsewhere.request.post('/api/auth/sign-in', { data: { email, password: PASSWORD } })).status(),
    ).toBe(200);
    expect((await elsewhere.request.post('/api/auth/sign-out', { data: {} })).status()).toBe(200);
  } finally {
    await elsewhere.close();
  }
}

test('a tab signed out from another browser forgets the member at once', async ({ page, browser }) => {
  const email = uniqueEmail('ended');
  await newMember(page, email);
  await page.goto('/messages');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  await signOutEverywhereFrom(browser, email);
  await expect(page).toHaveURL(/\/auth\?/);
});

test('a page that comes alive after its session ended elsewhere forgets the member', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('ended-early');
  await newMember(page, email);
  // The page's scripts wait until the session has ended: no socket is open to hear of it.
  const release = await holdScripts(page);
  await page.goto('/messages', { waitUntil: 'commit' });
  // Rendered by the server for the member while the session was alive.
  await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();

  await signOutEverywhereFrom(browser, email);
  release();
  await expect(page).toHaveURL(/\/auth\?/);
});
