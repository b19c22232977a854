import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { newMember } from './support/accounts';
import { STRIPE_BASE_URL, STRIPE_STANDIN_URL } from './support/stripe-server';

// Stripe billing through real code paths: the app talks to a stand-in for Stripe's API, the member pays
// on the stand-in's hosted Checkout page, and the stand-in sends the signed webhooks Stripe would.
test.use({ baseURL: STRIPE_BASE_URL });

test('a member pays for Gold through Checkout, keeps it through a failed payment with a grace notice, and the notice goes once paid', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000);
  const email = uniqueEmail('stripe');
  await newMember(page, email);

  await page.goto('/upgrade');
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
  await expect(page.getByText(/Demo mode|Paid plans are not available yet/)).toHaveCount(0);
  await page.getByRole('button', { name: 'Upgrade to Gold' }).click();

  // Stripe's hosted page (the stand-in's), then back.
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_STANDIN_URL}/c/pay/`));
  await page.getByRole('button', { name: 'Pay' }).click();
  await expect(page).toHaveURL('/upgrade');
  await expect(
    page.getByText('Payment received. Your new plan is active once the payment provider confirms it.'),
  ).toBeVisible();
  // The plan changes when the webhook lands: reload until it has (each try allows a whole page load,
  // whose plan comes from the API once the page is alive).
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Your plan: Gold')).toBeVisible({ timeout: 10_000 });
  }).toPass();
  await expect(page.getByText('0 of 10 active listings')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing (invoices and cards)' })).toBeVisible();
  await expect(page.getByText('Your last payment did not go through.')).toHaveCount(0);

  const found = await request.get(`${STRIPE_STANDIN_URL}/test/subscriptions`, { params: { email } });
  expect(found.ok()).toBe(true);
  const { ids } = (await found.json()) as { ids: string[] };
  expect(ids).toHaveLength(1);
  const setStatus = async (status: 'past_due' | 'active') => {
    const answer = await request.post(`${STRIPE_STANDIN_URL}/test/subscriptions/${ids[0]}/status`, {
      data: { status },
    });
    // The stand-in answers once the app has taken its webhooks.
    expect(answer.ok(), await answer.text()).toBe(true);
  };

  // The renewal payment fails: Gold is kept until the grace period ends, and the page says until when.
  await setStatus('past_due');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Your last payment did not go through.')).toBeVisible({ timeout: 10_000 });
  }).toPass();
  await expect(
    page.getByText(
      /You keep Gold until [A-Z][a-z]+ \d{1,2}, \d{4}\. Update your card to keep it; after that your plan changes to Bronze\.$/,
    ),
  ).toBeVisible();
  await expect(page.getByText('Your plan: Gold')).toBeVisible();

  // Paid after all: the notice goes, Gold stays.
  await setStatus('active');
  await expect(async () => {
    await page.reload();
    await expect(page.getByText('Your plan: Gold')).toBeVisible({ timeout: 10_000 });
    await expect(page.getByText('Your last payment did not go through.')).toHaveCount(0);
  }).toPass();
  await expect(page.getByText(/You keep Gold until /)).toHaveCount(0);

  // Invoices and cards are Stripe's billing portal (the stand-in's).
  await page.getByRole('button', { name: 'Manage billing (invoices and cards)' }).click();
  await expect(page).toHaveURL(new RegExp(`^${STRIPE_STANDIN_URL}/p/session/`));
  await expect(page.getByRole('heading', { name: 'Billing portal' })).toBeVisible();
});
