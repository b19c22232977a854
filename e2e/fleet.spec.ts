import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';

test('a member adds a car by VIN and finds the parts that fit it', async ({ browser }) => {
  test.setTimeout(120_000);
  const tag = uniqueWord();
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('fleet-seller'));
  const part = async (title: string, yearStart: number, yearEnd: number) => {
    const response = await seller.request.post('/api/listings', {
      data: {
        title,
        priceCents: 22000,
        category: 'exterior',
        condition: 'good',
        make: 'Honda',
        model: 'Accord',
        yearStart,
        yearEnd,
      },
    });
    return ((await response.json()) as { id: string }).id;
  };
  const fitting = await part(`Accord Euro R front lip ${tag}`, 2003, 2007);
  await part(`Accord CL9 tail lights ${tag}`, 2008, 2012);

  const context = await browser.newContext();
  const page = await context.newPage();
  await newMember(page, uniqueEmail('fleet-owner'));
  await page.goto('/my-fleet');
  await expect(page.getByRole('heading', { name: 'No Vehicles Added' })).toBeVisible();
  await page.getByRole('button', { name: 'Add Vehicle' }).first().click();

  // Neither a VIN nor a plate: refused.
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
  await expect(page.getByText('Enter a VIN or a license plate.')).toBeVisible();

  // A wrong check digit on a North American VIN is caught as it is typed.
  const vin = page.getByLabel('VIN or chassis number');
  await vin.fill('1HGCM82643A004352');
  await expect(page.getByText(/check digit \(9th character\) does not match/)).toBeVisible();
  await vin.fill('1HGCM82633A004352');
  await expect(page.getByText('Decoded: Honda USA · model year 2003')).toBeVisible();
  await expect(page.getByLabel('Make')).toHaveValue('Honda');
  await expect(page.getByLabel('Year')).toHaveValue('2003');
  await page.getByLabel('Model').fill('Accord');
  await page.getByLabel('Color').fill('Satin Silver');
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
  await expect(page.getByText('Vehicle added')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2003 Honda Accord' })).toBeVisible();
  await expect(page.getByText('1HGCM82633A004352')).toBeVisible();

  // The listing page and the cards say it fits; the filter keeps only what fits.
  await page.goto(`/listing/${fitting}`);
  await expect(page.getByText('Fits your 2003 Honda Accord')).toBeVisible();
  // The run's own word alone: typo tolerance would also find other runs' Accord parts.
  await page.goto(`/browse?search=${tag}`);
  await expect(page.getByRole('link', { name: /Accord CL9 tail lights/ })).toBeVisible();
  await page.getByLabel('Fits my vehicle').selectOption({ label: 'Any of my vehicles' });
  await expect(page).toHaveURL(/fits=any/);
  await expect(page.getByRole('link', { name: /Accord Euro R front lip/ })).toContainText(
    'Fits your 2003 Honda Accord',
  );
  await expect(page.getByRole('link', { name: /Accord CL9 tail lights/ })).toBeHidden();

  // A JDM import by chassis number; then the Accord goes.
  await page.goto('/my-fleet');
  await page.getByRole('button', { name: 'Add Vehicle' }).click();
  await page.getByLabel('VIN or chassis number').fill('JZA80-1234567');
  await expect(page.getByText('Chassis code JZA80: Toyota Supra, 1993–2002')).toBeVisible();
  await expect(page.getByLabel('Model')).toHaveValue('Supra');
  await page.getByLabel('Year').fill('1997');
  await page.getByRole('button', { name: 'Save Vehicle' }).click();
  await expect(page.getByRole('heading', { name: '1997 Toyota Supra' })).toBeVisible();
  await page.getByRole('button', { name: 'Delete: 2003 Honda Accord' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
  await expect(page.getByText('Vehicle deleted')).toBeVisible();
  await expect(page.getByRole('heading', { name: '2003 Honda Accord' })).toBeHidden();
  await expect(page.getByRole('heading', { name: '1997 Toyota Supra' })).toBeVisible();

  await context.close();
  await sellerContext.close();
});
