import axe from 'axe-core';
import { expect, test, type Page } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail } from './support/mail';
import { takenOver } from './support/pages';

/**
 * Every page of the app, at a phone's size and a wide screen's: nothing scrolls sideways, and axe finds
 * no serious or critical accessibility problem. Member pages are walked as a member who owns a
 * listing and has a conversation, so the pages show their real content, not their empty states.
 *
 * Each page is loaded once and judged at both widths: the layout follows the width in CSS alone (no
 * script asks the window's size), so widening a loaded page lays it out as loading it wide would.
 */
const WIDTHS = [
  { name: 'phone', viewport: { width: 390, height: 844 } },
  { name: 'wide screen', viewport: { width: 1440, height: 900 } },
];

const PUBLIC_PAGES = [
  '/',
  '/browse',
  '/browse?make=Honda&minPriceCents=10000',
  // Nothing found, and a search chip longer than a phone is wide (a pasted address).
  '/browse?search=https%3A%2F%2Fexample.com%2Flisting%2Fzzzz-no-such-part-0123456789abcdefghijklmnopqrstuvwxyz',
  '/browse?minPriceCents=50000&maxPriceCents=10000',
  'a listing',
  'a seller',
  '/about',
  '/contact',
  '/selling-guide',
  '/buying-guide',
  '/shop',
  '/privacy',
  '/terms',
  '/data-deletion',
  '/parts-wanted',
  '/no-such-page',
  '/auth',
  '/auth?mode=signup',
  '/email-confirmation?email=someone%40example.com',
  '/forgot-password',
  '/reset-password',
  '/password-reset',
  '/confirm-email-change',
  '/undo-email-change',
];

const PUBLIC_GROUP = 7;

const MEMBER_PAGES = [
  '/dashboard',
  '/create',
  'my listing',
  'my listing/edit',
  'a listing',
  '/messages',
  'a conversation',
  '/my-fleet',
  '/saved-searches',
  '/saved-searches?tab=favourites',
  '/notifications',
  '/community',
  '/upgrade',
  '/pending-sales',
  '/history',
  '/parts-wanted/new',
  '/onboarding/role',
  '/onboarding/buyer',
  '/onboarding/seller',
  '/settings',
];

/**
 * Rules outside the WCAG tags' default set, checked as well: a control's accessible name holds the text
 * it shows (experimental in axe), and two landmarks never share a name (best practice).
 */
const ALSO_CHECKED = ['label-content-name-mismatch', 'landmark-unique'];

/** What sticks out past the right edge, for the failure message. */
async function overflow(page: Page) {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return [];
    return [...document.querySelectorAll('body *')]
      .filter((element) => element.getBoundingClientRect().right > width + 1)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()}.${[...element.classList].join('.')}`);
  });
}

/**
 * What axe runs at each width: the WCAG tags' rules and the ones above. Only violations are written out
 * in full: axe then skips describing each element that passed (home and browse: 10–20% of a run), and
 * its answer from the page is 45 KB instead of 260–480.
 */
const AXE_OPTIONS = {
  runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] },
  rules: Object.fromEntries(ALSO_CHECKED.map((rule) => [rule, { enabled: true }])),
  resultTypes: ['violations'],
} satisfies axe.RunOptions;

/** Loads a page and judges it at each width. */
async function check(page: Page, path: string) {
  await page.setViewportSize(WIDTHS[0]!.viewport);
  await page.goto(path);
  // The app has taken the server's page over (its scroll manager is in charge) and nothing is loading.
  await takenOver(page);
  await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // axe is put in the page once and run at each width. (Its Playwright wrapper put its 580 KB in twice
  // for every run, half a second of a busy machine's time a page.)
  await page.evaluate(axe.source);
  for (const { name, viewport } of WIDTHS) {
    await page.setViewportSize(viewport);
    // What the new width sets off in the page's script (a chart measuring itself) is drawn first.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
    );
    expect.soft(await overflow(page), `${path} scrolls sideways on a ${name}`).toEqual([]);
    const results = await page.evaluate((options) => window.axe.run(document, options), AXE_OPTIONS);
    const serious = results.violations.filter(
      (v) => v.impact === 'serious' || v.impact === 'critical' || ALSO_CHECKED.includes(v.id),
    );
    expect
      .soft(
        serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
        `${path} has serious accessibility findings on a ${name}`,
      )
      .toEqual([]);
  }
}

declare global {
  interface Window {
    axe: typeof axe;
  }
}

async function seededListing(page: Page): Promise<string> {
  const response = await page.request.get('/api/listings?make=Honda');
  const { items } = (await response.json()) as { items: { id: string }[] };
  const first = items[0];
  if (!first) throw new Error('the demo catalogue has no Honda listing');
  return `/listing/${first.id}`;
}

/**
 * A member with a listing of their own (no photos needed), a community post and a conversation with a
 * seller, made through the API the forms call (their own journeys walk the forms).
 */
async function memberWithContent(page: Page, listing: string) {
  await newMember(page, uniqueEmail('every-page'));
  const origin = new URL(page.url()).origin;
  const post = async (path: string, data: object) => {
    const response = await page.request.post(path, { data, headers: { origin } });
    expect(response.ok(), `${path}: ${response.status()} ${await response.text()}`).toBe(true);
    return (await response.json()) as Record<string, string>;
  };
  const own = await post('/api/listings', {
    title: 'Stainless cat-back exhaust with a rather long title for narrow screens',
    priceCents: 89900,
    category: 'exhaust',
    condition: 'good',
    make: 'Nissan',
    model: '350Z',
  });
  // A build in the community, so its page shows a post with its Like button.
  await post('/api/community/posts', {
    title: 'Weekend build',
    description: 'Coilovers and a fresh alignment.',
  });
  const sent = await post(`/api/listings/${listing.split('/').at(-1)}/messages`, {
    content: 'Is this still available? https://example.com/a-very-long-link-that-must-wrap/inside/the/bubble',
  });
  return { own: `/listing/${own.id}`, conversation: `/messages/${sent.conversationId}` };
}

// In groups of seven, so the two workers share the pages out and each test's time stays short.
for (let first = 0; first < PUBLIC_PAGES.length; first += PUBLIC_GROUP) {
  const paths = PUBLIC_PAGES.slice(first, first + PUBLIC_GROUP);
  test(`public pages ${first + 1}-${first + paths.length} fit and pass axe`, async ({ page }) => {
    test.setTimeout(120_000);
    const listing = await seededListing(page);
    const detail = await page.request.get(`/api/listings/${listing.split('/').at(-1)}`);
    const seller = `/seller/${((await detail.json()) as { seller: { id: string } }).seller.id}`;
    const named: Record<string, string> = { 'a listing': listing, 'a seller': seller };
    for (const path of paths) await check(page, named[path] ?? path);
  });
}

/** Where the header changes (its menu below 1280 px, its whole bar from there), and a wide screen. */
const HEADER_WIDTHS = [1024, 1279, 1280, 1440];

test('the header fits the window in every language, for a visitor and a member', async ({
  page,
  context,
  baseURL,
}) => {
  test.setTimeout(120_000);
  const fits = async (who: string) => {
    for (const language of ['en', 'es', 'zh-CN']) {
      await context.addCookies([{ name: 'modmarket.language', value: language, url: baseURL! }]);
      await page.goto('/buying-guide');
      await takenOver(page);
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      // A member's menus load after the page comes alive.
      await page.waitForLoadState('networkidle');
      for (const width of HEADER_WIDTHS) {
        await page.setViewportSize({ width, height: 800 });
        await page.evaluate(
          () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
        );
        expect.soft(await overflow(page), `a ${who}'s header in ${language} at ${width} px`).toEqual([]);
      }
    }
  };
  await fits('visitor');
  await newMember(page, uniqueEmail('header'));
  await fits('member');
});

test('member pages fit and pass axe', async ({ page }) => {
  test.setTimeout(240_000);
  const listing = await seededListing(page);
  const { own, conversation } = await memberWithContent(page, listing);
  const named: Record<string, string> = {
    'my listing': own,
    'my listing/edit': `${own}/edit`,
    'a listing': listing,
    'a conversation': conversation,
  };
  for (const path of MEMBER_PAGES) await check(page, named[path] ?? path);
});
