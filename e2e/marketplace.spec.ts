import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail } from './support/mail';
import { newMember } from './support/accounts';
import { photoFiles } from './support/photos';

async function listPart(page: Page, title: string) {
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'List a Part' })).toBeVisible();
  await page.getByLabel('Category').selectOption('exhaust');
  await page.getByLabel('Condition').selectOption('like_new');
  await page.getByLabel('Title *').fill(title);
  await page.getByRole('button', { name: 'More details' }).click();
  await page.getByLabel('Description').fill('Titanium mid-pipe with flanges and gaskets. No dents.');
  await page.getByLabel('Make').selectOption('Mazda');
  await page.getByLabel('Model *').fill('RX-7');
  await page.getByLabel('From year').fill('1993');
  await page.getByLabel('To year').fill('1997');
  await page.getByLabel('Price (USD) *').fill('1450');
  // The ZIP code is looked up: its city and state show under it, and become the listing's location.
  await page.getByLabel('ZIP code (optional)').fill('00000');
  await expect(page.getByText('We do not know this ZIP code.')).toBeVisible();
  await page.getByLabel('ZIP code (optional)').fill('97201');
  await expect(page.getByText('Portland, OR')).toBeVisible();
  await page
    .locator('input[type="file"]')
    .first()
    .setInputFiles(await photoFiles());
  await expect(page.getByRole('listitem').filter({ has: page.locator('img') })).toHaveCount(3);
  await expect(page.getByRole('button', { name: 'Publish Listing' })).toBeEnabled({ timeout: 20_000 });
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page).toHaveURL('/dashboard');
}

test('a part goes from listing to sale: seller, buyer, and the owner again', async ({ browser }) => {
  test.setTimeout(120_000);
  const title = `Titanium Mid-Pipe ${Date.now().toString(36)}`;

  // The seller lists the part with three photos and sees it on the dashboard and the home page.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('seller'));
  await listPart(seller, title);
  await expect(seller.getByRole('link', { name: title })).toBeVisible();
  await expect(seller.getByText('1 of 3 active listings')).toBeVisible();
  await seller.goto('/');
  await expect(seller.getByRole('heading', { name: 'Current Parts on Market' })).toBeVisible();
  await expect(seller.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  // A buyer finds it by text with a typo, and by make and year.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('buyer'));
  await buyer.getByRole('searchbox', { name: 'Search parts' }).fill('titanum mid-pipe');
  await buyer.getByRole('button', { name: 'Search', exact: true }).click();
  await expect(buyer).toHaveURL(/\/browse\?search=titanum/);
  await expect(buyer.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  // The search says what it corrected, and one click searches for that.
  await expect(buyer.getByText('Did you mean:')).toBeVisible();
  await buyer.getByRole('button', { name: 'titanium midpipe' }).click();
  await expect(buyer).toHaveURL(/\/browse\?search=titanium\+midpipe/);
  await expect(buyer.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  await buyer.goto('/browse');
  // On a slow phone (the CPU slowed 20×), a year typed while the make's search is still rendering is
  // kept, and searched with the make once typing pauses.
  const cdp = await buyerContext.newCDPSession(buyer);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 20 });
  await buyer.getByLabel('Make').selectOption('Mazda');
  const year = buyer.getByRole('textbox', { name: 'Year', exact: true });
  await year.fill('1995');
  await expect(buyer).toHaveURL(/make=Mazda/);
  await expect(buyer).toHaveURL(/year=1995/);
  await expect(year).toHaveValue('1995');
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
  await expect(buyer.getByRole('link', { name: new RegExp(title) })).toBeVisible();
  // The filters live in the URL: a reload keeps them.
  await buyer.reload();
  await expect(buyer.getByLabel('Make')).toHaveValue('Mazda');
  await expect(buyer.getByRole('link', { name: new RegExp(title) })).toBeVisible();

  // Opens it, sees the gallery and messages the seller.
  await buyer.getByRole('link', { name: new RegExp(title) }).click();
  await expect(buyer.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(buyer.getByText('Portland, OR')).toBeVisible();
  await expect(buyer.getByRole('main').getByText('$1,450').first()).toBeVisible();
  await expect(buyer.getByText('1993-1997')).toBeVisible();
  await expect(buyer.getByRole('button', { name: /Show photo/ })).toHaveCount(3);
  await buyer.getByRole('button', { name: 'Show photo 2' }).click();
  await expect(buyer.getByRole('button', { name: 'Show photo 2' })).toHaveAttribute('aria-current', 'true');
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  const dialog = buyer.getByRole('dialog', { name: 'Send Message to Seller' });
  await dialog.getByLabel('Your message').fill('Is the mid-pipe still available? I can pick up Saturday.');
  await dialog.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message sent!')).toBeVisible();

  // The seller sees the message, edits the price, then marks the part sold.
  await seller.goto('/dashboard');
  await seller.getByRole('tab', { name: 'Messages' }).click();
  await expect(seller.getByText('Is the mid-pipe still available? I can pick up Saturday.')).toBeVisible();
  await seller.getByRole('tab', { name: 'My Listings' }).click();
  await seller.getByRole('link', { name: title }).click();
  await seller.getByRole('link', { name: 'Edit Listing' }).click();
  await expect(seller.getByRole('heading', { name: 'Edit Listing' })).toBeVisible();
  await seller.getByLabel('Price (USD) *').fill('1299');
  await seller.getByRole('button', { name: 'Save Changes' }).click();
  await expect(seller.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(seller.getByText('$1,299')).toBeVisible();
  await seller.getByRole('button', { name: 'Mark Sold' }).click();
  // Sold to the buyer who asked about it (once they confirm, the two may review each other).
  const who = seller.getByRole('dialog', { name: 'Who bought it?' });
  await who.getByRole('radio', { name: 'Mika H.' }).check();
  await who.getByRole('button', { name: 'Mark Sold' }).click();
  await expect(seller.getByText('Sold', { exact: true })).toBeVisible();

  // It leaves browse and home.
  await buyer.goto(`/browse?search=${encodeURIComponent(title)}`);
  await expect(buyer.getByText('No parts found')).toBeVisible();
  await buyer.goto('/');
  await expect(buyer.getByRole('heading', { name: 'Current Parts on Market' })).toBeVisible();
  await expect(buyer.getByRole('link', { name: new RegExp(title) })).toBeHidden();

  await sellerContext.close();
  await buyerContext.close();
});

test('a visitor sees the plan table, the sign-in link on a listing, and is sent to sign in from /create', async ({
  page,
}) => {
  // The hero search types its phrases into the placeholder, for a person who has not asked for less motion.
  await page.emulateMedia({ reducedMotion: 'no-preference' });
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Featured Parts' })).toBeVisible();
  const search = page.getByRole('searchbox', { name: 'Search parts' });
  await expect(search).toHaveAttribute('placeholder', 'Search parts, make, model…', { timeout: 6000 });
  await expect(search).toHaveAttribute('placeholder', /^Find what fits/, { timeout: 8000 });
  // Blank searches go nowhere; a search is trimmed, encoded, and the box cleared.
  await search.fill('   ');
  await search.press('Enter');
  await expect(page).toHaveURL('/');
  await search.fill('  brake & rotor  ');
  await search.press('Enter');
  await expect(page).toHaveURL('/browse?search=brake%20%26%20rotor');
  await page.goBack();
  await expect(search).toHaveValue('');
  await expect(page.getByRole('table', { name: 'Choose your plan' })).toBeVisible();
  await expect(page.getByRole('columnheader', { name: /Gold.*\$19\.99\/month.*Most Popular/ })).toBeVisible();
  await page.getByRole('link', { name: 'View All Parts' }).click();
  await expect(page).toHaveURL('/browse');
  // A listing of the demo catalogue: the newest cards are other journeys', which may sell theirs at any
  // moment, and no journey lists a Chevrolet part.
  await page.goto('/browse?make=Chevrolet');
  await page.locator('a[href^="/listing/"]').first().click();
  await expect(page.getByRole('link', { name: 'Sign In to Contact Seller' })).toBeVisible();
  await page.goto('/create');
  await expect(page).toHaveURL('/auth?mode=signin&redirect=%2Fcreate');
  await page.goto('/listing/00000000-0000-4000-8000-000000000000');
  await expect(page).toHaveURL('/browse');
});
