import { expect, test } from '@playwright/test';
import { PASSWORD, newMember, signIn, signUpAndConfirm } from './support/accounts';
import { uniqueEmail } from './support/mail';
import { holdScripts, takenOver } from './support/pages';
import { labelFits } from './support/layout';

/** The marketplace as a new member meets it on a phone. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('Sell from the menu, sign in, give a name once, and the listing form is where one lands; its errors lead the way', async ({
  page,
}) => {
  const email = uniqueEmail('phone-seller');
  await signUpAndConfirm(page, email, { signedOut: true, named: false });

  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name: 'Sell', exact: true }).click();
  await expect(page).toHaveURL('/auth?mode=signin&redirect=%2Fcreate');
  await signIn(page, email, PASSWORD);
  await expect(page).toHaveURL('/create');

  // Sign-up asked for no name: a listing shows it, so it is asked here first, once.
  const naming = page.getByRole('form', { name: 'First, your name' });
  await naming.getByRole('button', { name: 'Continue' }).click();
  await expect(naming.getByText('Please enter your first name.')).toBeVisible();
  await naming.getByLabel('First Name').fill('Kimi');
  await naming.getByLabel('Last Name').fill('Raikkonen');
  await naming.getByRole('button', { name: 'Continue' }).click();
  await expect(naming).toBeHidden();
  await expect(page.getByLabel('Title *')).toBeVisible();

  // A form sent with gaps goes to its first gap and says what is missing there.
  await page.getByLabel('Title *').fill('Coilovers');
  await page.getByLabel('Category').selectOption('suspension');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  const price = page.getByLabel('Price (USD) *');
  await expect(price).toBeFocused();
  await expect(price).toHaveAttribute('aria-invalid', 'true');
  await expect(price).toBeInViewport();
  // Fixed, the message goes at once.
  await price.fill('650');
  await expect(price).not.toHaveAttribute('aria-invalid', 'true');
  const make = page.getByLabel('Make');
  await expect(make).toHaveAttribute('aria-invalid', 'true');
  await make.selectOption('Honda');
  await expect(make).not.toHaveAttribute('aria-invalid', 'true');
  const model = page.getByLabel('Model *');
  await expect(model).toHaveAttribute('aria-invalid', 'true');
  await model.fill('Civic');
  await expect(model).not.toHaveAttribute('aria-invalid', 'true');

  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page).toHaveURL('/dashboard');
  await page.getByRole('link', { name: 'Coilovers' }).first().click();

  // Mark Sold says what it did and can be taken back.
  await page.getByRole('button', { name: 'Mark Sold' }).click();
  const toast = page.locator('[data-sonner-toast]').filter({ hasText: 'Marked as sold' });
  await expect(toast).toBeVisible();
  await expect(page.getByText('Sold', { exact: true })).toBeVisible();
  await toast.getByRole('button', { name: 'Undo' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Back on the market' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Mark Sold' })).toBeVisible();
});

test('in Spanish, the contact bar shows its whole label on a phone', async ({ page, context, baseURL }) => {
  await context.addCookies([{ name: 'modmarket.language', value: 'es', url: baseURL! }]);
  // The dearest part: the longest price beside the label.
  const { items } = (await (await page.request.get('/api/listings?sort=price_desc')).json()) as {
    items: { id: string }[];
  };
  await page.goto(`/listing/${items[0]!.id}`);
  const contact = page.getByRole('link', { name: 'Inicia sesión para contactar al vendedor' });
  // Nothing of the label is cut off, at either end: the whole button is on screen, and the label fits
  // its width, wrapping if it must.
  await expect(contact).toBeInViewport({ ratio: 1 });
  expect(await contact.evaluate((link) => link.scrollWidth <= link.clientWidth)).toBe(true);
  expect(await contact.evaluate(labelFits)).toBe(true);
});

test('a listing leads with its title, price and contact, and the contact bar stays on screen', async ({
  page,
}) => {
  const { items } = (await (await page.request.get('/api/listings?make=Honda')).json()) as {
    items: { id: string; title: string }[];
  };
  const listing = items[0];
  if (!listing) throw new Error('the demo catalogue has no Honda listing');
  await page.goto(`/listing/${listing.id}`);
  await expect(page.getByRole('heading', { level: 1, name: listing.title })).toBeInViewport();
  const contact = page.getByRole('link', { name: 'Sign In to Contact Seller' });
  await expect(contact).toBeInViewport();
  await page.mouse.wheel(0, 5000);
  await page.getByRole('contentinfo').scrollIntoViewIfNeeded();
  await expect(contact).toBeInViewport();
  await expect(page.getByRole('contentinfo')).toBeInViewport();
  await contact.click();
  await expect(page).toHaveURL(`/auth?mode=signin&redirect=%2Flisting%2F${listing.id}`);
});

// Under reduced motion as well as with it: the place is the same either way.
for (const motion of ['reduce', 'no-preference'] as const)
  test(`a reader who scrolls before the page has come alive keeps the place; a link starts at the top, Back returns (motion: ${motion})`, async ({
    page,
  }) => {
    const { items } = (await (await page.request.get('/api/listings?make=Honda')).json()) as {
      items: { id: string }[];
    };
    const listing = items[0];
    if (!listing) throw new Error('the demo catalogue has no Honda listing');
    await page.emulateMedia({ reducedMotion: motion });
    // The page's scripts wait until the reader has scrolled the server's HTML to its end.
    const release = await holdScripts(page);
    await page.goto(`/listing/${listing.id}`, { waitUntil: 'commit' });
    const footer = page.getByRole('contentinfo');
    await footer.scrollIntoViewIfNeeded();
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(300);
    release();
    // The app has taken the page over (its scroll manager is in charge), and the reader is still there.
    await takenOver(page);
    await expect(footer).toBeInViewport();
    const place = await page.evaluate(() => window.scrollY);
    expect(place).toBeGreaterThan(300);

    await footer.getByRole('link', { name: 'Terms of Service' }).click();
    await expect(page).toHaveURL('/terms');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
    await page.goBack();
    await expect(page).toHaveURL(`/listing/${listing.id}`);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(place);
  });

test('onboarding counts its steps one way, and a fixed ZIP loses its error as it is typed', async ({
  page,
}) => {
  await signUpAndConfirm(page, uniqueEmail('phone-onboard'));
  // Offered on the home page, not forced.
  await page
    .getByRole('region', { name: 'Make ModMarket yours' })
    .getByRole('link', { name: 'Set up now' })
    .click();
  await expect(page.getByText('Step 1 of 3')).toBeVisible();
  await page.getByRole('radio', { name: /Both/ }).click();
  await expect(page.getByText('Step 1 of 4')).toBeVisible();
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 2 of 4')).toBeVisible();

  await page.getByRole('button', { name: 'Continue' }).click();
  const zip = page.getByLabel('ZIP Code');
  await expect(zip).toBeFocused();
  await expect(zip).toHaveAttribute('aria-invalid', 'true');
  await zip.fill('94110');
  await expect(zip).not.toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Continue' }).click();
  await expect(page.getByText('Step 3 of 4')).toBeVisible();
});

test('browse on a phone: two cards a row, a filter sheet with its count, chips, typed filters, prices that cannot match', async ({
  page,
}) => {
  await page.goto('/browse');
  const cards = page.getByRole('main').locator('a[href^="/listing/"]');
  await expect(cards.first()).toBeVisible();
  const [first, second] = [await cards.nth(0).boundingBox(), await cards.nth(1).boundingBox()];
  expect(first?.y).toBe(second?.y);
  const search = await page.getByRole('searchbox', { name: 'Search parts' }).boundingBox();
  expect(search?.width).toBeGreaterThan(250);

  await page.getByRole('button', { name: 'Filters' }).click();
  const sheet = page.getByRole('dialog', { name: 'Filters' });
  await sheet.getByLabel('Make').selectOption('Honda');
  await expect(page).toHaveURL('/browse?make=Honda');
  // Typing applies without Enter, once the member pauses.
  await sheet.getByLabel('Model').fill('S2000');
  await expect(page).toHaveURL('/browse?make=Honda&model=S2000');
  await expect(sheet.getByRole('button', { name: /^Show \d+ results?$/ })).toBeEnabled();

  // A minimum above the maximum is explained and not searched.
  await sheet.getByLabel('Min price ($)').fill('900');
  await sheet.getByLabel('Max price ($)').fill('100');
  await expect(sheet.getByText('The minimum price is above the maximum.')).toBeVisible();
  await page.waitForTimeout(600);
  await expect(page).toHaveURL('/browse?make=Honda&model=S2000');
  await sheet.getByLabel('Max price ($)').fill('');
  await sheet.getByLabel('Min price ($)').fill('');
  await expect(page).toHaveURL('/browse?make=Honda&model=S2000');

  await sheet.getByRole('button', { name: /^Show \d+ results?$/ }).click();
  await expect(sheet).toBeHidden();
  const chips = page.getByRole('list', { name: 'Active filters' });
  await expect(chips.getByRole('button')).toHaveText(['Honda', 'Model: S2000']);
  await expect(page.getByRole('button', { name: 'Filters · 2' })).toBeVisible();
  await chips.getByRole('button', { name: 'Remove filter: Model: S2000' }).click();
  await expect(page).toHaveURL('/browse?make=Honda');
  await expect(chips.getByRole('button')).toHaveText(['Honda']);

  // A shared link with impossible prices says why nothing is found, and swaps them in one click.
  await page.goto('/browse?minPriceCents=90000&maxPriceCents=10000');
  await expect(page.getByRole('heading', { name: 'The minimum price is above the maximum' })).toBeVisible();
  await page.getByRole('button', { name: 'Swap prices' }).click();
  await expect(page).toHaveURL('/browse?minPriceCents=10000&maxPriceCents=90000');
});

test('a conversation on a phone fills the screen, keeps Send in reach, and clips nothing', async ({
  browser,
}) => {
  test.setTimeout(90_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('phone-thread-seller'));
  const created = await seller.request.post('/api/listings', {
    data: {
      title: 'Genuine Mazda RX-7 FD3S front lip spoiler with mounting hardware and original box',
      priceCents: 45000,
      category: 'exterior',
      condition: 'good',
      make: 'Mazda',
      model: 'RX-7',
    },
  });
  expect(created.ok()).toBe(true);
  const { id } = (await created.json()) as { id: string };
  await sellerContext.close();

  const buyerContext = await browser.newContext({
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
  });
  const page = await buyerContext.newPage();
  await newMember(page, uniqueEmail('phone-thread-buyer'));
  await page.goto(`/listing/${id}`);
  await page.getByRole('button', { name: 'Contact Seller' }).first().click();
  await page
    .getByLabel('Your message')
    .fill('Is the lip still available? Could you send a photo of the clips?');
  await page.getByRole('button', { name: 'Send Message' }).click();
  await expect(page.getByText('Message sent!')).toBeVisible();

  await page.goto('/messages');
  await page.getByRole('link', { name: /RX-7 FD3S front lip/ }).click();
  await expect(page).toHaveURL(/\/messages\/[0-9a-f-]{36}$/);
  const thread = page.getByRole('region', { name: 'Conversation', exact: true });
  const box = page.getByLabel('Type your message');
  const send = page.getByRole('button', { name: 'Send', exact: true });
  await expect(send).toBeInViewport({ ratio: 1 });
  await expect(box).toBeInViewport({ ratio: 1 });
  // The header says who this is with, whole; its safety actions shrink to their icons and keep their names.
  const who = thread.getByRole('heading', { level: 2 });
  await expect(who).toHaveText('Mika H.');
  expect(await who.evaluate((heading) => heading.scrollWidth <= heading.clientWidth)).toBe(true);
  await expect(thread.getByRole('button', { name: 'Report member' })).toBeInViewport({ ratio: 1 });
  await expect(thread.getByRole('button', { name: 'Block member' })).toBeInViewport({ ratio: 1 });

  // Enough messages to scroll: the thread scrolls inside itself, the composer stays put.
  for (let n = 1; n <= 8; n++) {
    await box.fill(`Follow-up number ${n}: the long listing title must not push Send away.`);
    await send.click();
    await expect(thread.locator('li').filter({ hasText: `Follow-up number ${n}:` })).toHaveCount(1);
  }
  await expect(send).toBeInViewport({ ratio: 1 });
  const width = await page.evaluate(() => document.documentElement.clientWidth);
  const bubble = await thread.locator('li').last().boundingBox();
  expect((bubble?.x ?? 0) + (bubble?.width ?? 0)).toBeLessThanOrEqual(width);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);

  // Back goes to the list of conversations.
  await page.getByRole('link', { name: 'Back to conversations' }).click();
  await expect(page).toHaveURL('/messages');
  await buyerContext.close();
});

test('the plan table on a phone says it scrolls, and scrolls by keyboard', async ({ page }) => {
  await page.goto('/');
  const table = page.getByRole('region', { name: 'Choose your plan' });
  await expect(table).toBeVisible();
  const cue = page.getByText('Scroll sideways to see more');
  await expect(cue).toBeVisible();
  await table.focus();
  await expect(table).toBeFocused();
  for (let n = 0; n < 20; n++) await page.keyboard.press('ArrowRight');
  await expect
    .poll(() => table.evaluate((element) => element.scrollLeft), { timeout: 5000 })
    .toBeGreaterThan(0);
  // At the right edge the cue has nothing more to promise.
  await expect(cue).toBeHidden();
});

test('a visitor sees Sign up and Sign in, and the heart leads to favourites', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  await expect(menu.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await menu.getByRole('link', { name: 'Sign Up' }).click();
  await expect(page).toHaveURL('/auth?mode=signup');
  await expect(page.getByRole('button', { name: 'Create Account' })).toBeVisible();

  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto('/');
  const header = page.getByRole('banner');
  await expect(header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
  await header.getByRole('link', { name: 'Favourites' }).click();
  await expect(page).toHaveURL(
    `/auth?mode=signin&redirect=${encodeURIComponent('/saved-searches?tab=favourites')}`,
  );
});
