// Starts the built app for the end-to-end tests on a fresh data folder (database, uploads) every run,
// with a real SMTP server in front of it: every email the app sends lands as a file in E2E_MAIL_DIR,
// where the tests read it as a person reads their inbox.
import { cpSync, existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawn } from 'node:child_process';
import { startMailListener } from './mail-listener.mjs';

// The app of the Stripe journeys (playwright.config.ts) talks to a stand-in for Stripe started here.
if (process.env.E2E_STRIPE_PORT) await import('./e2e-stripe.mjs');

// Under E2E_DATA_ROOT (playwright.config.ts), named by the port, so a journey can find it.
const dataDir = process.env.E2E_DATA_ROOT
  ? path.join(process.env.E2E_DATA_ROOT, String(process.env.PORT))
  : mkdtempSync(path.join(tmpdir(), 'modmarket-e2e-'));
mkdirSync(dataDir, { recursive: true });
// A migrated database to start from (scripts/e2e-servers.mjs makes one for all its servers).
const databaseDir = path.join(dataDir, 'db');
if (process.env.E2E_DATABASE_TEMPLATE && !existsSync(databaseDir))
  cpSync(process.env.E2E_DATABASE_TEMPLATE, databaseDir, { recursive: true });
const mailDir = process.env.E2E_MAIL_DIR ?? path.join(dataDir, 'mail');
mkdirSync(mailDir, { recursive: true });

// Named by the app's port, so two servers of one run can share the folder.
const smtp = await startMailListener(mailDir, process.env.PORT);
// With E2E_CONTRACT_FILE (playwright.config.ts, run through tsx), the app listens 100 ports up and a
// proxy on its port holds every API answer to the API document, writing what breaks it to that file.
let appPort = process.env.PORT;
if (process.env.E2E_CONTRACT_FILE) {
  const { startContractProxy } = await import('../src/test/contract-proxy.ts');
  appPort = String(Number(process.env.PORT) + 100);
  startContractProxy({
    port: Number(process.env.PORT),
    target: Number(appPort),
    report: process.env.E2E_CONTRACT_FILE,
  });
}
const child = spawn(process.execPath, ['dist/server/index.js'], {
  stdio: 'inherit',
  env: { ...process.env, PORT: appPort, DATA_DIR: dataDir, SMTP_URL: `smtp://127.0.0.1:${smtp.port}` },
});
const cleanup = () => {
  smtp.close();
  rmSync(dataDir, { recursive: true, force: true });
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => {
  cleanup();
  process.exit(code ?? 0);
});
