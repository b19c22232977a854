import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions, chromiumProjects, journeyUse } from './e2e/support/chromium';

// E2E_PORT lets a second run (another checkout) go on beside one already running.
const port = Number(process.env.E2E_PORT ?? 4173);

/** Folders made here for this run: its servers remove them once they have stopped (scripts/e2e-servers.mjs). */
const made: string[] = [];
const temporary = (prefix: string) => {
  const folder = mkdtempSync(path.join(tmpdir(), prefix));
  made.push(folder);
  return folder;
};
// Where the test SMTP server (scripts/e2e-server.mjs) drops the emails the app sends. Set once in the
// runner; the workers inherit it.
process.env.E2E_MAIL_DIR ??= temporary('modmarket-e2e-mail-');
// Each server's data folder is `<E2E_DATA_ROOT>/<its port>`: a journey runs operator commands on it
// (`npm run admin`), as an operator would on the machine.
process.env.E2E_DATA_ROOT ??= temporary('modmarket-e2e-data-');
// Where the servers' contract proxies write every API answer that breaks the API document
// (src/test/contract-proxy.ts); the run fails in its teardown when it is not empty.
process.env.E2E_CONTRACT_FILE ??= path.join(temporary('modmarket-e2e-contract-'), 'violations.txt');
process.env.E2E_MADE_DIRS ??= made.join(path.delimiter);

/** What every journey server is told: where it listens, its demo catalogue, its mail and contract files. */
const everyServer = (serverPort: number, photosPerListing: number) => ({
  PORT: String(serverPort),
  HOST: '127.0.0.1',
  PUBLIC_URL: `http://localhost:${serverPort}`,
  SEED_DEMO: 'true',
  // Drawing the demo photos is most of a server's start: one a listing, or none where no journey
  // looks at them.
  SEED_DEMO_PHOTOS: String(photosPerListing),
  LOG_LEVEL: 'warn',
  // Every journey signs up from 127.0.0.1; the limits themselves are covered by the API tests.
  RATE_LIMIT_SCALE: '50',
  E2E_MAIL_DIR: process.env.E2E_MAIL_DIR,
  E2E_CONTRACT_FILE: process.env.E2E_CONTRACT_FILE,
});

/**
 * The servers the journeys run against, each started by scripts/e2e-server.mjs with these settings
 * (besides the runner's own environment).
 */
const servers: { env: Record<string, string | undefined> }[] = [
  {
    env: {
      ...everyServer(port, 1),
      // Production mode over plain http on loopback: allowed for the tests, with the demo catalogue.
      NODE_ENV: 'production',
      ALLOW_HTTP: 'true',
      // Production requires a key for sealed secrets (two-step sign-in); a fixed one for the tests.
      SECRETS_KEY: 'e2e0'.repeat(16),
      SHOP_URL: 'https://shop.modmarket.example/gear',
      // The addresses pages show come from here (e2e/site-addresses.spec.ts).
      SUPPORT_EMAIL: 'help@modmarket.test',
      PRIVACY_EMAIL: 'privacy@modmarket.test',
    },
  },
  // The app as `npm start` runs it (not production: plans switch and orders are paid in demo mode,
  // without payment), for the journeys of paid plans and orders (e2e/support/demo-server.ts). A
  // production server refuses demo billing. Its journeys (plans, history, Stripe billing) look at no
  // photo.
  { env: { ...everyServer(port + 1, 0), BILLING_DEMO: 'true', PAYMENTS_DEMO: 'true' } },
  // The app with Stripe billing (not production: it talks to a stand-in for Stripe's API, which
  // production refuses), for the journeys of Stripe billing (e2e/support/stripe-server.ts). The
  // stand-in (scripts/e2e-stripe.mjs) is started by the same command, on port + 3.
  {
    env: {
      ...everyServer(port + 2, 0),
      STRIPE_SECRET_KEY: 'sk_test_e2e',
      STRIPE_WEBHOOK_SECRET: 'whsec_e2e_standin',
      STRIPE_PRICE_GOLD: 'price_gold',
      STRIPE_PRICE_PLATINUM: 'price_platinum',
      STRIPE_API_URL: `http://127.0.0.1:${port + 3}`,
      E2E_STRIPE_PORT: String(port + 3),
    },
  },
];

/**
 * End-to-end journeys against the built app (`npm run build` first), in Debian's Chromium: a test
 * tool's own browser download does not work here.
 */
export default defineConfig({
  testDir: 'e2e',
  // The several-instances journeys run against their own cluster (playwright.cluster.config.ts).
  testIgnore: ['cluster/**'],
  globalTeardown: './e2e/support/contract-teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A whole journey (sign-up, confirmation email, several pages) on a busy 2-core machine; each step
  // still waits at most 10 s (expect.timeout), so a stuck step fails there.
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    ...journeyUse,
  },
  projects: [
    // The main thread's blocking time is measured alone, before any journey, on the demo catalogue as
    // the servers start with it: after the journeys, browse's page held what they had listed and the
    // check measured a different page from one run to the next. Its browser runs scripts as a phone's
    // does (every compiler on), unlike the journeys'. Should it fail, the journeys are not run.
    {
      name: 'main-thread',
      testMatch: ['main-thread.spec.ts'],
      // One page at a time, repeats too (`--repeat-each` would otherwise load two side by side).
      workers: 1,
      use: { launchOptions: chromiumLaunchOptions },
    },
    // A project's testIgnore replaces the one above: the cluster journeys stay out here too.
    ...chromiumProjects!.map((project) => ({
      ...project,
      testIgnore: ['cluster/**', 'main-thread.spec.ts'],
      dependencies: ['main-thread'],
    })),
  ],
  // The three servers start side by side (scripts/e2e-servers.mjs): one after another, as the runner
  // starts its servers, took half a minute longer.
  webServer: {
    command: 'node scripts/e2e-servers.mjs',
    wait: { stdout: /e2e servers ready/ },
    timeout: 180_000,
    reuseExistingServer: false,
    // Stopped, not killed: each server then removes its data folder and the runner's folders go too
    // (killed, every run left about 130 MB in the temporary folder). The globalTeardown has run by then.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: { E2E_SERVERS: JSON.stringify(servers) },
  },
});
