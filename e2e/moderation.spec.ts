import { expect, test } from '@playwright/test';
import { newMember, PASSWORD, signIn } from './support/accounts';
import { uniqueEmail, uniqueWord, waitForMail } from './support/mail';
import { grantAdmin } from './support/operator';

test('a reported listing and member are acted on at the moderation desk', async ({ browser, baseURL }) => {
  test.setTimeout(150_000);
  const title = `Ported head ${uniqueWord()}`;

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  const sellerEmail = uniqueEmail('reported-seller');
  await newMember(seller, sellerEmail);
  const created = await seller.request.post('/api/listings', {
    data: { title, priceCents: 45000, category: 'engine', condition: 'good', make: 'Honda', model: 'Civic' },
  });
  expect(created.status()).toBe(201);
  const { id } = (await created.json()) as { id: string };

  // A buyer reports the listing from its page.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('reporting-buyer'));
  await buyer.goto(`/listing/${id}`);
  await buyer.getByRole('button', { name: 'Report listing' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Report this listing' });
  // No reason chosen: the form says so and sends nothing.
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(dialog.getByText('Please choose a reason.')).toBeVisible();
  await dialog.getByLabel('Scam or fraud').check();
  await dialog.getByLabel('Details (optional)').fill('Asked me to pay by gift card before shipping.');
  await dialog.getByRole('button', { name: 'Send report' }).click();
  await expect(buyer.getByText('Thanks for telling us')).toBeVisible();
  await expect(dialog).toBeHidden();

  // A member without the role is refused the desk.
  await buyer.goto('/admin');
  await expect(buyer.getByRole('heading', { name: 'Moderation desk' })).toBeHidden();

  // The operator grants the role on the machine; the admin's next page load has the desk.
  const adminContext = await browser.newContext();
  const admin = await adminContext.newPage();
  const adminEmail = uniqueEmail('moderator');
  await newMember(admin, adminEmail);
  await grantAdmin(baseURL!, adminEmail);
  await admin.goto('/admin');
  await expect(admin.getByRole('heading', { name: 'Moderation desk' })).toBeVisible();
  const card = admin.getByRole('listitem').filter({ hasText: title });
  await expect(card.getByRole('heading', { name: 'Report this listing · Scam or fraud' })).toBeVisible();
  await expect(card.getByText('Asked me to pay by gift card before shipping.')).toBeVisible();
  await expect(card.getByText(sellerEmail)).toBeVisible();

  await card.getByRole('button', { name: 'Hide listing' }).click();
  await expect(admin.getByText('Listing hidden')).toBeVisible();
  await expect(card).toBeHidden();

  // Buyers no longer find it; its seller sees why.
  // A listing that is not there sends the visitor back to browse.
  await buyer.goto(`/listing/${id}`);
  await expect(buyer).toHaveURL('/browse');
  await seller.goto(`/listing/${id}`);
  await expect(seller.getByText('A moderator hid this listing: buyers cannot see it.')).toBeVisible();

  // The buyer reports the seller as a member from the conversation; the admin suspends them for 7 days.
  const other = await seller.request.post('/api/listings', {
    data: {
      title: `${title} spare`,
      priceCents: 9000,
      category: 'engine',
      condition: 'good',
      make: 'Honda',
      model: 'Civic',
    },
  });
  const spare = (await other.json()) as { id: string };
  await buyer.goto(`/listing/${spare.id}`);
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  await buyer.getByLabel('Your message').fill('Is this one real?');
  await buyer.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message sent!')).toBeVisible();
  await buyer.goto('/messages');
  await buyer.getByRole('link', { name: new RegExp(`${title} spare`) }).click();
  await buyer.getByRole('button', { name: 'Report member' }).click();
  const memberDialog = buyer.getByRole('dialog', { name: 'Report this member' });
  await memberDialog.getByLabel('Harassment or threats').check();
  await memberDialog.getByRole('button', { name: 'Send report' }).click();
  await expect(buyer.getByText('Thanks for telling us')).toBeVisible();

  await admin.reload();
  const memberCard = admin
    .getByRole('listitem')
    .filter({ has: admin.getByRole('heading', { name: 'Report this member · Harassment or threats' }) })
    .filter({ hasText: sellerEmail });
  await memberCard.getByRole('button', { name: 'Suspend member…' }).click();
  const suspend = admin.getByRole('dialog', { name: /^Suspend / });
  await suspend.getByLabel('For').selectOption({ label: '7 days' });
  const why = `Asking buyers for gift cards (${uniqueWord()}).`;
  await suspend.getByLabel('Reason (sent to the member)').fill(why);
  await suspend.getByRole('button', { name: 'Suspend', exact: true }).click();
  await expect(admin.getByText(/is suspended$/)).toBeVisible();

  // Payments: what the hourly comparison with Stripe found (this server has no Stripe: nothing).
  await admin.getByRole('tab', { name: 'Payments' }).click();
  await expect(admin.getByRole('tabpanel', { name: 'Payments' })).toContainText(
    'Orders and Stripe agree. Nothing to look at.',
  );

  // The audit log keeps both actions, with what they were about.
  await admin.getByRole('tab', { name: 'Audit log' }).click();
  const log = admin.getByRole('tabpanel', { name: 'Audit log' });
  await expect(log.getByRole('row').filter({ hasText: title })).toContainText('Hid a listing');
  await expect(log.getByRole('row').filter({ hasText: why })).toContainText(
    /Suspended a member · Suspended until .*Mika H\./,
  );

  // The seller is told why by email, signed out everywhere, and refused at sign-in.
  const mail = await waitForMail(sellerEmail, 2);
  expect(mail.subject).toBe('Your ModMarket account is suspended');
  expect(mail.text).toContain(why);
  await seller.goto('/settings');
  await expect(seller).toHaveURL(/\/auth/);
  await signIn(seller, sellerEmail, PASSWORD);
  await expect(seller.getByRole('alert')).toHaveText(
    'This account is suspended. We emailed you the reason and how long it lasts.',
  );

  // Their other listing left the market with them.
  await buyer.goto(`/listing/${spare.id}`);
  await expect(buyer).toHaveURL('/browse');

  await sellerContext.close();
  await buyerContext.close();
  await adminContext.close();
});
