import { expect, test, type Browser, type Page } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail, uniqueWord } from './support/mail';
import { DEMO_BASE_URL } from './support/demo-server';

// Orders are paid in demo mode on this server, as on `npm start`: no card is charged.
test.use({ baseURL: DEMO_BASE_URL });

async function member(browser: Browser, label: string, viewport?: { width: number; height: number }) {
  const context = await browser.newContext({ baseURL: DEMO_BASE_URL, ...(viewport ? { viewport } : {}) });
  const page = await context.newPage();
  await newMember(page, uniqueEmail(label));
  return page;
}

/** The seller connects payouts on the dashboard (at once in demo mode) and lists a part. */
async function sellerWithListing(page: Page, title: string, extra: Record<string, unknown> = {}) {
  await page.goto('/dashboard');
  const payouts = page.getByRole('region', { name: 'Payouts' });
  await expect(payouts.getByText('Seller level: New Seller')).toBeVisible();
  await payouts.getByRole('button', { name: 'Connect payouts' }).click();
  await expect(payouts.getByText('Payouts are on: buyers can pay for your parts here.')).toBeVisible();
  const created = await page.request.post('/api/listings', {
    data: {
      title,
      priceCents: 12000,
      shippingCents: 1500,
      category: 'suspension',
      condition: 'good',
      make: 'Nissan',
      model: '240SX',
      ...extra,
    },
  });
  expect(created.status()).toBe(201);
  return ((await created.json()) as { id: string }).id;
}

test('a shipped order: Buy now, the address, demo payment, Mark shipped, Confirm receipt, then history', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Coilover kit ${uniqueWord()}`;
  const seller = await member(browser, 'order-seller');
  const id = await sellerWithListing(seller, title);

  const buyer = await member(browser, 'order-buyer', { width: 390, height: 844 });
  await buyer.goto(`/listing/${id}`);
  await expect(buyer.getByText('Shipping to your address: $15.00 · Local pickup')).toBeVisible();
  await buyer.getByRole('link', { name: 'Buy now' }).click();
  await expect(buyer.getByRole('heading', { name: 'Checkout' })).toBeVisible();
  await expect(buyer.getByText('Demo payments: no card is charged and nothing is paid out.')).toBeVisible();
  // An address left empty is explained on its fields, and nothing is ordered.
  await buyer.getByRole('button', { name: 'Place order ($135.00)' }).click();
  await expect(buyer.getByText('This field is required.').first()).toBeVisible();
  await buyer.getByLabel('Full name').fill('Alex Kim');
  await buyer.getByLabel('Street address').fill('500 Drift Ln');
  await buyer.getByLabel('City').fill('Irvine');
  await buyer.getByLabel('State').fill('ca');
  await buyer.getByLabel('ZIP code').fill('92618');
  // Local pickup costs no shipping: the total follows the choice.
  await buyer.getByLabel(/Local pickup/).check();
  await expect(buyer.getByRole('button', { name: 'Place order ($120.00)' })).toBeVisible();
  await buyer.getByLabel(/Shipping to your address/).check();
  await buyer.getByRole('button', { name: 'Place order ($135.00)' }).click();

  await expect(buyer).toHaveURL(/\/orders\/[0-9a-f-]{36}$/);
  const orderUrl = new URL(buyer.url()).pathname;
  await expect(buyer.getByText('Paid', { exact: true }).first()).toBeVisible();
  await expect(buyer.getByText('Waiting for the seller to ship')).toBeVisible();
  await expect(buyer.getByText('Alex Kim')).toBeVisible();

  // The seller finds it under Pending sales, with their fee and what they receive.
  await seller.goto('/pending-sales');
  await seller.getByRole('link', { name: new RegExp(title) }).click();
  await expect(seller).toHaveURL(orderUrl);
  await expect(seller.getByText('Your move: ship it and add the tracking number')).toBeVisible();
  await expect(seller.getByText('Seller fee (3.5%)')).toBeVisible();
  await expect(seller.getByText('$126.58')).toBeVisible();
  await seller.getByLabel('Tracking number').fill('1Z879E930346834441');
  await seller.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(seller.getByText(/doesn't look like a tracking number/)).toBeVisible();
  await seller.getByLabel('Tracking number').fill('1Z879E930346834440');
  await seller.getByRole('button', { name: 'Mark shipped' }).click();
  await expect(seller.getByText('Shipped', { exact: true }).first()).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Track the parcel' })).toHaveAttribute(
    'href',
    /1Z879E930346834440/,
  );

  await buyer.reload();
  await expect(buyer.getByText('Your move: confirm receipt once you have it')).toBeVisible();
  await buyer.getByRole('button', { name: 'Confirm receipt' }).click();
  await expect(buyer.getByText('Completed', { exact: true }).first()).toBeVisible();
  await buyer.goto('/history');
  await expect(buyer.getByRole('link', { name: new RegExp(title) })).toContainText('Completed');
  await buyer.goto('/pending-sales');
  await expect(buyer.getByText('Nothing pending.', { exact: false })).toBeVisible();
});

test('a local pickup: the buyer’s hand-off code, entered by the seller, confirms the pickup', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Bucket seat ${uniqueWord()}`;
  const seller = await member(browser, 'pickup-seller');
  const id = await sellerWithListing(seller, title, { shippingCents: null });
  const buyer = await member(browser, 'pickup-buyer');
  await buyer.goto(`/checkout/${id}`);
  await expect(buyer.getByLabel(/Shipping to your address/)).toHaveCount(0);
  await buyer.getByRole('button', { name: 'Place order ($120.00)' }).click();
  await expect(buyer).toHaveURL(/\/orders\//);
  const code = (await buyer
    .getByRole('region', { name: 'Hand-off code' })
    .locator('p.font-mono')
    .textContent())!;
  expect(code).toMatch(/^\d{6}$/);

  await seller.goto(new URL(buyer.url()).pathname);
  await seller.getByRole('button', { name: 'Ready for pickup' }).click();
  await expect(seller.getByText('Ready for pickup', { exact: true }).first()).toBeVisible();
  await seller.getByLabel("Buyer's hand-off code").fill(code === '000000' ? '000001' : '000000');
  await seller.getByRole('button', { name: 'Hand over' }).click();
  await expect(seller.getByText("That hand-off code is not the buyer's.", { exact: false })).toBeVisible();
  await seller.getByLabel("Buyer's hand-off code").fill(code);
  await seller.getByRole('button', { name: 'Hand over' }).click();
  await expect(seller.getByText('Picked up', { exact: true }).first()).toBeVisible();
});
