import { expect, test } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { newMember } from './support/accounts';

test('buyer and seller trade messages through the inbox', async ({ browser }) => {
  test.setTimeout(120_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('inbox-seller'));
  const listing = await seller.request.post('/api/listings', {
    data: {
      title: 'Nismo shift knob',
      price: '80',
      category: 'interior',
      condition: 'new',
      make: 'Nissan',
      model: '370Z',
    },
  });
  const { id } = (await listing.json()) as { id: string };

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('inbox-buyer'));
  await buyer.goto(`/listing/${id}`);
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  await buyer
    .getByLabel('Your message')
    .fill('Does it fit a 2012 <b>370Z</b>? See https://example.com/fitment');
  await buyer.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message sent!')).toBeVisible();

  // The seller's nav shows the unread message; the inbox lists the conversation.
  await seller.goto('/');
  await expect(seller.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible({ timeout: 25_000 });
  await seller.goto('/messages');
  await expect(seller.getByRole('heading', { name: 'Select a Conversation' })).toBeVisible();
  const row = seller.getByRole('link', { name: /Nismo shift knob/ });
  await expect(row).toContainText('1 unread message');
  await row.click();
  await expect(seller).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  // Text stays text; the link is clickable and safe.
  await expect(
    seller.getByRole('listitem').filter({ hasText: 'Does it fit a 2012 <b>370Z</b>?' }).last(),
  ).toBeVisible();
  await expect(
    seller.getByRole('link', { name: 'https://example.com/fitment', exact: true }),
  ).toHaveAttribute('rel', /noopener/);
  await expect(seller.getByRole('link', { name: /Messages, 1 unread/ })).toBeHidden({ timeout: 25_000 });

  // Enter sends, Shift+Enter adds a line, blank text is not sent.
  const box = seller.getByLabel('Type your message');
  await box.fill('   ');
  await box.press('Enter');
  await box.fill('Yes, it fits.');
  await box.press('Shift+Enter');
  await box.pressSequentially('Pickup in Oakland.');
  await box.press('Enter');
  await expect(seller.locator('li').filter({ hasText: 'Yes, it fits.' })).toHaveCount(1);
  await expect(box).toHaveValue('');

  await buyer.goto('/messages');
  await buyer.getByRole('link', { name: /Nismo shift knob/ }).click();
  const buyerThread = buyer.getByRole('region', { name: 'Conversation', exact: true });
  await expect(buyerThread.getByText(/Yes, it fits\.\s+Pickup in Oakland\./)).toBeVisible();
  await expect(buyerThread.getByText('· Read')).toBeVisible();

  await sellerContext.close();
  await buyerContext.close();
});
