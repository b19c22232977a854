import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { chooseLanguage, submitSignUp } from './support/accounts';

test('resending with no sign-up waiting in this browser says to sign up again, in each language', async ({
  page,
}) => {
  // A browser that never signed up (a bookmarked page, another device).
  await page.goto(`/email-confirmation?email=${encodeURIComponent(uniqueEmail('nobody'))}`);
  await expect(page.getByRole('heading', { name: 'Check Your Email' })).toBeVisible();
  await page.getByRole('button', { name: 'Resend Confirmation Email' }).click();
  await expect(page.getByText('Signup session expired. Please sign up again.')).toBeVisible();
  await expect(page.getByText('Confirmation Email Sent!')).toHaveCount(0);

  await chooseLanguage(page, 'es');
  await page.goto(`/email-confirmation?email=${encodeURIComponent(uniqueEmail('nadie'))}`);
  await page.getByRole('button', { name: 'Reenviar correo de confirmación' }).click();
  await expect(page.getByText('La sesión de registro ha caducado. Vuelve a registrarte.')).toBeVisible();

  await chooseLanguage(page, 'zh-CN');
  await page.goto(`/email-confirmation?email=${encodeURIComponent(uniqueEmail('wuren'))}`);
  await page.getByRole('button', { name: '重新发送确认邮件' }).click();
  await expect(page.getByText('注册会话已过期，请重新注册。')).toBeVisible();
});

test('resending for the sign-up this browser made sends a new link', async ({ page }) => {
  await submitSignUp(page, uniqueEmail('resend'));
  await page.getByRole('button', { name: 'Resend Confirmation Email' }).click();
  await expect(page.getByText('Confirmation Email Sent!')).toBeVisible();
  await expect(page.getByText('Signup session expired. Please sign up again.')).toHaveCount(0);
});
