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
      priceCents: 8000,
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
  // Sent once: one bubble in the conversation (the inbox row's preview shows it too, once it refreshes).
  const conversation = seller.getByRole('region', { name: 'Conversation', exact: true });
  await expect(conversation.locator('li').filter({ hasText: 'Yes, it fits.' })).toHaveCount(1);
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
      priceCents: 135000,
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
  await expect(buyerThread.getByText('Is the flex pipe intact?', { exact: true })).toBeVisible();

  await row.click();
  const sellerThread = seller.getByRole('region', { name: 'Conversation', exact: true });
  await expect(sellerThread.getByText('Is the flex pipe intact?', { exact: true })).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await expect(seller.getByRole('link', { name: 'Notifications', exact: true })).toBeVisible();
  await expect(buyerThread.getByText('· Read')).toBeVisible();

  const sellerBox = seller.getByLabel('Type your message');
  await sellerBox.fill('Yes, no leaks.');
  await sellerBox.press('Enter');
  await expect(buyerThread.getByText('Yes, no leaks.', { exact: true })).toBeVisible();

  // The buyer loses the network, writes anyway; the seller writes meanwhile.
  await buyerContext.setOffline(true);
  await expect(buyer.getByText(/You're offline/)).toBeVisible();
  const buyerBox = buyer.getByLabel('Type your message');
  await buyerBox.fill('Great, I will take it.');
  await buyerBox.press('Enter');
  await expect(buyerThread.getByText('Great, I will take it.', { exact: true })).toBeVisible();
  await sellerBox.fill('I can ship Monday.');
  await sellerBox.press('Enter');
  await expect(sellerThread.getByText('I can ship Monday.', { exact: true })).toBeVisible();

  await buyerContext.setOffline(false);
  await expect(buyerThread.getByText('I can ship Monday.', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(sellerThread.getByText('Great, I will take it.', { exact: true })).toBeVisible({
    timeout: 20_000,
  });
  await expect(buyer.getByText(/You're offline/)).toBeHidden();
  // Each message exactly once on both sides, also after a reload.
  for (const page of [buyer, seller]) {
    await page.reload();
    const thread = page.getByRole('region', { name: 'Conversation', exact: true });
    await expect(thread.getByText('Is the flex pipe intact?', { exact: true })).toBeVisible();
    for (const text of ['Great, I will take it.', 'I can ship Monday.', 'Yes, no leaks.'])
      await expect(thread.getByText(text, { exact: true })).toHaveCount(1);
  }

  await sellerContext.close();
  await buyerContext.close();
});

test('the notification page lists, opens and marks notifications; settings are kept', async ({ browser }) => {
  test.setTimeout(120_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('notify-seller'));
  const created = await seller.request.post('/api/listings', {
    data: {
      title: 'Cusco roll cage',
      priceCents: 90000,
      category: 'interior',
      condition: 'good',
      make: 'Mazda',
      model: 'MX-5',
    },
  });
  const { id } = (await created.json()) as { id: string };
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('notify-buyer'));
  for (const content of ['Does it fit an NA?', 'Bolt-in or weld-in?'])
    await buyer.request.post(`/api/listings/${id}/messages`, { data: { content } });

  await seller.goto('/notifications');
  await expect(seller.getByRole('heading', { name: 'Notifications', level: 1 })).toBeVisible();
  await expect(seller.getByText('1 unread', { exact: true })).toBeVisible();
  const item = seller.getByRole('button', { name: /New message from Mika H\./ });
  await expect(item).toContainText('2 messages about Cusco roll cage. Latest: Bolt-in or weld-in?');

  // Filters by type.
  await seller.getByRole('button', { name: 'System', exact: true }).click();
  await expect(seller.getByText('Nothing of this kind yet.')).toBeVisible();
  await seller.getByRole('button', { name: 'All', exact: true }).click();

  // Opening it reads it and goes to the conversation.
  await seller.getByRole('button', { name: /New message from Mika H\./ }).click();
  await expect(seller).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  // The conversation is read (the nav counter clears) before leaving it.
  await expect(seller.getByRole('link', { name: 'Messages', exact: true })).toBeVisible();
  await seller.goto('/notifications');
  await expect(seller.getByText("You're all caught up")).toBeVisible();

  // A new one arrives live; Mark All Read clears it.
  await buyer.request.post(`/api/listings/${id}/messages`, { data: { content: 'Still there?' } });
  await expect(seller.getByText('1 unread', { exact: true })).toBeVisible();
  await seller.getByRole('button', { name: 'Mark All Read' }).click();
  await expect(seller.getByText('All notifications marked as read')).toBeVisible();
  await expect(seller.getByText("You're all caught up")).toBeVisible();

  // Settings: push off and the rest on by default; a change is kept and obeyed.
  const messagesSwitch = seller.getByRole('switch', { name: 'Messages' });
  await expect(messagesSwitch).toBeChecked();
  await expect(seller.getByRole('switch', { name: 'Push notifications' })).not.toBeChecked();
  await expect(seller.getByRole('switch', { name: 'Email notifications' })).toBeChecked();
  await messagesSwitch.click();
  await expect(seller.getByText('Notification settings saved')).toBeVisible();
  await seller.reload();
  await expect(seller.getByRole('switch', { name: 'Messages' })).not.toBeChecked();
  await buyer.request.post(`/api/listings/${id}/messages`, { data: { content: 'Hello again' } });
  // The message arrives ('Still there?' is unread too); no notification is made for it.
  await expect(seller.getByRole('link', { name: 'Messages, 2 unread' })).toBeVisible();
  await expect(seller.getByText("You're all caught up")).toBeVisible();

  await sellerContext.close();
  await buyerContext.close();
});

test('a Bronze buyer past 10 new conversations this month is pointed to the plans', async ({ browser }) => {
  test.setTimeout(120_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('limit-seller'));
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('limit-buyer'));
  // Bronze sellers keep 3 parts active: list 3, let the buyer ask about them, mark them sold, again.
  let last = '';
  for (let round = 0; round < 4; round++) {
    for (let i = 0; i < 3; i++) {
      const created = await seller.request.post('/api/listings', {
        data: {
          title: `Spoon part ${round}-${i}`,
          priceCents: 5000,
          category: 'engine',
          condition: 'good',
          make: 'Honda',
          model: 'S2000',
        },
      });
      expect(created.status()).toBe(201);
      last = ((await created.json()) as { id: string }).id;
      if (round === 3 && i === 1) break;
      const asked = await buyer.request.post(`/api/listings/${last}/messages`, { data: { content: 'Hi' } });
      expect(asked.status()).toBe(201);
      if (round < 3)
        await seller.request.fetch(`/api/listings/${last}/status`, {
          method: 'PATCH',
          data: { isSold: true },
        });
    }
  }
  // 10 conversations started this month: the 11th is refused with a way to upgrade.
  await buyer.goto(`/listing/${last}`);
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  await buyer.getByLabel('Your message').fill('Is this still available?');
  await buyer.getByRole('button', { name: 'Send Message' }).click();
  const alert = buyer.getByRole('alert').filter({ hasText: 'new conversations a month' });
  await expect(alert).toBeVisible();
  await alert.getByRole('link', { name: 'See plans' }).click();
  await expect(buyer).toHaveURL('/upgrade');

  await sellerContext.close();
  await buyerContext.close();
});

test('a deleted listing leaves both sides of its conversation, marked no longer available', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const title = `Tomei Expreme Ti ${uniqueWord()}`;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('deleting-seller'));
  const listing = await seller.request.post('/api/listings', {
    data: { title, priceCents: 65000, category: 'exhaust', condition: 'good', make: 'Nissan', model: '350Z' },
  });
  const { id } = (await listing.json()) as { id: string };
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('deleting-buyer'));
  await buyer.request.post(`/api/listings/${id}/messages`, { data: { content: 'Is the flange 60 mm?' } });

  // The seller deletes it from its page, after confirming.
  await seller.goto(`/listing/${id}`);
  await seller.getByRole('button', { name: 'Delete', exact: true }).click();
  await expect(seller.getByRole('dialog')).toContainText('Your conversations about it stay');
  await seller.getByRole('button', { name: 'Delete Listing' }).click();
  await expect(seller.getByText('Listing deleted')).toBeVisible();

  for (const page of [buyer, seller]) {
    await page.goto('/messages');
    const row = page.getByRole('link', { name: new RegExp(title) });
    await expect(row).toContainText('No Longer Available');
    await row.click();
    // The inbox row and the open conversation's header both keep the title.
    await expect(page.getByText(`${title} · No Longer Available`)).toHaveCount(2);
    await expect(page.getByRole('region', { name: 'Conversation', exact: true })).toContainText(
      'Is the flange 60 mm?',
    );
  }
  await sellerContext.close();
  await buyerContext.close();
});
