import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { newMember } from './support/accounts';

test('a Bronze member upgrades to Gold in demo mode and uses AI assist', async ({ page }) => {
  test.setTimeout(90_000);
  await newMember(page, uniqueEmail('upgrade'));

  await page.goto('/create');
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await expect(page.getByText('Upgrade Required')).toBeVisible();

  await page.goto('/upgrade');
  await expect(page.getByText(/Demo mode\./)).toBeVisible();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
  await expect(page.getByText('0 of 3 active listings')).toBeVisible();
  await expect(page.getByText('0 of 10 new conversations this month')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Gold/ })).toContainText('Most Popular');
  await page.getByRole('button', { name: 'Upgrade to Gold' }).click();
  await expect(page.getByText("You're now on Gold")).toBeVisible();
  await expect(page.getByText('Demo mode: no payment was taken.')).toBeVisible();
  await expect(page.getByText('Your plan: Gold')).toBeVisible();
  await expect(page.getByText('0 of 10 active listings')).toBeVisible();

  await page.goto('/create');
  await page.getByLabel('Category').selectOption('exhaust');
  await page.getByLabel('Condition').selectOption('like_new');
  await page.getByLabel('Make').selectOption('Mazda');
  await page.getByLabel('Model *').fill('RX-7');
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await expect(page.getByText('Title and description written. Check them before publishing.')).toBeVisible();
  await expect(page.getByLabel('Title *')).toHaveValue(/RX-7/);

  // Back down to Bronze, confirmed.
  await page.goto('/upgrade');
  await page.getByRole('button', { name: 'Switch to Bronze' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch plan' }).click();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
});
