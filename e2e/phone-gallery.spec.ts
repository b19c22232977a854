import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type CDPSession, type Page } from '@playwright/test';
import { memberThroughApi } from './support/accounts';
import { uniqueEmail } from './support/mail';
import { takenOver } from './support/pages';
import { labelFits } from './support/layout';
import { photoFiles } from './support/photos';

/** A listing's photos, and the seller's dashboard, on a phone. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/**
 * A new seller, signed in in `page`'s browser, with a part listed with three photos: the listing's id.
 * All through the API the forms call (`newMember` without its two page loads; the listing form has
 * journeys of its own), so the journey's first page is the one it is about.
 */
async function sellerWithPhotos(page: Page, baseURL: string, title: string): Promise<string> {
  const headers = { origin: new URL(baseURL).origin };
  const post = async (url: string, data: object) => {
    const response = await page.request.post(url, { data, headers });
    expect(response.ok(), `${url}: ${response.status()} ${await response.text()}`).toBe(true);
    return response.json() as Promise<unknown>;
  };
  await memberThroughApi(page, headers.origin, uniqueEmail('gallery-seller'));

  const photos = await Promise.all(
    (await photoFiles()).map(async (file) => {
      const response = await page.request.post('/api/photos', {
        headers,
        multipart: {
          file: { name: path.basename(file), mimeType: 'image/jpeg', buffer: await readFile(file) },
        },
      });
      expect(response.status(), await response.text()).toBe(201);
      return (await response.json()) as unknown;
    }),
  );
  const listing = (await post('/api/listings', {
    title,
    priceCents: 45000,
    category: 'exterior',
    condition: 'good',
    make: 'Mazda',
    model: 'RX-7',
    photos,
  })) as { id: string };
  return listing.id;
}

/** Opens a page and waits until it has come alive (the server's HTML taken over, its buttons live). */
async function openAlive(page: Page, url: string) {
  await page.goto(url);
  await takenOver(page);
}

type Touch = { x: number; y: number };

/** Fingers down at `from`, moved in steps to `to`, and lifted, as the phone's touch screen reports them. */
async function touchMove(cdp: CDPSession, from: Touch[], to: Touch[], steps = 8) {
  const at = (step: number) =>
    from.map((start, i) => ({
      x: start.x + ((to[i]!.x - start.x) * step) / steps,
      y: start.y + ((to[i]!.y - start.y) * step) / steps,
      id: i,
    }));
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: at(0) });
  for (let step = 1; step <= steps; step++)
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: at(step) });
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
}

test('a listing leads with its photos: swiped, opened full screen, pinched, closed with Escape', async ({
  page,
  baseURL,
}) => {
  const title = 'Mazda RX-7 FD3S front lip with its clips';
  const id = await sellerWithPhotos(page, baseURL!, title);
  // Seen by a visitor.
  await page.context().clearCookies();
  await openAlive(page, `/listing/${id}`);

  // The photos come first, across the whole screen; the title and price under them.
  const strip = page.getByRole('list', { name: 'Photos' });
  const [photos, heading] = [
    await strip.boundingBox(),
    await page.getByRole('heading', { level: 1 }).boundingBox(),
  ];
  expect(photos?.width).toBe(390);
  expect((photos?.y ?? 0) + (photos?.height ?? 0)).toBeLessThanOrEqual(heading?.y ?? 0);
  await expect(page.getByRole('link', { name: 'Sign In to Contact Seller' })).toBeInViewport();

  // A swipe to the left shows the second photo, and the dots say so.
  const dots = page.getByRole('button', { name: /^Show photo \d$/ });
  await expect(dots).toHaveCount(3);
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'true');
  const cdp = await page.context().newCDPSession(page);
  const middle = (photos?.y ?? 0) + (photos?.height ?? 0) / 2;
  await touchMove(cdp, [{ x: 320, y: middle }], [{ x: 80, y: middle }]);
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
  await expect(dots.nth(0)).toHaveAttribute('aria-current', 'false');

  // A tap opens it full screen, named by the listing, on the same photo.
  const second = page.getByRole('button', { name: 'Photo 2 of 3: view full screen' });
  await second.tap();
  const viewer = page.getByRole('dialog', { name: title });
  await expect(viewer).toBeVisible();
  await expect(viewer.getByText('2 of 3')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Close full screen' })).toBeFocused();

  // Two fingers spread apart zoom in.
  const image = viewer.getByRole('img', { name: `${title}, photo 2 of 3` });
  const scale = () => image.evaluate((img) => new DOMMatrix(getComputedStyle(img).transform).a);
  expect(await scale()).toBe(1);
  const stage = await page.getByTestId('photo-stage').boundingBox();
  const [cx, cy] = [(stage?.x ?? 0) + (stage?.width ?? 0) / 2, (stage?.y ?? 0) + (stage?.height ?? 0) / 2];
  await touchMove(
    cdp,
    [
      { x: cx - 30, y: cy },
      { x: cx + 30, y: cy },
    ],
    [
      { x: cx - 120, y: cy },
      { x: cx + 120, y: cy },
    ],
  );
  await expect.poll(scale).toBeGreaterThan(2);
  await expect(viewer.getByRole('button', { name: 'Zoom out' })).toBeEnabled();

  // Escape closes it; the photo it showed has the focus back.
  await page.keyboard.press('Escape');
  await expect(viewer).toBeHidden();
  await expect(second).toBeFocused();
  await expect(dots.nth(1)).toHaveAttribute('aria-current', 'true');
});

test('en español: the dashboard’s listings are cards, the viewer goes by keyboard, Contact Seller shows whole', async ({
  page,
  context,
  baseURL,
}) => {
  const title = 'Faros delanteros Mazda RX-7 FD3S con sus soportes originales';
  const id = await sellerWithPhotos(page, baseURL!, title);
  await context.addCookies([{ name: 'modmarket.language', value: 'es', url: baseURL! }]);

  // The dashboard: nothing sideways, the tabs on one line, and a listing as a card whose title keeps
  // the card's width (the photo beside it, the actions under it), not a word a line.
  await openAlive(page, '/dashboard');
  const card = page.getByRole('listitem').filter({ has: page.getByRole('link', { name: title }) });
  await expect(card).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const tabs = page.getByRole('tablist');
  expect(await tabs.evaluate((list) => list.scrollWidth <= list.clientWidth)).toBe(true);
  const tabBoxes = await tabs.getByRole('tab').evaluateAll((all) => all.map((tab) => tab.clientHeight));
  expect(Math.max(...tabBoxes)).toBeLessThan(48);
  const [cardBox, titleBox, markSold] = [
    await card.boundingBox(),
    await card.getByRole('link', { name: title }).boundingBox(),
    await card.getByRole('button', { name: 'Marcar como vendido' }).boundingBox(),
  ];
  expect(titleBox?.width).toBeGreaterThan((cardBox?.width ?? 0) * 0.55);
  expect(markSold?.y).toBeGreaterThan((titleBox?.y ?? 0) + (titleBox?.height ?? 0));

  // The photos by keyboard: the arrow keys go from one photo to the next, Enter opens it full screen.
  await openAlive(page, `/listing/${id}`);
  await page.getByRole('button', { name: 'Foto 1 de 3: ver en pantalla completa' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(page.getByRole('button', { name: 'Foto 2 de 3: ver en pantalla completa' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ver foto 2' })).toHaveAttribute('aria-current', 'true');
  await page.keyboard.press('Enter');
  const viewer = page.getByRole('dialog', { name: title });
  await expect(viewer.getByText('2 de 3')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Salir de pantalla completa' })).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await expect(viewer.getByText('3 de 3')).toBeVisible();
  await expect(viewer.getByRole('button', { name: 'Foto siguiente' })).toBeHidden();
  await viewer.getByRole('button', { name: 'Ampliar' }).click();
  await expect(viewer.getByRole('button', { name: 'Reducir' })).toBeEnabled();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Foto 3 de 3: ver en pantalla completa' })).toBeFocused();
  await expect(page.getByRole('button', { name: 'Ver foto 3' })).toHaveAttribute('aria-current', 'true');

  // A member on the dearest part, on the narrowest phone still sold: its price takes more of the
  // contact bar, and the label still fits.
  const { items } = (await (await page.request.get('/api/listings?sort=price_desc')).json()) as {
    items: { id: string }[];
  };
  await page.setViewportSize({ width: 320, height: 640 });
  await openAlive(page, `/listing/${items[0]!.id}`);
  const contact = page.getByRole('button', { name: 'Contactar al vendedor' });
  await expect(contact).toBeInViewport({ ratio: 1 });
  expect(await contact.evaluate((button) => button.scrollWidth <= button.clientWidth)).toBe(true);
  expect(await contact.evaluate(labelFits)).toBe(true);
});
