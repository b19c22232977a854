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

/** The one project of both configurations: desktop Chromium. */
export const chromiumProjects: PlaywrightTestConfig['projects'] = [
  { name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } },
];
