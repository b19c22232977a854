import { expect, test } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail, uniqueWord } from './support/mail';

test('an offer round: made, countered, accepted; the part pending for the buyer, then released', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Titanium downpipe ${uniqueWord()}`;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('offer-seller'));
  const created = await seller.request.post('/api/listings', {
    data: { title, priceCents: 50000, category: 'exhaust', condition: 'good', make: 'Subaru', model: 'WRX' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('offer-buyer'));
  await buyer.goto(`/listing/${id}`);
  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Make an offer' });
  // An empty amount is refused on its field, and nothing is sent.
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(dialog.getByText('This field is required.')).toBeVisible();
  await dialog.getByLabel('Your offer ($)').fill('400');
  await dialog.getByLabel('Note to the seller (optional)').fill('Cash on pickup this weekend.');
  await dialog.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyer.getByText('Offer sent')).toBeVisible();
  await expect(buyer.getByText(/Your offer of \$400 is waiting for the seller's answer until/)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Make an offer' })).toBeHidden();

  // The seller answers in the conversation with a counter-offer.
  await seller.goto('/messages');
  const row = seller.getByRole('link', { name: new RegExp(title) });
  await expect(row).toContainText('Offer: $400');
  await row.click();
  const thread = seller.getByRole('region', { name: 'Conversation', exact: true });
  await expect(thread.getByText('Offer: $400')).toBeVisible();
  await expect(thread.getByText('Cash on pickup this weekend.')).toBeVisible();
  const onTable = seller.getByRole('region', { name: '$400 is on the table' });
  await onTable.getByRole('button', { name: 'Counter' }).click();
  await onTable.getByLabel('Your counter-offer ($)').fill('460');
  await onTable.getByRole('button', { name: 'Send counter-offer' }).click();
  await expect(seller.getByText('Counter-offer sent')).toBeVisible();
  await expect(seller.getByText(/Waiting for an answer to \$460 until/)).toBeVisible();

  // The buyer sees the counter on the listing and accepts it in the conversation.
  await buyer.reload();
  await expect(buyer.getByText(/The seller countered with \$460\. Answer before/)).toBeVisible();
  await buyer.getByRole('link', { name: 'Open conversation' }).click();
  const buyerTable = buyer.getByRole('region', { name: '$460 is on the table' });
  await buyerTable.getByRole('button', { name: 'Accept' }).click();
  await expect(buyer.getByText('Offer accepted')).toBeVisible();
  await expect(
    buyer.getByRole('region', { name: 'Conversation', exact: true }).getByText('Offer of $460 accepted'),
  ).toBeVisible();

  // Live on the seller's open thread.
  await expect(thread.getByText('Offer of $460 accepted')).toBeVisible({ timeout: 20_000 });

  // Pending: the buyer is told it is held for them; anyone else sees Pending and cannot offer.
  await buyer.goto(`/listing/${id}`);
  await expect(buyer.getByText(/Your offer of \$460 was accepted\. The part is held for you/)).toBeVisible();
  const otherContext = await browser.newContext();
  const other = await otherContext.newPage();
  await newMember(other, uniqueEmail('offer-other'));
  await other.goto(`/listing/${id}`);
  await expect(other.getByText('Pending', { exact: true })).toBeVisible();
  await expect(
    other.getByText('An offer was accepted: this part is held for another buyer for now.'),
  ).toBeVisible();
  await expect(other.getByRole('button', { name: 'Make an offer' })).toBeHidden();

  // The seller releases it: back on the market, and the buyer is told in the conversation.
  await seller.goto(`/listing/${id}`);
  await expect(seller.getByText(/You accepted an offer: the part is held for that buyer/)).toBeVisible();
  // Mark Sold asks who bought it, preset to the buyer whose offer was accepted (not "Someone else").
  await seller.getByRole('button', { name: 'Mark Sold' }).click();
  const soldTo = seller.getByRole('dialog', { name: 'Who bought it?' });
  await expect(
    soldTo.getByRole('radio', { name: 'Someone else, or not through ModMarket' }),
  ).not.toBeChecked();
  await expect(soldTo.getByRole('radio', { checked: true })).toHaveCount(1);
  await soldTo.getByRole('button', { name: 'Cancel' }).click();
  await seller.getByRole('button', { name: 'Release' }).click();
  await expect(seller.getByText('Listing released')).toBeVisible();
  await other.reload();
  await expect(other.getByRole('button', { name: 'Make an offer' })).toBeVisible();
  await buyer.goto('/messages');
  await buyer.getByRole('link', { name: new RegExp(title) }).click();
  await expect(
    buyer
      .getByRole('region', { name: 'Conversation', exact: true })
      .getByText('Accepted offer of $460 released: the part is back on the market'),
  ).toBeVisible();

  await sellerContext.close();
  await buyerContext.close();
  await otherContext.close();
});

test('a firm price takes no offers, and an offer below the seller’s floor is declined at once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const seller = await context.newPage();
  await newMember(seller, uniqueEmail('floor-seller'));
  // The seller sets the floor in the listing form.
  const created = await seller.request.post('/api/listings', {
    data: {
      title: `Big brake kit ${uniqueWord()}`,
      priceCents: 90000,
      category: 'brakes',
      condition: 'good',
      make: 'BMW',
      model: 'M3',
    },
  });
  const { id } = (await created.json()) as { id: string };
  await seller.goto(`/listing/${id}/edit`);
  await seller.getByRole('button', { name: 'More details' }).click();
  await seller.getByLabel('Decline offers below ($, optional)').fill('700');
  await seller.getByRole('button', { name: 'Save Changes' }).click();
  await expect(seller).toHaveURL(`/listing/${id}`);

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('floor-buyer'));
  await buyer.goto(`/listing/${id}`);
  await buyer.getByRole('button', { name: 'Make an offer' }).click();
  await buyer.getByLabel('Your offer ($)').fill('500');
  await buyer.getByRole('button', { name: 'Send offer' }).click();
  await expect(buyer.getByText('You can make another offer.')).toBeVisible();
  await expect(buyer.getByText(/Your offer of \$500 was declined\. You can make another\./)).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Make an offer' })).toBeVisible();

  // Firm: the seller turns offers off; the button goes.
  await seller.goto(`/listing/${id}/edit`);
  await seller.getByRole('button', { name: 'More details' }).click();
  await seller.getByRole('radio', { name: 'Firm' }).check();
  await seller.getByRole('button', { name: 'Save Changes' }).click();
  await expect(seller).toHaveURL(`/listing/${id}`);
  await buyer.reload();
  await expect(buyer.getByText('Firm price', { exact: true })).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Make an offer' })).toBeHidden();

  await context.close();
  await buyerContext.close();
});
