import { expect, test } from '@playwright/test';
import { PASSWORD, submitSignUp } from './support/accounts';
import { linkIn, uniqueEmail, waitForMail } from './support/mail';

/** Signing up on a phone, as most people confirm: in the mail app's own browser. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('in Chinese, the link opened in another browser asks for the password, and both browsers are signed in', async ({
  page,
  browser,
  baseURL,
}) => {
  const email = uniqueEmail('phone-elsewhere');
  await page.context().addCookies([{ name: 'modmarket.language', value: 'zh-CN', url: baseURL! }]);
  // The sign-up itself (the form is the accounts journeys' subject), from this browser.
  await page.goto('/');
  const signedUp = await page.request.post('/api/auth/sign-up', {
    headers: { origin: new URL(baseURL!).origin },
    data: {
      email,
      password: PASSWORD,
      confirmPassword: PASSWORD,
      keepSignedIn: false,
      language: 'zh-CN',
    },
  });
  expect(signedUp.status()).toBe(202);
  await page.goto(`/email-confirmation?email=${encodeURIComponent(email)}`);
  // While it waits, it says the link may be finished on any device.
  await expect(page.getByText('您可以在任何设备上打开该链接')).toBeVisible();

  // The mail app's browser: the link asks for the password chosen, for that address.
  const mailApp = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  await mailApp.addCookies([{ name: 'modmarket.language', value: 'zh-CN', url: baseURL! }]);
  const phone = await mailApp.newPage();
  await phone.goto(linkIn(await waitForMail(email), '/confirm-signup'));
  await expect(phone.getByRole('heading', { name: '完成创建账户' })).toBeVisible();
  await expect(phone.getByText(email)).toBeVisible();
  await phone.getByLabel('密码').fill('Wr0ng!Guess');
  await phone.getByRole('button', { name: '完成并登录' }).click();
  await expect(phone.getByRole('alert').first()).toBeVisible();
  await phone.getByLabel('密码').fill(PASSWORD);
  await phone.getByRole('button', { name: '完成并登录' }).click();
  await expect(phone.locator('[data-sonner-toast]').filter({ hasText: '邮箱已确认！' })).toBeVisible();
  await expect(phone).toHaveURL('/');
  await mailApp.close();

  // Back in the browser that signed up: it looks, and is signed in too.
  await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
  await expect(page).toHaveURL('/');
  const session = (await (await page.request.get('/api/auth/session')).json()) as { user: { email: string } };
  expect(session.user.email).toBe(email);
});

test('a visitor on a listing signs up from Contact Seller, lands back on it, gives a name once, and messages the seller', async ({
  page,
}) => {
  const email = uniqueEmail('phone-contact');
  const { items } = (await (await page.request.get('/api/listings?make=Honda')).json()) as {
    items: { id: string; title: string }[];
  };
  const listing = items[0]!;
  await page.goto(`/listing/${listing.id}`);
  await page.getByRole('link', { name: 'Sign In to Contact Seller' }).click();
  await expect(page).toHaveURL(/\/auth\?mode=signin&redirect=/);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  // An address and a password, nothing else.
  await expect(page.getByLabel('First Name')).toHaveCount(0);
  await expect(page.getByLabel('Phone')).toHaveCount(0);
  await submitSignUp(page, email, { from: 'here' });
  await page.goto(linkIn(await waitForMail(email), '/confirm-signup'));
  await expect(page.getByRole('heading', { name: 'Account Confirmed!' })).toBeVisible();

  // Back where they were going: the listing, not onboarding and not home.
  await expect(page).toHaveURL(`/listing/${listing.id}`, { timeout: 5000 });
  await page.getByRole('button', { name: 'Contact Seller' }).click();
  const dialog = page.getByRole('dialog', { name: 'Send Message to Seller' });
  // A message shows the sender's name: asked here, once.
  await dialog.getByLabel('First Name').fill('Mika');
  await dialog.getByLabel('Last Name').fill('Hakkinen');
  await dialog.getByRole('button', { name: 'Continue' }).click();
  await dialog.getByLabel('Your message').fill('Is this still available? I can pick it up this week.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();

  await page.goto('/messages');
  await expect(
    page.getByRole('link', {
      name: new RegExp(listing.title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')),
    }),
  ).toBeVisible();
});
