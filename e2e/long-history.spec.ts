import { expect, test, type Page } from '@playwright/test';
import { uniqueEmail, uniqueWord } from './support/mail';
import { newMember } from './support/accounts';
import { DEMO_BASE_URL } from './support/demo-server';

// The buyer switches to Gold (no monthly cap on new conversations): plans switch on the demo server.
test.use({ baseURL: DEMO_BASE_URL });

const number = (i: number) => String(i).padStart(3, '0');

/** Sends a message in a conversation through the API, as the member signed in on `page`. */
async function say(page: Page, conversationId: string, content: string) {
  const sent = await page.request.post(`/api/conversations/${conversationId}/messages`, {
    data: { content },
  });
  expect(sent.ok(), await sent.text()).toBe(true);
}

test('a long-time member scrolls back through an inbox of 36 conversations and a thread of 120 messages, and new ones still arrive at the bottom', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const sellerContext = await browser.newContext();
  const seller = await sellerContext.newPage();
  await newMember(seller, uniqueEmail('history-seller'));
  const title = `Long story turbo ${uniqueWord()}`;
  const created = await seller.request.post('/api/listings', {
    data: {
      title,
      priceCents: 90000,
      category: 'engine',
      condition: 'good',
      make: 'Nissan',
      model: 'Silvia',
    },
  });
  const { id: listingId } = (await created.json()) as { id: string };

  // The buyer, on Gold (no monthly cap on new conversations), has asked about 35 parts of the catalogue.
  const buyerContext = await browser.newContext();
  const buyer = await buyerContext.newPage();
  await newMember(buyer, uniqueEmail('history-buyer'));
  await buyer.goto('/upgrade');
  await buyer.getByRole('button', { name: 'Upgrade to Gold' }).click();
  await expect(buyer.getByText("You're now on Gold")).toBeVisible();
  // Only the demo catalogue's parts: a message to a part another journey listed would show in its inbox.
  const DEMO_SELLERS = new Set(['Kevin Z.', 'Derek W.', 'Tyler B.', 'Marisol G.', 'Priya R.']);
  let asked = 0;
  let firstTitle = '';
  let cursor = '';
  while (asked < 35) {
    const page = (await (
      await buyer.request.get(`/api/listings?limit=48&sort=newest${cursor ? `&cursor=${cursor}` : ''}`)
    ).json()) as { items: { id: string; title: string }[]; nextCursor: string | null };
    for (const item of page.items) {
      if (asked === 35) break;
      const detail = (await (await buyer.request.get(`/api/listings/${item.id}`)).json()) as {
        seller: { name: string | null };
      };
      if (!DEMO_SELLERS.has(detail.seller.name ?? '')) continue;
      const sent = await buyer.request.post(`/api/listings/${item.id}/messages`, {
        data: { content: `Question ${number(asked + 1)}` },
      });
      expect(sent.ok(), await sent.text()).toBe(true);
      asked += 1;
      if (asked === 1) firstTitle = item.title;
    }
    if (!page.nextCursor) break;
    cursor = page.nextCursor;
  }
  expect(asked).toBe(35);

  // And then 120 messages with the seller about the turbo.
  const started = await buyer.request.post(`/api/listings/${listingId}/messages`, {
    data: { content: 'Message 001' },
  });
  const { conversationId } = (await started.json()) as { conversationId: string };
  for (let i = 2; i <= 120; i += 1) await say(i % 2 ? buyer : seller, conversationId, `Message ${number(i)}`);

  // The inbox shows the newest 30, and the rest as the member scrolls down.
  await buyer.goto('/messages');
  const inbox = buyer.getByRole('region', { name: 'Conversations' });
  const rows = inbox.getByRole('listitem').filter({ has: buyer.getByRole('link') });
  await expect(rows).toHaveCount(30);
  await expect(inbox.getByText('You: Question 001')).toHaveCount(0);
  await inbox.locator('ul').evaluate((list) => list.scrollTo(0, list.scrollHeight));
  await expect(rows).toHaveCount(36);
  await expect(inbox.getByText('You: Question 001')).toBeVisible();
  await expect(inbox.getByRole('button', { name: 'Load more conversations' })).toHaveCount(0);

  // The thread opens on its newest 50 messages.
  await inbox.getByRole('link', { name: new RegExp(title) }).click();
  const thread = buyer.getByRole('region', { name: 'Conversation', exact: true });
  const messages = thread.locator('ol');
  await expect(thread.getByText('Message 120')).toBeInViewport();
  await expect(thread.getByText('Message 071')).toBeAttached();
  await expect(thread.getByText('Message 070')).toHaveCount(0);

  // Scrolled to the top, the older page loads above, and what the member was reading stays in place.
  const top = (text: string) =>
    messages.evaluate((list, wanted) => {
      const bubble = [...list.querySelectorAll('li')].find((li) => li.textContent?.includes(wanted));
      return bubble ? Math.round(bubble.getBoundingClientRect().top) : null;
    }, text);
  /** Scrolls to the top; returns where the message `text` was just then. */
  const toTop = (text: string) =>
    messages.evaluate((list, wanted) => {
      list.scrollTop = 0;
      const bubble = [...list.querySelectorAll('li')].find((li) => li.textContent?.includes(wanted));
      return Math.round(bubble!.getBoundingClientRect().top);
    }, text);
  const at071 = await toTop('Message 071');
  await expect(thread.getByText('Message 021')).toBeAttached();
  await expect.poll(() => top('Message 071')).toBe(at071);
  await expect(thread.getByText('Message 020')).toHaveCount(0);

  // Twice more: the last 20, then the first message and the start of the conversation.
  const at021 = await toTop('Message 021');
  await expect(thread.getByText('Message 001')).toBeAttached();
  await expect.poll(() => top('Message 021')).toBe(at021);
  await expect(thread.getByText('Message 001')).not.toBeInViewport();
  await messages.evaluate((list) => list.scrollTo(0, 0));
  await expect(thread.getByText('Message 001')).toBeInViewport();
  await expect(thread.getByText('This is the start of the conversation')).toBeVisible();

  // A message arriving while the member reads the beginning goes to the bottom without moving them.
  await say(seller, conversationId, 'Fresh news about the turbo');
  const jump = thread.getByRole('button', { name: 'New messages' });
  await expect(jump).toBeVisible();
  await expect(messages.locator('li').last()).toContainText('Fresh news about the turbo');
  // A screen reader hears what arrived (and not the older pages loaded above).
  await expect(thread.locator('[aria-live="polite"]')).toHaveText(
    /^New message from .+: Fresh news about the turbo$/,
  );
  await expect(thread.getByText('Message 001')).toBeInViewport();
  await jump.click();
  await expect(thread.getByText('Fresh news about the turbo', { exact: true })).toBeInViewport();
  await expect(jump).toBeHidden();

  // A search reaches back to the oldest conversation as readily.
  await inbox.getByRole('searchbox', { name: 'Search conversations' }).fill(firstTitle);
  await expect(inbox.getByText('You: Question 001')).toBeVisible();
  await expect(inbox.getByRole('link', { name: new RegExp(title) })).toHaveCount(0);

  await sellerContext.close();
  await buyerContext.close();
});
