import { expect, test } from '@playwright/test';
import { uniqueEmail, waitForMail } from './support/mail';
import { chooseLanguage, newMember } from './support/accounts';

test('the member pages speak Spanish and Chinese', async ({ page }) => {
  test.setTimeout(90_000);
  await newMember(page, uniqueEmail('idiomas'));
  await chooseLanguage(page, 'es');

  await page.goto('/my-fleet');
  await expect(page.getByRole('heading', { name: 'No hay vehículos añadidos' })).toBeVisible();
  await page.getByRole('button', { name: 'Añadir vehículo' }).first().click();
  await page.getByLabel('VIN o número de chasis').fill('1HGCM82643A004352');
  await expect(page.getByText(/dígito de control de este VIN/)).toBeVisible();

  await page.goto('/notifications');
  await expect(page.getByRole('heading', { name: 'Notificaciones', level: 1 })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Notificaciones push' })).not.toBeChecked();

  await page.goto('/upgrade');
  await expect(page.getByText('Los planes de pago aún no están disponibles.')).toBeVisible();

  await page.goto('/community');
  await expect(page.getByRole('heading', { name: 'Comparte tu proyecto' })).toBeVisible();
  await page.getByRole('button', { name: 'Publicar proyecto' }).click();
  await expect(page.getByText('Este campo es obligatorio.').first()).toBeVisible();

  await chooseLanguage(page, 'zh-CN');
  await page.goto('/saved-searches');
  await expect(page.getByRole('heading', { name: '保存的搜索和收藏' })).toBeVisible();
  await page.goto('/messages');
  await expect(page.getByRole('heading', { name: '选择一个对话' })).toBeVisible();
});

test("a signed-in member's switch to Spanish is kept on the account: their emails follow it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const email = uniqueEmail('idioma-cuenta');
  await newMember(page, email);

  // The header's language menu: the page switches, and the account keeps the choice.
  const kept = page.waitForResponse(
    (response) => response.url().endsWith('/api/account/language') && response.request().method() === 'PUT',
  );
  await page.getByRole('combobox', { name: 'Language' }).first().selectOption('es');
  expect((await kept).status()).toBe(200);
  await expect(page.getByRole('combobox', { name: 'Idioma' }).first()).toHaveValue('es');

  // Another browser in English (no language cookie): the reset email is in the account's language.
  await page.context().clearCookies();
  await chooseLanguage(page, 'en');
  await page.goto('/forgot-password');
  await page.getByLabel('Email Address').fill(email);
  await page.getByRole('button', { name: 'Send Reset Link' }).click();
  const reset = await waitForMail(email, 2);
  expect(reset.subject).toBe('Restablece tu contraseña de ModMarket');
  expect(reset.text).toContain('Elige una nueva contraseña con el enlace de abajo.');
});
