import { devices, type PlaywrightTestConfig } from '@playwright/test';

/**
 * How every journey's browser starts: Debian's Chromium (a test tool's own browser download does not
 * work here) without the background traffic a person's browser would make.
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
  ],
};

/** What every journey of both configurations runs with, besides its base URL. */
export const journeyUse = {
  // A failed journey keeps its trace (actions and DOM snapshots) and a screenshot of the end; the
  // trace's running screencast is left out, since it costs the browser about a quarter more CPU.
  trace: { mode: 'retain-on-failure', screenshots: false, snapshots: true, sources: true },
  screenshot: 'only-on-failure',
  // As a person who asked for less motion: no skeleton pulse or typing placeholder keeps the browser
  // drawing frames between steps. A journey about an animation turns motion back on for itself.
  reducedMotion: 'reduce',
  launchOptions: chromiumLaunchOptions,
} satisfies PlaywrightTestConfig['use'];

/** The one project of both configurations: desktop Chromium. */
export const chromiumProjects: PlaywrightTestConfig['projects'] = [
  { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
];
