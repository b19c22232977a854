import { expect, test, type Browser, type Page } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail, uniqueWord } from './support/mail';
import { DEMO_BASE_URL } from './support/demo-server';
import { grantAdmin } from './support/operator';
import { photoFiles } from './support/photos';

// When a deal goes wrong, in demo mode (as on `npm start`): a return refunded, the fit guarantee, a
// dispute decided on the moderation desk, and a referral paid when its order completes. Each journey
// sets up its orders through the API and takes the steps under test on the pages, as people would.
test.use({ baseURL: DEMO_BASE_URL });

const UPS = '1Z879E930346834440';
const address = { name: 'Sam Rivera', line1: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' };

async function member(browser: Browser, label: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: DEMO_BASE_URL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  const email = uniqueEmail(label);
  await newMember(page, email);
  return { page, email };
}

/** Payouts connected (at once in demo mode) and a part listed, through the API. */
async function listed(page: Page, title: string, extra: Record<string, unknown> = {}) {
  expect((await page.request.post('/api/payouts/connect')).status()).toBe(200);
  const created = await page.request.post('/api/listings', {
    data: {
      title,
      priceCents: 12000,
      shippingCents: 1500,
      category: 'engine',
      condition: 'good',
      make: 'Toyota',
      model: 'Supra',
      ...extra,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

/** The buyer pays (demo), the seller ships it and marks it delivered: all through the API. */
async function ordered(seller: Page, buyer: Page, listingId: string, { deliver = true } = {}) {
  const placed = await buyer.request.post(`/api/listings/${listingId}/orders`, {
    data: { delivery: 'ship', address },
  });
  expect(placed.status(), await placed.text()).toBe(201);
  const { orderId } = (await placed.json()) as { orderId: string };
  if (deliver) {
    expect(
      (await seller.request.post(`/api/orders/${orderId}/ship`, { data: { trackingNumber: UPS } })).ok(),
    ).toBe(true);
    expect((await seller.request.post(`/api/orders/${orderId}/delivered`, { data: {} })).ok()).toBe(true);
  }
  return orderId;
}

test('a return asked with a photo, accepted, sent back and refunded; a fit-guarantee return where the seller takes none', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const seller = await member(browser, 'return-seller');
  const buyer = await member(browser, 'return-buyer', { width: 390, height: 844 });
  const returnable = await listed(seller.page, `Blow-off valve ${uniqueWord()}`, { acceptsReturns: true });
  const fitted = await listed(seller.page, `Turbo manifold ${uniqueWord()}`, {
    yearStart: 1993,
    yearEnd: 1998,
  });
  const vehicle = await buyer.page.request.post('/api/vehicles', {
    data: { licensePlate: 'JZA80', make: 'Toyota', model: 'Supra', year: 1994 },
  });
  expect(vehicle.status()).toBe(201);
  const first = await ordered(seller.page, buyer.page, returnable);
  const second = await ordered(seller.page, buyer.page, fitted);

  // The buyer asks, with a reason, words and a photo, on a phone.
  await buyer.page.goto(`/orders/${first}`);
  const returns = buyer.page.getByRole('region', { name: 'Return' });
  await returns.getByRole('button', { name: 'Ask to return it' }).click();
  await returns.getByLabel('Reason').selectOption({ label: 'Arrived damaged' });
  await returns
    .getByLabel('What’s wrong')
    .or(returns.getByLabel("What's wrong"))
    .fill('The flange is cracked.');
  const [photo] = await photoFiles();
  await returns.locator('input[type="file"]').setInputFiles(photo!);
  await expect(returns.getByRole('button', { name: 'Send the request' })).toBeEnabled({ timeout: 20_000 });
  await returns.getByRole('button', { name: 'Send the request' }).click();
  await expect(buyer.page.getByText('Waiting for the seller to answer the return')).toBeVisible();

  // The seller accepts; the buyer sends it back with its tracking number.
  await seller.page.goto(`/orders/${first}`);
  await seller.page.getByRole('button', { name: 'Accept the return' }).click();
  await expect(seller.page.getByText('Waiting for the buyer to send the part back')).toBeVisible();
  await buyer.page.reload();
  await returns.getByLabel('Tracking number').fill(UPS);
  await returns.getByRole('button', { name: 'Part sent back' }).click();
  await expect(buyer.page.getByText('Waiting for the seller to confirm the part came back')).toBeVisible();

  // The part is back: the buyer is refunded in full.
  await seller.page.reload();
  await seller.page.getByRole('button', { name: 'The part came back: refund the buyer' }).click();
  await seller.page.getByRole('dialog').getByRole('button', { name: 'Refund the buyer' }).click();
  await expect(seller.page.getByText('Back with the seller').first()).toBeVisible();
  await buyer.page.reload();
  await expect(buyer.page.getByText('Refunded', { exact: true }).first()).toBeVisible();

  // No returns on this listing, but it claimed to fit the buyer's Supra: "Doesn't fit" is accepted at once.
  await buyer.page.goto(`/orders/${second}`);
  await expect(
    buyer.page.getByText(/Fit guarantee: the listing said it fits your 1994 Toyota Supra/),
  ).toBeVisible();
  await returns.getByRole('button', { name: 'Ask to return it' }).click();
  const reasons = returns.getByLabel('Reason').locator('option:not([value=""])');
  await expect(reasons).toHaveText(["Doesn't fit"]);
  await returns.getByLabel('Reason').selectOption({ label: "Doesn't fit" });
  await returns.getByLabel("What's wrong").fill('The flange does not match my head.');
  await returns.getByRole('button', { name: 'Send the request' }).click();
  await expect(returns.getByText('Fit guarantee', { exact: true })).toBeVisible();
  await expect(
    buyer.page.getByText('Your move: send the part back and add its tracking number'),
  ).toBeVisible();
});

test('a referral link shared by a member earns them the seller’s amount when the order completes', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const seller = await member(browser, 'referral-seller');
  const id = await listed(seller.page, `Carbon hood ${uniqueWord()}`, { referralAmountCents: 600 });
  const referrer = await member(browser, 'referrer');
  await referrer.page.goto(`/listing/${id}`);
  await referrer.page.getByRole('button', { name: 'Share & earn $6.00' }).click();
  const link = await referrer.page.getByLabel('Your referral link').inputValue();
  expect(link).toMatch(/\/r\/[A-Za-z0-9]{10}$/);

  // A friend follows it, lands on the listing, and buys it.
  const buyer = await member(browser, 'referred-buyer');
  await buyer.page.goto(new URL(link).pathname);
  await expect(buyer.page).toHaveURL(new RegExp(`/listing/${id}$`));
  const orderId = await ordered(seller.page, buyer.page, id);
  expect((await buyer.page.request.post(`/api/orders/${orderId}/confirm`, { data: {} })).ok()).toBe(true);

  // Earned at completion; owed until the referrer connects payouts, then paid.
  await referrer.page.goto('/dashboard');
  const earnings = referrer.page.getByRole('region', { name: 'Referral earnings' });
  await expect(earnings.getByText('Connect payouts to receive it')).toBeVisible();
  await expect(earnings.getByText('$6.00').first()).toBeVisible();
  await referrer.page
    .getByRole('region', { name: 'Payouts' })
    .getByRole('button', { name: 'Connect payouts' })
    .click();
  // Each try waits for the card's figures after the reload (the page fetches them once it is alive).
  await expect(async () => {
    await referrer.page.reload();
    await expect(earnings.getByText('$6.00').first()).toBeVisible();
    await expect(earnings.getByText('Paid', { exact: true }).first()).toBeVisible({ timeout: 1000 });
    await expect(earnings.getByText('Connect payouts to receive it')).toHaveCount(0, { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
});

test('a dispute opened by the buyer freezes the payout; the desk decides a partial refund and both sides see it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Limited-slip diff ${uniqueWord()}`;
  const seller = await member(browser, 'dispute-seller');
  const id = await listed(seller.page, title);
  const buyer = await member(browser, 'dispute-buyer', { width: 390, height: 844 });
  const orderId = await ordered(seller.page, buyer.page, id, { deliver: false });

  await buyer.page.goto(`/orders/${orderId}`);
  const dispute = buyer.page.getByRole('region', { name: 'Dispute' });
  await dispute.getByRole('button', { name: 'Open a dispute' }).click();
  await dispute.getByLabel('What went wrong').fill('Paid a week ago and the seller has not answered.');
  await dispute.getByRole('button', { name: 'Open the dispute' }).click();
  await expect(buyer.page.getByText('Payout on hold while the dispute is open').first()).toBeVisible();

  // The seller ships and adds their side; a Bronze seller's shipment pays nothing while it is frozen.
  expect(
    (await seller.page.request.post(`/api/orders/${orderId}/ship`, { data: { trackingNumber: UPS } })).ok(),
  ).toBe(true);
  await seller.page.goto(`/orders/${orderId}`);
  const theirs = seller.page.getByRole('region', { name: 'Dispute' });
  await theirs.getByRole('button', { name: 'Add to the dispute' }).click();
  await theirs.getByLabel('What you want to add').fill('Shipped today with UPS, sorry for the wait.');
  await theirs.getByRole('button', { name: 'Add to the dispute' }).last().click();
  await expect(theirs.getByText('Shipped today with UPS, sorry for the wait.')).toBeVisible();

  // The moderation desk reads both sides and decides: $30 back to the buyer, the rest to the seller.
  const moderator = await member(browser, 'dispute-moderator');
  await grantAdmin(DEMO_BASE_URL, moderator.email);
  await moderator.page.goto('/admin');
  // A click before the page has come alive is lost: click until the tab is the selected one.
  const disputesTab = moderator.page.getByRole('tab', { name: 'Disputes' });
  await expect(async () => {
    await disputesTab.click();
    await expect(disputesTab).toHaveAttribute('aria-selected', 'true', { timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  const row = moderator.page.getByRole('listitem', { name: title });
  await expect(row.getByText('Opened by the buyer')).toBeVisible();
  await row
    .getByRole('button', { name: 'Review' })
    .or(row.getByRole('link', { name: 'Review' }))
    .click();
  await expect(moderator.page.getByText('Paid a week ago and the seller has not answered.')).toBeVisible();
  await expect(moderator.page.getByText('Shipped today with UPS, sorry for the wait.')).toBeVisible();
  await moderator.page.getByRole('radio', { name: /Partial refund/ }).check();
  await moderator.page.getByLabel('Refund to the buyer (USD)').fill('30');
  await moderator.page.getByLabel(/^Note/).fill('Shipped late: $30 back for the wait.');
  await moderator.page.getByRole('button', { name: 'Decide' }).click();
  await expect(moderator.page.getByText('Dispute decided. Both sides have been told.')).toBeVisible();

  await buyer.page.reload();
  await expect(
    buyer.page.getByText('Decided: the buyer is refunded $30.00 and the rest is paid to the seller'),
  ).toBeVisible();
  await expect(buyer.page.getByText('Shipped late: $30 back for the wait.').first()).toBeVisible();
  await moderator.page.getByRole('tab', { name: 'Audit log' }).click();
  await expect(moderator.page.getByText('Decided a dispute').first()).toBeVisible();
});
