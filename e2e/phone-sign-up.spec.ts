import { expect, test } from '@playwright/test';
import { PASSWORD } from './support/accounts';
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
      firstName: 'Wei',
      lastName: 'Zhang',
      email,
      phone: '(415) 867-2309',
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
