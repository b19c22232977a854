import { expect, test } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';
import { DEMO_BASE_URL } from './support/demo-server';

// Plans switch without payment on this server, as on `npm start`.
test.use({ baseURL: DEMO_BASE_URL });

test('a Bronze member upgrades to Gold, writes with AI, boosts a listing to the top of Best match, sees its analytics, and goes back to Bronze', async ({
  page,
  playwright,
}) => {
  test.setTimeout(120_000);
  await newMember(page, uniqueEmail('upgrade'));

  // Bronze sees what analytics would show, on example numbers, and where they come from.
  await page.goto('/dashboard');
  // The dashboard as a person sees it, loaded, before its tab is chosen.
  await expect(page.getByText("You haven't created any listings yet")).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'See how your listings do' })).toBeVisible();
  await expect(page.getByRole('img', { name: /^Example: views/ })).toBeVisible();

  await page.goto('/upgrade');
  await expect(page.getByText(/Demo mode\./)).toBeVisible();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
  await page.getByRole('button', { name: 'Upgrade to Gold' }).click();
  await expect(page.getByText("You're now on Gold")).toBeVisible();
  await expect(page.getByText('Demo mode: no payment was taken.')).toBeVisible();
  await expect(page.getByText('Your plan: Gold')).toBeVisible();
  await expect(page.getByText('0 of 10 active listings')).toBeVisible();

  // Gold writes with AI assist.
  await page.goto('/create');
  await page.getByLabel('Category').selectOption('exhaust');
  await page.getByLabel('Condition').selectOption('like_new');
  await page.getByLabel('Make').selectOption('Mazda');
  await page.getByLabel('Model *').fill('RX-7');
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await expect(page.getByText('Title and description written. Check them before publishing.')).toBeVisible();
  await expect(page.getByLabel('Title *')).toHaveValue(/RX-7/);
  const title = `Racing Beat ${uniqueWord()} exhaust for RX-7`;
  await page.getByLabel('Title *').fill(title);
  await page.getByLabel('Price (USD) *').fill('740');
  await page.getByRole('button', { name: 'Publish Listing' }).click();
  await expect(page).toHaveURL('/dashboard');

  // A visitor looks at it (the owner's own views do not count).
  const href = await page.getByRole('link', { name: title }).first().getAttribute('href');
  const visitor = await playwright.request.newContext({ baseURL: DEMO_BASE_URL });
  expect((await visitor.post(`/api/${href!.slice(1).replace('listing/', 'listings/')}/views`)).ok()).toBe(
    true,
  );
  await visitor.dispose();

  // A newer listing comes before it in Best match (neither has photos: newest first)...
  const newer = await page.request.post('/api/listings', {
    data: {
      title: `Newer ${uniqueWord()} intake for RX-7`,
      priceCents: 12000,
      category: 'engine',
      condition: 'good',
      make: 'Mazda',
      model: 'RX-7',
    },
  });
  expect(newer.ok()).toBe(true);
  const firstCard = page.getByRole('main').locator('a[href^="/listing/"]').first();
  await page.goto('/browse?make=Mazda');
  await expect(firstCard).toContainText('intake for RX-7');

  // ...until it is boosted.
  await page.goto('/dashboard');
  const row = page.getByRole('listitem').filter({ hasText: title });
  await row.getByRole('button', { name: 'Boost (2 left this month)' }).click();
  await expect(page.locator('[data-sonner-toast]').filter({ hasText: 'Boosted for 7 days' })).toBeVisible();
  await expect(row.getByText(/^Boosted until /)).toBeVisible();

  // Best match is the default order: the boosted listing leads it, labelled.
  await page.goto('/browse?make=Mazda');
  await expect(page.getByLabel('Sort by')).toHaveValue('');
  await expect(page.getByLabel('Sort by').locator('option:checked')).toHaveText('Best match');
  await expect(firstCard).toContainText(title);
  await expect(firstCard).toContainText('Boosted');
  // Another order is kept in the address.
  await page.getByLabel('Sort by').selectOption({ label: 'Price: low to high' });
  await expect(page).toHaveURL('/browse?make=Mazda&sort=price_asc');

  // Gold's analytics: the listing's figures, and the chart of views with its numbers as a table.
  await page.goto('/dashboard');
  await page.getByRole('tab', { name: 'Analytics' }).click();
  const perListing = page.getByRole('table', { name: 'My listings in numbers' });
  const mine = perListing.getByRole('row').filter({ has: page.getByRole('rowheader', { name: title }) });
  // One view, no favourite, no conversation.
  await expect(mine.getByRole('cell')).toHaveText(['1', '0', '0']);
  const chart = page.getByRole('img', { name: 'Views of my listings, day by day' });
  await expect(chart.locator('canvas')).toBeVisible();
  await page.getByText('Show the numbers as a table').first().click();
  await expect(
    page.getByRole('table', { name: 'Views of my listings, day by day' }).getByRole('row'),
  ).toHaveCount(31);
  await expect(page.getByText('Platinum adds search impressions')).toBeVisible();

  // The listing's page says until when.
  // By role: the analytics' rows are drawn as cards on a phone and as a table here, one of them hidden.
  await page.getByRole('main').getByRole('link', { name: title }).first().click();
  await expect(page.getByText(/^Boosted until /)).toBeVisible();

  // Back down to Bronze, confirmed.
  await page.goto('/upgrade');
  await page.getByRole('button', { name: 'Switch to Bronze' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Switch plan' }).click();
  await expect(page.getByText('Your plan: Bronze')).toBeVisible();
});

test('a member upgrades to Platinum and writes with AI: the basic draft with a notice (no AI endpoint here), and the price range of similar listings in the price field', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  // Another member has three listings like the one about to be written.
  const model = `Barracuda ${uniqueWord()}`;
  const sellerContext = await browser.newContext({ baseURL: DEMO_BASE_URL });
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('similar'));
  for (const price of ['100', '200', '300']) {
    const created = await seller.request.post('/api/listings', {
      data: {
        title: `Exhaust ${price} for ${model}`,
        priceCents: Number(price) * 100,
        category: 'exhaust',
        condition: 'good',
        make: 'Plymouth',
        model,
      },
    });
    expect(created.ok()).toBe(true);
  }
  await sellerContext.close();

  await newMember(page, uniqueEmail('platinum-ai'));
  await page.goto('/upgrade');
  await page.getByRole('button', { name: 'Upgrade to Platinum' }).click();
  await expect(page.getByText("You're now on Platinum")).toBeVisible();

  await page.goto('/create');
  await page.getByLabel('Category').selectOption('exhaust');
  await page.getByLabel('Condition').selectOption('good');
  await page.getByLabel('Make').selectOption('Plymouth');
  await page.getByLabel('Model *').fill(model);
  await page.getByRole('button', { name: 'Write with AI' }).click();
  await expect(page.getByText('Title and description written. Check them before publishing.')).toBeVisible();
  await expect(page.getByLabel('Title *')).toHaveValue(new RegExp(model));
  await expect(
    page.getByText('The advanced AI writer is not available right now, so this is the basic draft.'),
  ).toBeVisible();
  // The three listings at least (others of the make's exhausts may join them).
  await expect(
    page.getByText(/^Similar listings are priced \$\d+–\$\d+ \(based on \d+ listings\)\.$/),
  ).toBeVisible();
  await page.getByRole('button', { name: /^Use \$\d+$/ }).click();
  await expect(page.getByLabel('Price (USD) *')).toHaveValue(/^\d+$/);
});
