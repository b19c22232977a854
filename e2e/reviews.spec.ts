import { expect, test } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail, uniqueWord } from './support/mail';

test('a review pair: sold to a buyer, both review, shown on the seller’s page with a reply', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const title = `Carbon airbox ${uniqueWord()}`;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('review-seller'));
  const created = await seller.request.post('/api/listings', {
    data: { title, priceCents: 32000, category: 'engine', condition: 'good', make: 'Honda', model: 'S2000' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('review-buyer'));
  await buyer.goto(`/listing/${id}`);
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  await buyer.getByLabel('Your message').fill('I will take it, cash on Saturday.');
  await buyer.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message sent!')).toBeVisible();

  // The seller marks it sold to the buyer who messaged.
  await seller.goto(`/listing/${id}`);
  await seller.getByRole('button', { name: 'Mark Sold' }).click();
  const who = seller.getByRole('dialog', { name: 'Who bought it?' });
  await who.getByRole('radio', { name: 'Mika H.' }).check();
  await who.getByRole('button', { name: 'Mark Sold' }).click();
  await expect(seller.getByText('Marked as sold')).toBeVisible();

  // The seller waits for the buyer to confirm; nobody can review before.
  await seller.reload();
  await expect(seller.getByText(/Waiting for .+ to confirm the purchase/)).toBeVisible();

  // The buyer is asked, by a notification and on the listing's page, and confirms.
  await buyer.goto('/notifications');
  await buyer.getByText(`Did you buy ${title}?`).click();
  await expect(buyer).toHaveURL(new RegExp(`/listing/${id}$`));
  const asked = buyer.getByRole('region', { name: 'Did you buy this?' });
  await asked.getByRole('button', { name: 'Yes, I bought it' }).click();
  await expect(buyer.getByText('Purchase confirmed')).toBeVisible();

  // The buyer is asked to review, by a card on the listing's page (here on a phone), and reviews
  // first from it: stars are required. Once written, the card goes.
  const desktop = buyer.viewportSize()!;
  await buyer.setViewportSize({ width: 390, height: 844 });
  const card = buyer.getByRole('region', { name: 'How was buying from Mika H.?' });
  await card.getByRole('button', { name: 'Leave a review' }).click();
  const panel = buyer.getByRole('dialog', { name: 'Review Mika H.' });
  await panel.getByLabel('Your review').fill('Exactly as described, friendly handover.');
  await panel.getByRole('button', { name: 'Post review' }).click();
  await expect(panel.getByText('Please choose from 1 to 5 stars.')).toBeVisible();
  await panel.locator('label').filter({ hasText: '5 stars' }).click();
  await panel.getByRole('button', { name: 'Post review' }).click();
  await expect(buyer.getByText('Thanks for your review')).toBeVisible();
  await expect(card).toBeHidden();
  await expect(
    buyer.getByText(/You gave 5 stars\. Your review shows once the other side has written too/),
  ).toBeVisible();
  await buyer.setViewportSize(desktop);

  // Hidden until the seller has written too.
  const sellerId = (await (await seller.request.get(`/api/listings/${id}`)).json()) as {
    seller: { id: string };
  };
  await buyer.goto(`/seller/${sellerId.seller.id}`);
  await expect(buyer.getByRole('heading', { name: 'Reviews' })).toBeVisible();
  await expect(buyer.getByText('Exactly as described, friendly handover.')).toBeHidden();

  await seller.reload();
  const sellerPanel = seller.getByRole('region', { name: 'Review Mika H.' });
  await sellerPanel.locator('label').filter({ hasText: '4 stars' }).click();
  await sellerPanel.getByLabel('Your review').fill('Paid on time.');
  await sellerPanel.getByRole('button', { name: 'Post review' }).click();
  await expect(seller.getByText('You gave 4 stars. Your review is published.')).toBeVisible();

  // Both published: the seller's page shows the buyer's review and the stars; the seller replies once.
  await buyer.reload();
  await expect(buyer.getByText('Exactly as described, friendly handover.')).toBeVisible();
  await expect(buyer.getByText('5.0 (1)').first()).toBeVisible();
  await seller.goto(`/seller/${sellerId.seller.id}`);
  await seller.getByRole('button', { name: 'Reply' }).click();
  await seller.getByLabel('Your reply').fill('Thanks, enjoy the build!');
  await seller.getByRole('button', { name: 'Post reply' }).click();
  await expect(seller.getByText('Reply posted')).toBeVisible();
  await expect(seller.getByText('Thanks, enjoy the build!')).toBeVisible();
  await expect(seller.getByRole('button', { name: 'Reply' })).toBeHidden();

  // The rating shows beside the seller's name on their listings.
  const next = await seller.request.post('/api/listings', {
    data: {
      title: `${title} lid`,
      priceCents: 4000,
      category: 'engine',
      condition: 'good',
      make: 'Honda',
      model: 'S2000',
    },
  });
  const other = (await next.json()) as { id: string };
  await buyer.goto(`/listing/${other.id}`);
  await expect(buyer.getByTitle('5 out of 5 from 1 review')).toBeVisible();

  await sellerContext.close();
  await buyerContext.close();
});
