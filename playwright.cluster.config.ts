import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { chromiumProjects, journeyUse } from './e2e/support/chromium';

/**
 * The several-instances journeys: nginx in front of two instances of the built app, PostgreSQL, an S3
 * server and an SMTP server, all started by scripts/cluster.mjs (`npm run test:cluster`, which starts
 * the PostgreSQL server first).
 */
const port = Number(process.env.CLUSTER_PORT ?? 4180);
// Made once, in the runner; the workers inherit the names. The mail helpers read E2E_MAIL_DIR.
// scripts/cluster.mjs works in that folder (its instances, S3, nginx) and removes it when it stops.
process.env.CLUSTER_RUN_DIR ??= mkdtempSync(path.join(tmpdir(), 'modmarket-cluster-run-'));
process.env.CLUSTER_STATE ??= path.join(process.env.CLUSTER_RUN_DIR, 'state.json');
process.env.E2E_MAIL_DIR ??= path.join(process.env.CLUSTER_RUN_DIR, 'mail');

export default defineConfig({
  testDir: 'e2e/cluster',
  workers: 1,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL: `http://localhost:${port}`,
    ...journeyUse,
  },
  projects: chromiumProjects,
  webServer: {
    command: 'node scripts/cluster.mjs',
    url: `http://localhost:${port}/api/health`,
    timeout: 240_000,
    reuseExistingServer: false,
    // Stopped, not killed, so that it removes what it made.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 20_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      CLUSTER_PORT: String(port),
      CLUSTER_STATE: process.env.CLUSTER_STATE,
      CLUSTER_MAIL_DIR: process.env.E2E_MAIL_DIR,
      CLUSTER_RUN_DIR: process.env.CLUSTER_RUN_DIR,
    },
  },
});
