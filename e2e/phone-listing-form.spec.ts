import { expect, test } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail, uniqueWord } from './support/mail';
import { photoFiles } from './support/photos';

/** The listing form and the fleet's VIN on a phone (issue 36: the first five minutes on a phone). */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('a Bronze member lists a part photo-first; an error under More details opens it', async ({ page }) => {
  await newMember(page, uniqueEmail('phone-lister'));
  await page.goto('/create');

  // Photos first; the part and its fitment on the first screen, the rest folded.
  await expect(page.locator('form h2').first()).toHaveText('Photos');
  for (const label of ['Title *', 'Price (USD) *', 'Category', 'Condition', 'Make', 'Model *', 'From year'])
    await expect(page.getByLabel(label)).toBeVisible();
  const more = page.getByRole('button', { name: 'More details' });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await expect(page.getByLabel('Description')).toBeHidden();

  // Bronze has no AI help: what it is and where to get it, not a button.
  await expect(
    page.getByText(/AI help writes the title and description.*It comes with Gold and Platinum\./),
  ).toBeVisible();
  await expect(page.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/upgrade');
  await expect(page.getByRole('button', { name: 'Write with AI' })).toHaveCount(0);

  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles((await photoFiles()).slice(0, 1));
  const title = `Coilovers ${uniqueWord()}`;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Price (USD) *').fill('650');
  await page.getByLabel('Category').selectOption('suspension');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Make').selectOption('Honda');
  await page.getByLabel('Model *').fill('Civic');

  // A ZIP typed wrong, then folded away: sending opens More details at it.
  await more.click();
  const zip = page.getByLabel('ZIP code (optional)');
  await zip.fill('941');
  await more.click();
  await expect(zip).toBeHidden();
  await expect(page.getByRole('button', { name: 'Publish Listing' })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(more).toHaveAttribute('aria-expanded', 'true');
  await expect(zip).toBeFocused();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');

  await zip.fill('');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page).toHaveURL('/dashboard');
  await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
});

test('in Spanish, the year filled from a VIN follows the VIN when its typo is fixed', async ({
  page,
  context,
  baseURL,
}) => {
  await newMember(page, uniqueEmail('phone-vin'));
  await context.addCookies([{ name: 'modmarket.language', value: 'es', url: baseURL! }]);
  await page.goto('/my-fleet');
  await page.getByRole('button', { name: 'Añadir vehículo' }).first().click();

  // The 10th character (the model year) mistyped: outside North America the check digit only warns.
  const vin = page.getByLabel('VIN o número de chasis');
  const year = page.getByRole('textbox', { name: 'Año', exact: true });
  const make = page.getByRole('combobox', { name: 'Marca', exact: true });
  await vin.fill('JHMGD38476S012345');
  await expect(page.getByText(/El dígito de control no coincide/)).toBeVisible();
  await expect(year).toHaveValue('2006');
  await expect(make).toHaveValue('Honda');

  await vin.fill('JHMGD38475S012345');
  await expect(page.getByText('Decodificado: Honda · año modelo 2005')).toBeVisible();
  await expect(year).toHaveValue('2005');

  // Typed by hand, the year stays; cleared, the VIN takes what it filled and leaves what was typed.
  await year.fill('2004');
  await vin.fill('JHMGD38476S012345');
  await expect(year).toHaveValue('2004');
  await vin.fill('');
  await expect(make).toHaveValue('');
  await expect(year).toHaveValue('2004');
});
