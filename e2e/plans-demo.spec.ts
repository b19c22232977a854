import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';
import { DEMO_BASE_URL } from './support/demo-server';

// Plans switch without payment on this server, as on `npm start`.
test.use({ baseURL: DEMO_BASE_URL });

test('a Bronze member upgrades to Gold, writes with AI, boosts a listing to the top of Best match, and goes back to Bronze', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await newMember(page, uniqueEmail('upgrade'));

  await page.goto('/upgrade');
  await expect(page.getByText(/Demo mode\./)).toBeVisible();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Gold' }).click();
  await expect(page.getByText("You're now on Gold")).toBeVisible();
  await expect(page.getByText('Demo mode: no payment was taken.')).toBeVisible();
  await expect(page.getByText('Your plan: Gold')).toBeVisible();
  await expect(page.getByText('0 of 10 active listings')).toBeVisible();

  // Gold writes with AI assist.
  await page.goto('/create');
  await page.getByLabel('Category').selectOption('exhaust');
  await page.getByLabel('Condition').selectOption('like_new');
  await page.getByLabel('Make').selectOption('Mazda');
  await page.getByLabel('Model *').fill('RX-7');
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await expect(page.getByText('Title and description written. Check them before publishing.')).toBeVisible();
  await expect(page.getByLabel('Title *')).toHaveValue(/RX-7/);
  const title = `Racing Beat ${uniqueWord()} exhaust for RX-7`;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Price (USD) *').fill('740');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page).toHaveURL('/dashboard');

  // The demo catalogue's Gold and Platinum sellers have many photos: a new listing without any is
  // not first in Best match until it is boosted.
  const firstCard = page.getByRole('main').locator('a[href^="/listing/"]').first();
  await page.goto('/browse');
  await expect(firstCard).not.toContainText(title);

  await page.goto('/dashboard');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Boost (2 left this month)' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Boosted for 7 days' })).toBeVisible();
  await expect(row.getByText(/^Boosted until /)).toBeVisible();

  // Best match is the default order: the boosted listing leads it, labelled.
  await page.goto('/browse');
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Best match');
  await expect(firstCard).toContainText(title);
  await expect(firstCard).toContainText('Boosted');
  // Another order is kept in the address.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL('/browse?sort=price_asc');

  // The listing's page says until when.
  await page.getByRole('main').locator('a[href^="/listing/"]').filter({ hasText: title }).first().click();
  await expect(page.getByText(/^Boosted until /)).toBeVisible();

  // Back down to Bronze, confirmed.
  await page.goto('/upgrade');
  await page.getByRole('button', { name: 'Switch to Bronze' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch plan' }).click();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
});
