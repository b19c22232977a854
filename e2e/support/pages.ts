import type { Page } from '@playwright/test';

/** The app's built scripts (Vite writes them all under /assets). */
export const SCRIPTS = '**/assets/**/*.js';

/**
 * Holds the page's scripts matching `scripts` (all of them by default) until the returned `release` is
 * called: meanwhile the server's HTML is all there is, not taken over by the app.
 */
export async function holdScripts(page: Page, scripts: string | RegExp = SCRIPTS): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(scripts, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

/**
 * Waits until the app has taken the server's page over: its scroll manager runs once it has, and by
 * then its buttons are live (a press before could be lost).
 */
export async function takenOver(page: Page): Promise<void> {
  await page.waitForFunction(() => window.history.scrollRestoration === 'manual');
}
