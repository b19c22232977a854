import { readFileSync } from 'node:fs';
import { expect, test, type Page } from '@playwright/test';
import { mailsTo, uniqueEmail, uniqueWord } from '../support/mail';
import { PASSWORD, newMember } from '../support/accounts';
import { photoFiles } from '../support/photos';

/**
 * ModMarket on two instances behind nginx (scripts/cluster.mjs): PostgreSQL, an S3 bucket and SMTP
 * shared. Pages go through nginx (round robin) unless a step names an instance, to show that what one
 * instance did the other knows.
 */
interface ClusterState {
  proxyPort: number;
  instances: { port: number; pid: number }[];
}
const cluster = () => JSON.parse(readFileSync(process.env.CLUSTER_STATE!, 'utf8')) as ClusterState;
const instance = (n: 0 | 1) => `http://localhost:${cluster().instances[n]!.port}`;

async function listWithPhoto(page: Page, title: string) {
  // The photo goes up through the first instance...
  const [file] = await photoFiles();
  const uploaded = await page.request.post(`${instance(0)}/api/photos`, {
    multipart: { file: { name: 'part.jpg', mimeType: 'image/jpeg', buffer: readFileSync(file!) } },
  });
  expect(uploaded.status()).toBe(201);
  // ...and the listing is made on the second.
  const listing = await page.request.post(`${instance(1)}/api/listings`, {
    data: {
      title,
      priceCents: 64000,
      category: 'wheels',
      condition: 'good',
      make: 'Mazda',
      model: 'RX-7',
      photos: [await uploaded.json()],
    },
  });
  expect(listing.status()).toBe(201);
  return ((await listing.json()) as { id: string }).id;
}

test('two instances behind nginx: one account, shared photos, live messages, shared limits, jobs once, an instance lost', async ({
  browser,
}) => {
  const tag = uniqueWord();
  const sellerEmail = uniqueEmail('cluster-seller');
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  // Signed up and confirmed through nginx: the pages and API calls went to both instances in turn.
  await newMember(seller, sellerEmail);
  // Signed in on each instance.
  for (const n of [0, 1] as const) {
    const session = await seller.request.get(`${instance(n)}/api/auth/session`);
    expect(((await session.json()) as { user: { email: string } | null }).user?.email).toBe(sellerEmail);
  }

  // A photo uploaded through one instance shows through the other and through nginx.
  const id = await listWithPhoto(seller, `Rotary wheel ${tag}`);
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('cluster-buyer'));
  for (const base of [instance(0), instance(1), '']) {
    await buyer.goto(`${base}/listing/${id}`);
    const photo = buyer.getByRole('img', { name: new RegExp(`Rotary wheel ${tag}`) }).first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  }

  // A message sent through one instance arrives live on a tab connected to the other.
  await seller.goto(`${instance(1)}/messages`);
  await expect(seller.getByRole('heading', { name: 'Select a Conversation' })).toBeVisible();
  await buyer.goto(`${instance(0)}/listing/${id}`);
  await buyer.getByRole('button', { name: 'Contact Seller' }).click();
  await buyer.getByLabel('Your message').fill(`Still available? ${tag}`);
  await buyer.getByRole('button', { name: 'Send Message' }).click();
  await expect(buyer.getByText('Message sent!')).toBeVisible();
  await expect(seller.getByRole('link', { name: new RegExp(`Rotary wheel ${tag}`) })).toBeVisible({
    timeout: 20_000,
  });

  // Each job ran once: one confirmation email each, though both instances run the job worker.
  expect(await mailsTo(sellerEmail)).toHaveLength(1);

  // Rate limits are shared: wrong passwords alternate between the instances and the ninth is refused.
  const stranger = await browser.newContext();
  for (let attempt = 0; attempt < 8; attempt++) {
    const answer = await stranger.request.post(`${instance((attempt % 2) as 0 | 1)}/api/auth/sign-in`, {
      data: { email: sellerEmail, password: `wrong-${attempt}`, keepSignedIn: false },
    });
    expect(answer.status()).toBe(401);
  }
  for (const n of [0, 1] as const) {
    const refused = await stranger.request.post(`${instance(n)}/api/auth/sign-in`, {
      data: { email: sellerEmail, password: PASSWORD, keepSignedIn: false },
    });
    expect(refused.status()).toBe(429);
  }
  await stranger.close();

  // One instance goes away mid-journey; through nginx the journey goes on.
  process.kill(cluster().instances[1]!.pid, 'SIGKILL');
  await seller.goto('/messages');
  await seller.getByRole('link', { name: new RegExp(`Rotary wheel ${tag}`) }).click();
  const box = seller.getByLabel('Type your message');
  await box.fill(`Yes, pickup in Portland. ${tag}`);
  await box.press('Enter');
  const thread = seller.getByRole('region', { name: 'Conversation', exact: true });
  await expect(thread.locator('li').filter({ hasText: `Yes, pickup in Portland. ${tag}` })).toHaveCount(1);
  await buyer.goto('/messages');
  await buyer.getByRole('link', { name: new RegExp(`Rotary wheel ${tag}`) }).click();
  await expect(
    buyer
      .getByRole('region', { name: 'Conversation', exact: true })
      .getByText(`Yes, pickup in Portland. ${tag}`),
  ).toBeVisible();
  await sellerContext.close();
  await buyerContext.close();
});
