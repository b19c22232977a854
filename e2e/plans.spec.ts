import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { newMember } from './support/accounts';

// The end-to-end server runs with NODE_ENV=production and no Stripe settings, where demo billing is
// refused: billing is off, so the page offers the plans without a way to buy one. Switching plans (demo
// and Stripe) is covered by the API tests (features/billing/billing.test.ts).
test('without a payment provider, a member sees the plans and that paid plans are not available yet', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await newMember(page, uniqueEmail('upgrade'));

  // Bronze is told what AI help is and where to get it (e2e/phone-listing-form.spec.ts looks closer).
  await page.goto('/create');
  await expect(page.getByText(/It comes with Gold and Platinum\./)).toBeVisible();
  await page.getByRole('link', { name: 'See plans' }).click();
  await expect(page).toHaveURL('/upgrade');
  await expect(page.getByText('Paid plans are not available yet.')).toBeVisible();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
  await expect(page.getByText('0 of 3 active listings')).toBeVisible();
  await expect(page.getByText('0 of 10 new conversations this month')).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Gold/ })).toContainText('Most Popular');
  // Nothing to press that would pretend to sell a plan, and no billing portal.
  await expect(page.getByRole('button', { name: /Upgrade to|Switch to/ })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Manage billing (invoices and cards)' })).toHaveCount(0);
  await expect(page.getByText(/Demo mode/)).toHaveCount(0);
});
