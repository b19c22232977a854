import { expect, test, type Browser, type Page } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';

/**
 * Preferences at work: browse "Near" a ZIP code within a distance (the member's own by default), and
 * the home page's "For you" from the makes and categories a member chose.
 */

/** Three parts around Portland, OR: Beaverton (5 mi), Salem (42 mi), Seattle (146 mi), listed in that order. */
async function sellerWithParts(browser: Browser, tag: string, make: string, category: string) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await newMember(page, uniqueEmail('near-seller'));
  for (const [city, zip] of [
    ['Beaverton', '97005'],
    ['Salem', '97301'],
    ['Seattle', '98101'],
  ]) {
    const response = await page.request.post('/api/listings', {
      data: {
        title: `${city} dash display ${tag}`,
        priceCents: 31000,
        category,
        condition: 'good',
        make,
        model: '720S',
        zip,
      },
    });
    expect(response.status()).toBe(201);
  }
  await context.close();
}

/** A member whose buying preferences are ZIP 97201 within 50 miles. */
async function buyer(page: Page) {
  await newMember(page, uniqueEmail('near-buyer'));
  const saved = await page.request.put('/api/profile/buyer', { data: { zip: '97201', radiusMiles: 50 } });
  expect(saved.status()).toBe(200);
}

test('browse near a ZIP code: my own by default, another distance, an unknown ZIP code', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueWord();
  await sellerWithParts(browser, tag, 'McLaren', 'electronics');

  const context = await browser.newContext();
  const page = await context.newPage();
  await buyer(page);
  await page.goto(`/browse?search=${tag}`);
  const results = page.getByRole('main').getByRole('link', { name: /dash display/ });
  await expect(results).toHaveCount(3);

  // The member's own ZIP code and distance, in one click.
  await page.getByRole('button', { name: 'Use my ZIP code (97201)' }).click();
  await expect(page).toHaveURL(/near=97201/);
  await expect(page).toHaveURL(/radius=50/);
  await expect(
    page.getByRole('button', { name: 'Remove filter: Within 50 mi of Portland, OR' }),
  ).toBeVisible();
  await expect(results).toHaveCount(2);
  await expect(page.getByText(`Seattle dash display ${tag}`)).toHaveCount(0);
  await expect(page.getByRole('status').filter({ hasText: '2 parts found' })).toBeVisible();

  // Farther: Seattle is within 250 miles.
  await page.getByLabel('Distance').selectOption('250');
  await expect(results).toHaveCount(3);
  // Nearer: only Beaverton within 10.
  await page.getByLabel('Distance').selectOption('10');
  await expect(results).toHaveCount(1);
  await expect(page.getByText(`Beaverton dash display ${tag}`)).toBeVisible();

  // A ZIP code nobody knows is said on the field and in place of the results.
  await page.getByLabel('Near ZIP code').fill('00000');
  await expect(
    page.getByText('We do not know this ZIP code. Check it, or leave it empty.').first(),
  ).toBeVisible();
  await expect(results).toHaveCount(0);

  // Another place typed: Seattle's, within 10 miles.
  await page.getByLabel('Near ZIP code').fill('98101');
  await expect(page.getByRole('button', { name: /Within 10 mi of Seattle, WA/ })).toBeVisible();
  await expect(results).toHaveCount(1);
  await expect(page.getByText(`Seattle dash display ${tag}`)).toBeVisible();

  // The chip takes the place away, and every part is back.
  await page.getByRole('button', { name: /Remove filter: Within 10 mi of Seattle, WA/ }).click();
  await expect(page).not.toHaveURL(/near=|radius=/);
  await expect(results).toHaveCount(3);
  await context.close();
});

test('For you on the home page: the newest parts in my makes and categories, or an invitation to choose', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const tag = uniqueWord();
  // A pair of make and category no other journey lists, so these are the newest.
  await sellerWithParts(browser, tag, 'Lamborghini', 'interior');

  const context = await browser.newContext();
  const page = await context.newPage();
  // Without preferences: an invitation that leads to the settings.
  await newMember(page, uniqueEmail('for-you-none'));
  const forYou = page.getByRole('region', { name: 'For you' });
  await expect(page.getByRole('heading', { name: 'For you' })).toBeVisible();
  await page.getByRole('link', { name: 'Choose makes and categories' }).click();
  await expect(page).toHaveURL('/settings#profile');
  const buying = page.getByRole('region', { name: 'Buying preferences' });
  await buying.getByLabel('ZIP Code').fill('97201');
  await buying.getByRole('checkbox', { name: 'Lamborghini' }).check();
  await buying.getByRole('checkbox', { name: 'Interior' }).check();
  await buying.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText('Changes saved').first()).toBeVisible();

  // Now the home page shows the newest Lamborghini interior parts, newest first.
  await page.goto('/');
  const cards = forYou.getByRole('link', { name: /dash display/ });
  await expect(cards).toHaveCount(3);
  await expect(cards.first()).toContainText(`Seattle dash display ${tag}`);
  await expect(forYou.getByRole('link', { name: 'Edit preferences' })).toHaveAttribute(
    'href',
    '/settings#profile',
  );
  await context.close();
});
