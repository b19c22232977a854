import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';

const part = (title: string, priceCents: number) => ({
  title,
  priceCents,
  category: 'wheels',
  condition: 'good',
  make: 'Mazda',
  model: 'RX-7',
  yearStart: 1992,
  yearEnd: 2002,
});

test('a favourite gets cheaper: the badge and the notification follow', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueWord();
  const title = `Enkei RPF1 17x9 set ${tag}`;
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('fav-seller'));
  const created = await seller.request.post('/api/listings', { data: part(title, 120_000) });
  const { id } = (await created.json()) as { id: string };

  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('fav-buyer'));
  // The run's own word alone: typo tolerance would also find other runs' Enkei sets.
  await buyer.goto(`/browse?search=${tag}`);
  const card = buyer.getByRole('link', { name: new RegExp(title) });
  await expect(card).toBeVisible();
  await buyer.getByRole('button', { name: 'Save to favourites' }).first().click();
  await expect(buyer.getByText('Saved to favourites')).toBeVisible();
  await expect(buyer.getByRole('button', { name: 'Remove from favourites' }).first()).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  await buyer.goto('/saved-searches?tab=favourites');
  const favourite = buyer.getByRole('listitem').filter({ hasText: title });
  await expect(favourite).toContainText('$1,200');
  await expect(favourite).not.toContainText('Price drop');

  // The seller lowers the price on the edit page.
  await seller.goto(`/listing/${id}/edit`);
  await seller.getByLabel('Price').fill('950');
  await seller.getByRole('button', { name: 'Save Changes' }).click();
  await expect(seller).toHaveURL(`/listing/${id}`);

  await expect(buyer.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 20_000 });
  await buyer.reload();
  await expect(favourite).toContainText('Price drop');
  await expect(favourite).toContainText('Was $1,200');
  await expect(favourite).toContainText('$950');
  await buyer.goto('/notifications');
  await expect(buyer.getByRole('button', { name: new RegExp(`Price drop on ${title}`) })).toContainText(
    'Now $950, was $1,200.',
  );

  // Sold: no longer available in the favourites.
  await seller.request.fetch(`/api/listings/${id}/status`, { method: 'PATCH', data: { isSold: true } });
  await buyer.goto('/saved-searches?tab=favourites');
  await expect(favourite).toContainText('No Longer Available');

  await sellerContext.close();
  await buyerContext.close();
});

test('a saved search with alerts tells the member about a new match', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueWord();
  const watcherContext = await browser.newContext();
  const watcher = await watcherContext.newPage();
  await newMember(watcher, uniqueEmail('alert-watcher'));
  // The run's own word alone: typo tolerance would also find other runs' Volk TE37s.
  await watcher.goto(`/browse?search=${tag}&make=Mazda`);
  await watcher.getByRole('button', { name: 'Save Search' }).click();
  const dialog = watcher.getByRole('dialog');
  await expect(dialog.getByLabel('Name')).toHaveValue(`${tag} Mazda`);
  await dialog.getByLabel('Name').fill('TE37 for the FD');
  await expect(dialog.getByLabel('Alert me when new parts match')).toBeChecked();
  await dialog.getByRole('button', { name: 'Save', exact: true }).click();
  await expect(watcher.getByText('Search saved')).toBeVisible();

  await watcher.goto('/saved-searches');
  const row = watcher.getByRole('listitem').filter({ hasText: 'TE37 for the FD' });
  await expect(row).toContainText(`“${tag}” · Mazda`);
  await expect(row).toContainText('1 filter');
  await expect(row).toContainText('0 results');

  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('alert-seller'));
  await seller.request.post('/api/listings', { data: part(`Volk TE37 bronze 17" ${tag}`, 260_000) });

  await expect(watcher.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible({
    timeout: 20_000,
  });
  await watcher.reload();
  await expect(row).toContainText('1 new');
  await expect(row).toContainText('1 result');
  await row.getByRole('button', { name: 'Open' }).click();
  await expect(watcher).toHaveURL(new RegExp(`/browse\\?.*search=${tag}`));
  await expect(watcher.getByRole('link', { name: /Volk TE37 bronze/ })).toBeVisible();

  await watcher.goto('/notifications');
  await expect(watcher.getByRole('button', { name: /New match for “TE37 for the FD”/ })).toContainText(
    `Volk TE37 bronze 17" ${tag} was just listed.`,
  );
  await watcher.goto('/saved-searches');
  await expect(row).not.toContainText('new');
  await row.getByRole('switch').uncheck();
  await expect(watcher.getByText('Alerts off')).toBeVisible();

  await watcherContext.close();
  await sellerContext.close();
});
