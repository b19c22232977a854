import { expect, test } from '@playwright/test';
import { newMember } from './support/accounts';
import { uniqueEmail } from './support/mail';

/** Search as an enthusiast types it, on a phone. */
test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

test('"240 sx" finds the 240SX parts, a typo is offered its correction, and a part for other years says so', async ({
  page,
  context,
  baseURL,
}) => {
  await newMember(page, uniqueEmail('phone-search'));
  const vehicle = await page.request.post('/api/vehicles', {
    data: { licensePlate: 'SILVIA', make: 'Nissan', model: '240SX', year: 1996 },
  });
  expect(vehicle.status()).toBe(201);
  await context.addCookies([{ name: 'modmarket.language', value: 'es', url: baseURL! }]);

  await page.goto('/browse');
  const search = page.getByLabel('Buscar piezas');
  await search.fill('240 sx exhuast');
  await search.press('Enter');
  // Something matched ("240 sx" is 240SX) and the typo is still offered its correction.
  const exhaust = page.getByRole('link', { name: /Tomei Expreme Ti/ });
  await expect(exhaust).toBeVisible();
  await expect(page.getByText('¿Quisiste decir?')).toBeVisible();
  await page.getByRole('button', { name: '240sx exhaust' }).click();
  await expect(page).toHaveURL(/search=240sx\+exhaust/);
  await expect(exhaust).toBeVisible();

  await search.fill('240 sx');
  await search.press('Enter');
  const coilovers = page.getByRole('link').filter({ hasText: 'Tein Flex Z Coilovers' });
  await expect(
    coilovers.getByText('No es compatible con tu 1996 Nissan 240SX: sirve para 1989-1994'),
  ).toBeVisible();
});
