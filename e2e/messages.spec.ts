import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
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

test('messages, receipts and counters arrive live, and nothing is lost offline', async ({ browser }) => {
  test.setTimeout(150_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('live-seller'));
  const created = await seller.request.post('/api/listings', {
    data: {
      title: 'Tomei titanium exhaust',
      price: '1350',
      category: 'exhaust',
      condition: 'good',
      make: 'Nissan',
      model: 'Silvia',
    },
  });
  const { id } = (await created.json()) as { id: string };
  await seller.goto('/messages');
  await expect(seller.getByRole('heading', { name: 'Select a Conversation' })).toBeVisible();

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('live-buyer'));
  await buyer.goto(`/listing/${id}`);
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  await buyer.getByLabel('Your message').fill('Is the flex pipe intact?');
  await buyer.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message sent!')).toBeVisible();

  // Without a reload: the conversation appears and both nav counters rise.
  const row = seller.getByRole('link', { name: /Tomei titanium exhaust/ });
  await expect(row).toContainText('1 unread message');
  await expect(seller.getByRole('link', { name: 'Messages, 1 unread' })).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible();

  // The buyer keeps the conversation open and sees the reply and the receipt arrive.
  await buyer.goto('/messages');
  await buyer.getByRole('link', { name: /Tomei titanium exhaust/ }).click();
  const buyerThread = buyer.getByRole('region', { name: 'Conversation', exact: true });
  await expect(buyerThread.getByText('Is the flex pipe intact?')).toBeVisible();

  await row.click();
  const sellerThread = seller.getByRole('region', { name: 'Conversation', exact: true });
  await expect(sellerThread.getByText('Is the flex pipe intact?')).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(buyerThread.getByText('· Read')).toBeVisible();

  const sellerBox = seller.getByLabel('Type your message');
  await sellerBox.fill('Yes, no leaks.');
  await sellerBox.press('Enter');
  await expect(buyerThread.getByText('Yes, no leaks.')).toBeVisible();

  // The buyer loses the network, writes anyway; the seller writes meanwhile.
  await buyerContext.setOffline(true);
  await expect(buyer.getByText(/You're offline/)).toBeVisible();
  const buyerBox = buyer.getByLabel('Type your message');
  await buyerBox.fill('Great, I will take it.');
  await buyerBox.press('Enter');
  await expect(buyerThread.getByText('Great, I will take it.')).toBeVisible();
  await sellerBox.fill('I can ship Monday.');
  await sellerBox.press('Enter');
  await expect(sellerThread.getByText('I can ship Monday.')).toBeVisible();

  await buyerContext.setOffline(false);
  await expect(buyerThread.getByText('I can ship Monday.')).toBeVisible({ timeout: 20_000 });
  await expect(sellerThread.getByText('Great, I will take it.')).toBeVisible({ timeout: 20_000 });
  await expect(buyer.getByText(/You're offline/)).toBeHidden();
  // Each message exactly once on both sides, also after a reload.
  for (const page of [buyer, seller]) {
    await page.reload();
    // The inbox row and the open conversation's header both keep the title.
    await expect(page.getByText(`${title} · No Longer Available`)).toHaveCount(2);
    await expect(page.getByText('Is the flange 60 mm?').last()).toBeVisible();
  }
  await sellerContext.close();
  await buyerContext.close();
});
