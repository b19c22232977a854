import { expect, test } from '@playwright/test';

test("a buyer finds a listing again by its reference, and by its page's address", async ({
  page,
  baseURL,
}) => {
  await page.goto('/browse?search=wideband');
  const card = page.getByRole('main').getByRole('link', { name: /AEM X-Series Wideband/ });
  const href = (await card.getAttribute('href'))!;
  expect(href).toMatch(/^\/listing\/[0-9a-f-]{36}$/);
  const id = href.split('/listing/')[1]!;
  await page.goto(href);
  // The reference is the id's first 8 hex digits, labelled.
  const reference = page.getByTestId('listing-reference');
  await expect(reference).toHaveText(id.slice(0, 8).toUpperCase());
  await expect(page.getByText('Ref.', { exact: true })).toBeVisible();
  const typed = (await reference.textContent())!;

  // Browse's search takes the reference as shown: the listing, and only it.
  await page.goto('/browse');
  const search = page.getByRole('searchbox', { name: 'Search parts' });
  await search.fill(`Ref. ${typed}`);
  await search.press('Enter');
  await expect(page).toHaveURL(/\/browse\?search=Ref/);
  await expect(page.getByText('1 part found')).toBeVisible();
  const found = page.getByRole('main').getByRole('link', { name: /AEM X-Series Wideband/ });
  await expect(found).toHaveAttribute('href', `/listing/${id}`);
  await expect(page.getByRole('main').getByRole('link', { name: /\$\d/ })).toHaveCount(1);

  // The page's address, pasted.
  await page.goto('/browse');
  await page.getByRole('searchbox', { name: 'Search parts' }).fill(`${baseURL}/listing/${id}`);
  await page.getByRole('searchbox', { name: 'Search parts' }).press('Enter');
  await expect(page.getByText('1 part found')).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: /AEM X-Series Wideband/ })).toBeVisible();
});
