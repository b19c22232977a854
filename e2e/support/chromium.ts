import { devices, type PlaywrightTestConfig } from '@playwright/test';

/** The features Playwright itself turns off when it starts Chromium (its own `--disable-features`). */
export const PLAYWRIGHT_DISABLED_FEATURES = [
  'AimEnabled',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'HttpsFirstBalancedModeAutoEnable',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'NetworkTimeServiceQuerying',
  'OptimizationHints',
  'PaintHolding',
  'PreconnectToSearch',
  'TcpPortRandomizationWin',
  'ThirdPartyStoragePartitioning',
  'msEdgeUpdateLaunchServicesPreferredVersion',
  'msForceBrowserSignIn',
];

/**
 * Every new window preloads the address bar's suggestion popup, a page of the browser's own in a
 * renderer of its own: about a CPU-second a window, and journeys open hundreds. No journey uses the
 * address bar.
 */
export const ADDRESS_BAR_POPUPS = ['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'];

/**
 * How every journey's browser starts: Debian's Chromium (a test tool's own browser download does not
 * work here) without the background traffic a person's browser would make. Chromium keeps only the last
 * `--disable-features` it is given, so ours restates Playwright's list (e2e/browser-setup.spec.ts checks
 * that it still does).
 */
export const chromiumLaunchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--disable-gpu',
    '--disable-quic',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    `--disable-features=${[...PLAYWRIGHT_DISABLED_FEATURES, ...ADDRESS_BAR_POPUPS].join(',')}`,
  ],
};

/**
 * The journeys' browser: as above, with V8's optimising compilers off. A journey's page lives a few
 * seconds, too short for optimised code to pay for its compiling, which took about a quarter of the
 * pages' CPU (renderers 110 against 79 CPU-s over the same journeys). What a script does is the same
 * either way; the main-thread budget (e2e/main-thread.spec.ts) is measured as a phone runs the page,
 * with them on.
 */
export const journeyLaunchOptions = {
  ...chromiumLaunchOptions,
  args: [...chromiumLaunchOptions.args, '--js-flags=--no-opt --no-maglev'],
};

/** What every journey of both configurations runs with, besides its base URL. */
export const journeyUse = {
  // A failed journey keeps a screenshot of the end and the page's accessibility tree (Playwright's
  // error context). No trace: recording one (actions and DOM snapshots) for every journey, to keep
  // the failed ones, cost about 8% of the journeys' CPU and wall time, and a CI run's files are not
  // kept. `npx playwright test --trace on` records one when a failure needs it.
  trace: 'off',
  screenshot: 'only-on-failure',
  // As a person who asked for less motion: no skeleton pulse or typing placeholder keeps the browser
  // drawing frames between steps. A journey about an animation turns motion back on for itself.
  reducedMotion: 'reduce',
  launchOptions: journeyLaunchOptions,
} satisfies PlaywrightTestConfig['use'];

/** The one project of both configurations: desktop Chromium. */
export const chromiumProjects: PlaywrightTestConfig['projects'] = [
  { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
];
