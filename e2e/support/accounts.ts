import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';
import { takenOver } from './pages';

export const PASSWORD = 'Turb0!Boost';

/**
 * Chooses the language as the language menu does: the cookie the server renders pages by. Set by the
 * browser itself, not through `document.cookie`: a page's cookie write reaches the browser's cookie
 * store a moment later, and a navigation started at once was sent without it (seen in CI, the next
 * page rendered in English).
 */
export async function chooseLanguage(page: Page, language: 'en' | 'es' | 'zh-CN') {
  await page.goto('/');
  await page
    .context()
    .addCookies([
      { name: 'modmarket.language', value: language, url: new URL(page.url()).origin, sameSite: 'Lax' },
    ]);
}

/**
 * Fills and sends the sign-up form (an address and a password: names are asked when first needed); ends
 * on "Check Your Email". `from`: the page the visitor was on, which sent them to sign up.
 */
export async function submitSignUp(
  page: Page,
  email: string,
  options: { keepSignedIn?: boolean; from?: 'here' } = {},
) {
  if (options.from !== 'here') await page.goto('/auth?mode=signup');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  if (options.keepSignedIn) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(`/email-confirmation?email=${encodeURIComponent(email)}`);
}

/**
 * Signs up through the form and confirms through the emailed link in the same browser, which signs it
 * in: ends on the home page (onboarding is offered there, never forced), or, with `signedOut`, signed
 * out on the sign-in tab. The member then has the name Mika Hakkinen, given as the app asks before a
 * first message or listing (through its API: the asking is the subject of its own journeys), unless
 * `named` is false.
 */
export async function signUpAndConfirm(
  page: Page,
  email: string,
  options: { keepSignedIn?: boolean; signedOut?: boolean; named?: boolean } = {},
) {
  await submitSignUp(page, email, options);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();

  const mail = await waitForMail(email);
  expect(mail.subject).toBe('Confirm your ModMarket account');
  await page.goto(linkIn(mail, '/confirm-signup'));
  await expect(page.getByRole('heading', { name: 'Account Confirmed!' })).toBeVisible();
  // The token leaves the address bar at once.
  expect(page.url()).not.toContain('token=');
  await expect(page).toHaveURL('/', { timeout: 5000 });
  if (options.named !== false) {
    await giveName(page, new URL(page.url()).origin);
    await page.reload();
    // Taken over by the app (its scroll manager runs once it has): a link followed while React is
    // still taking the server's HTML over could be lost (seen once in CI, "Set up now" here).
    await takenOver(page);
  }
  if (options.signedOut) {
    await page.context().clearCookies();
    await page.goto(`/auth?mode=signin&email=${encodeURIComponent(email)}`);
    await expect(page.getByLabel('Email')).toHaveValue(email);
  }
}

export async function signIn(page: Page, email: string, password = PASSWORD, keepSignedIn = false) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  if (keepSignedIn) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Sign In', exact: true }).last().click();
}

/** Gives the signed-in member of `page` the name Mika Hakkinen, as the name form does. */
async function giveName(page: Page, origin: string) {
  const response = await page.request.put('/api/account/name', {
    data: { firstName: 'Mika', lastName: 'Hakkinen' },
    headers: { origin },
  });
  expect(response.ok(), `naming: ${response.status()}`).toBe(true);
}

/**
 * A new member, confirmed, signed in, named Mika Hakkinen and past onboarding (skipped), on the home page. Made through the
 * API the sign-up form and the confirmation page call, with the emailed link's token, in this page's
 * browser (its cookies): the forms themselves are the subject of the accounts and onboarding journeys,
 * and a journey that only needs a member starts in one page load instead of five.
 */
export async function newMember(page: Page, email: string) {
  await page.goto('/');
  await memberThroughApi(page, new URL(page.url()).origin, email);
  await page.reload();
  await expect(page).toHaveURL('/');
}

/** The API calls of `newMember`, without a page load: signed in in `page`'s browser (its cookies). */
export async function memberThroughApi(page: Page, origin: string, email: string) {
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data, headers: { origin } });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
  };
  await post('/api/auth/sign-up', {
    email,
    password: PASSWORD,
    confirmPassword: PASSWORD,
    keepSignedIn: false,
    language: 'en',
  });
  const token = new URL(linkIn(await waitForMail(email), '/confirm-signup'), 'http://link').searchParams.get(
    'token',
  );
  await post('/api/auth/confirm-email', { token });
  await post('/api/profile/onboarding/skip', {});
  await giveName(page, origin);
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
  expect(session.user, 'signed in').toBeTruthy();
}
