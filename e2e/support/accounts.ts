import { expect, type Page } from '@playwright/test';
import { linkIn, waitForMail } from './mail';

export const PASSWORD = 'Turb0!Boost';

/** Chooses the language as the language menu does: the cookie the server renders pages by. */
export async function chooseLanguage(page: Page, language: 'en' | 'es' | 'zh-CN') {
  await page.goto('/');
  await page.evaluate((value) => {
    document.cookie = `modmarket.language=${value}; Path=/; SameSite=Lax`;
  }, language);
}

/** Fills and sends the sign-up form; ends on "Check Your Email". */
export async function submitSignUp(page: Page, email: string, options: { keepSignedIn?: boolean } = {}) {
  await page.goto('/auth?mode=signup');
  await page.getByLabel('First Name').fill('Mika');
  await page.getByLabel('Last Name').fill('Hakkinen');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Phone').fill('(415) 867-2309');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirm Password').fill(PASSWORD);
  if (options.keepSignedIn) await page.getByLabel('Keep me signed in').check();
  await page.getByRole('button', { name: 'Create Account' }).click();
  await expect(page).toHaveURL(`/email-confirmation?email=${encodeURIComponent(email)}`);
}

/**
 * Signs up through the form and confirms through the emailed link in the same browser, which signs it
 * in: ends on the home page (onboarding is offered there, never forced), or, with `signedOut`, signed
 * out on the sign-in tab.
 */
export async function signUpAndConfirm(
  page: Page,
  email: string,
  options: { keepSignedIn?: boolean; signedOut?: boolean } = {},
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

/**
 * A new member, confirmed, signed in and past onboarding (skipped), on the home page. Made through the
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
    firstName: 'Mika',
    lastName: 'Hakkinen',
    email,
    phone: '(415) 867-2309',
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
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: unknown };
  expect(session.user, 'signed in').toBeTruthy();
}
