import { expect, test, type Page } from '@playwright/test';
import { chooseLanguage, newMember } from './support/accounts';
import { uniqueEmail, uniqueWord } from './support/mail';
import { DEMO_BASE_URL } from './support/demo-server';

/** A listing through the API, as the listing form sends it (the form is other journeys' subject). */
async function list(page: Page, title: string, extra: Record<string, unknown> = {}) {
  const answer = await page.request.post('/api/listings', {
    data: {
      title,
      priceCents: 18_000,
      category: 'electronics',
      condition: 'good',
      make: 'Nissan',
      model: '350Z',
      yearStart: 2003,
      yearEnd: 2006,
      shippingCents: 1500,
      ...extra,
    },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

/** A wanted post through the API (the form is the first journey's subject). */
async function want(page: Page, title: string) {
  const answer = await page.request.post('/api/wanted', {
    data: { title, category: 'electronics', make: 'Nissan', model: '350Z', shipsToMe: true },
  });
  expect(answer.status(), await answer.text()).toBe(201);
  return ((await answer.json()) as { id: string }).id;
}

test('a member posts a wanted part by its number, another lists it spelled otherwise, and the first is told at once', async ({
  browser,
}) => {
  test.setTimeout(120_000);
  const number = `${Math.floor(10000 + Math.random() * 89999)}-JF${uniqueWord().slice(0, 3).toUpperCase()}A`;
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('wanted-buyer'));

  await buyer.goto('/parts-wanted');
  await buyer.getByRole('link', { name: 'Post a wanted part' }).first().click();
  await expect(buyer).toHaveURL('/parts-wanted/new');
  await buyer.getByLabel('What part do you want?').fill('Alternator');
  await buyer.getByLabel('Category').selectOption('electronics');
  await buyer.getByLabel('Make').selectOption('Nissan');
  await buyer.getByLabel('Model').fill('350Z');
  await buyer.getByPlaceholder('e.g. 23710-JF00A').fill(number);
  await buyer.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(buyer.getByRole('button', { name: `Remove part number ${number}` })).toBeVisible();
  await buyer.getByRole('button', { name: 'Post wanted part' }).click();
  await expect(buyer.getByText('Your wanted post is up')).toBeVisible();
  await expect(buyer).toHaveURL(/\/parts-wanted\/[0-9a-f-]{36}$/);
  await expect(buyer.getByRole('heading', { name: 'Alternator' })).toBeVisible();
  await expect(buyer.getByText(number)).toBeVisible();
  await expect(buyer.getByText('No listing matches yet')).toBeVisible();

  // Another member lists it under another title, the number without its dash and in lower case.
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('wanted-seller'));
  const spelled = number.replace('-', ' ').toLowerCase();
  const listingId = await list(seller, `Remanufactured ${uniqueWord()} unit`, { partId: spelled });

  // The buyer, on the post's page all along, is told live.
  await expect(buyer.getByRole('link', { name: 'Notifications, 1 unread' })).toBeVisible({ timeout: 20_000 });
  await buyer.goto('/notifications');
  await buyer.getByRole('button', { name: /A listing matches “Alternator”/ }).click();
  await expect(buyer).toHaveURL(`/listing/${listingId}`);
  await expect(buyer.getByText(spelled)).toBeVisible();

  // The seller sees the demand on the listing.
  await seller.goto(`/listing/${listingId}`);
  await expect(seller.getByText('1 member wants this')).toBeVisible();

  await buyerContext.close();
  await sellerContext.close();
});

test.describe('answers by plan', () => {
  // Plans switch without payment on this server, as on `npm start`.
  test.use({ baseURL: DEMO_BASE_URL });

  test('a Bronze seller cannot answer; a Gold seller’s sixth answer in a month is refused in their language', async ({
    browser,
  }) => {
    test.setTimeout(150_000);
    const buyerContext = await browser.newContext();
    const buyer = await buyerContext.newPage();
    await newMember(buyer, uniqueEmail('wanted-poster'));
    const tag = uniqueWord();
    const posts: string[] = [];
    for (let i = 1; i <= 6; i++) posts.push(await want(buyer, `ECU ${tag} ${i}`));

    // Bronze: the post says answering comes with Gold and Platinum, and where to get it.
    const bronzeContext = await browser.newContext();
    const bronze = await bronzeContext.newPage();
    await newMember(bronze, uniqueEmail('wanted-bronze'));
    await list(bronze, `Stock ECU ${tag}`);
    await bronze.goto(`/parts-wanted/${posts[0]}`);
    await expect(
      bronze.getByText(
        'Answering wanted posts comes with Gold and Platinum. Bronze members can browse them.',
      ),
    ).toBeVisible();
    await expect(bronze.getByRole('link', { name: 'See plans' })).toHaveAttribute('href', '/upgrade');
    await expect(bronze.getByRole('button', { name: 'I have this' })).toHaveCount(0);

    // Gold, in Spanish: three answers sent, a fourth through the dialog, and a sixth opened in the dialog
    // while another tab sends the fifth.
    const goldContext = await browser.newContext();
    const gold = await goldContext.newPage();
    await newMember(gold, uniqueEmail('wanted-gold'));
    expect((await gold.request.post('/api/billing/plan', { data: { plan: 'gold' } })).status()).toBe(200);
    const listingId = await list(gold, `Tuned ECU ${tag}`);
    const answer = (post: string) =>
      gold.request.post(`/api/wanted/${post}/answers`, { data: { listingId, content: 'I have it, tuned.' } });
    for (const post of posts.slice(0, 3)) expect((await answer(post)).status()).toBe(201);

    await chooseLanguage(gold, 'es');
    await gold.goto(`/parts-wanted/${posts[3]}`);
    await gold.getByRole('button', { name: 'La tengo' }).click();
    const dialog = gold.getByRole('dialog', { name: 'Tengo esta pieza' });
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(gold.getByText('Respuesta enviada')).toBeVisible();

    await gold.goto(`/parts-wanted/${posts[5]}`);
    await gold.getByRole('button', { name: 'La tengo' }).click();
    await expect(dialog.getByLabel('Tu anuncio')).toHaveValue(listingId);
    // The fifth answer goes out from elsewhere meanwhile: this one would be the sixth.
    expect((await answer(posts[4]!)).status()).toBe(201);
    await dialog.getByRole('button', { name: 'Enviar' }).click();
    await expect(
      dialog.getByText(
        'Tu plan te permite responder a 5 solicitudes de piezas al mes. Pasa a Platinum para responder a más.',
      ),
    ).toBeVisible();

    // The member who posted has the answers in one conversation about the Gold seller's listing.
    const inbox = (await (await buyer.request.get('/api/conversations')).json()) as {
      conversations: { listing: { title: string } }[];
    };
    expect(inbox.conversations.map((c) => c.listing.title)).toEqual([`Tuned ECU ${tag}`]);

    await buyerContext.close();
    await bronzeContext.close();
    await goldContext.close();
  });
});
