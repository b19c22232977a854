import { readFileSync } from 'node:fs';
import { chromium, expect, test } from '@playwright/test';
import { chromiumLaunchOptions, PLAYWRIGHT_DISABLED_FEATURES } from './support/chromium';

/**
 * The journeys' browser is started with one `--disable-features` list of our own, which replaces the
 * one Playwright passes: it must still hold every feature Playwright turns off, and it must keep the
 * address bar's popup from loading in each new window.
 */
test("the journeys' browser keeps Playwright's switched-off features and loads no address-bar popup", async () => {
  const plain = await chromium.launchServer({ executablePath: chromiumLaunchOptions.executablePath });
  try {
    const pid = plain.process().pid;
    const args = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
    const theirs = args.find((arg) => arg.startsWith('--disable-features='));
    expect(theirs, 'Playwright passes a --disable-features list').toBeDefined();
    const missing = theirs!
      .slice('--disable-features='.length)
      .split(',')
      .filter((feature) => feature && !PLAYWRIGHT_DISABLED_FEATURES.includes(feature));
    expect(missing, 'features Playwright turns off that e2e/support/chromium.ts does not').toEqual([]);
  } finally {
    await plain.close();
  }

  const browser = await chromium.launch(chromiumLaunchOptions);
  try {
    const page = await (await browser.newContext()).newPage();
    await page.goto('about:blank');
    const session = await browser.newBrowserCDPSession();
    const { targetInfos } = await session.send('Target.getTargets');
    expect(targetInfos.filter((target) => target.url.includes('omnibox'))).toEqual([]);
  } finally {
    await browser.close();
  }
});
