import { expect, test, type Page } from '@playwright/test';

const mainNav = (page: Page) => page.getByRole('banner');

test.describe('the navigation bar for a visitor', () => {
  test.beforeEach(async ({ page }) => {
    await page.goto('/');
  });

  test('sends members-only areas to sign-in, passing the page to come back to', async ({ page }) => {
    for (const [name, back] of [
      ['Sell', '/create'],
      ['Community', '/community'],
      ['Notifications', '/notifications'],
      ['Favourites', '/saved-searches?tab=favourites'],
    ]) {
      await mainNav(page).getByRole('link', { name, exact: true }).click();
      await expect(page).toHaveURL(`/auth?mode=signin&redirect=${encodeURIComponent(back!)}`);
      await page.goto('/');
    }
  });

  test('keeps browse, parts wanted and shop open to everyone', async ({ page }) => {
    await mainNav(page).getByRole('link', { name: 'Browse', exact: true }).click();
    await expect(page).toHaveURL('/browse');
    await mainNav(page).getByRole('link', { name: 'Parts Wanted', exact: true }).click();
    await expect(page).toHaveURL('/parts-wanted');
    await expect(page.getByRole('heading', { level: 1, name: 'Parts Wanted' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Shop', exact: true }).click();
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('heading', { level: 1, name: 'ModMarket Shop' })).toBeVisible();
    await mainNav(page).getByRole('link', { name: 'Sign In' }).click();
    await expect(page).toHaveURL('/auth?mode=signin');
    await page.goto('/');
    await mainNav(page).getByRole('link', { name: 'Sign Up' }).click();
    await expect(page).toHaveURL('/auth?mode=signup');
    await expect(page.getByLabel('Confirm Password')).toBeVisible();
  });
});

test.describe('the language selector', () => {
  test('changes the text and <html lang>, and survives a reload', async ({ page }) => {
    await page.goto('/about');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    const select = mainNav(page).getByLabel('Language');
    await expect(select).toHaveValue('en');

    await select.selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(mainNav(page).getByRole('link', { name: 'Explorar', exact: true })).toBeVisible();
    await expect(
      page.getByRole('contentinfo').getByRole('link', { name: 'Política de privacidad' }),
    ).toBeVisible();

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    await expect(mainNav(page).getByLabel('Idioma')).toHaveValue('es');

    await mainNav(page).getByLabel('Idioma').selectOption('zh-CN');
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(mainNav(page).getByRole('link', { name: '浏览', exact: true })).toBeVisible();
    await page.goto('/no-such-page');
    await expect(page.getByRole('heading', { name: '哎呀！页面未找到' })).toBeVisible();
  });

  test('starts in English', async ({ page }) => {
    await page.goto('/terms');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByText(/November 2026/)).toBeVisible();
  });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('a side menu replaces the bar', async ({ page }) => {
    await page.goto('/');
    await expect(mainNav(page).getByRole('link', { name: 'Shop', exact: true })).toBeHidden();
    await page.getByRole('button', { name: 'Open menu' }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Sell', exact: true })).toHaveAttribute(
      'href',
      '/auth?mode=signin&redirect=%2Fcreate',
    );
    await menu.getByLabel('Language').selectOption('es');
    await expect(page.locator('html')).toHaveAttribute('lang', 'es');
    // The menu now speaks Spanish, its accessible name included.
    const menú = page.getByRole('dialog', { name: 'Menú' });
    await menú.getByRole('link', { name: 'Tienda' }).click();
    await expect(page).toHaveURL('/shop');
    await expect(page.getByRole('dialog')).toBeHidden();
    await page.getByRole('button', { name: 'Abrir menú' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
