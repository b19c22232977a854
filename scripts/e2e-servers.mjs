// Starts the end-to-end servers side by side (scripts/e2e-server.mjs each, with its own settings from
// E2E_SERVERS, playwright.config.ts) and prints "e2e servers ready" once every one answers its health
// check: the test runner starts its servers one after another, and each spends most of its start
// seeding the demo catalogue on one core while the other idles.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { healthy } from './wait-healthy.mjs';

const READY = 'e2e servers ready';
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (!Array.isArray(servers) || servers.length === 0) {
  console.error('E2E_SERVERS lists no server (playwright.config.ts sets it)');
  process.exit(1);
}

// One migrated database, made before the servers start: each server's data folder starts from a copy
// (scripts/e2e-server.mjs) instead of creating and migrating its own, on a machine whose two cores the
// three starts already fill. What a first start on an empty folder does is tested on its own
// (src/server/db/client.embedded.test.ts).
const templateRoot = mkdtempSync(path.join(tmpdir(), 'modmarket-e2e-template-'));
const template = path.join(templateRoot, 'db');
const made = spawn(process.execPath, ['--import', 'tsx', 'scripts/migrated-database.ts', template], {
  stdio: 'inherit',
});
const madeCode = await new Promise((resolve) => made.on('exit', resolve));
if (madeCode !== 0) {
  console.error(`the journey servers' database could not be made (exit ${madeCode})`);
  process.exit(1);
}
// Once every server has stopped (and removed its own data folder): the template, and the folders the
// runner made for this run (E2E_MADE_DIRS, playwright.config.ts), whose last reader was its teardown.
process.on('exit', () => {
  const made = (process.env.E2E_MADE_DIRS ?? '').split(path.delimiter).filter(Boolean);
  for (const folder of [templateRoot, ...made]) rmSync(folder, { recursive: true, force: true });
});

const children = servers.map((server) =>
  spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, ...server.env, E2E_DATABASE_TEMPLATE: template },
  }),
);
// One server gone is the run's end: the others go too, and the runner hears the exit.
let stopping = false;
const stopAll = (signal) => {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill(signal);
};
for (const child of children)
  child.on('exit', (code) => {
    if (!stopping) {
      stopAll('SIGTERM');
      process.exitCode = code || 1;
    }
  });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stopAll(signal));

try {
  await Promise.all(servers.map((server, index) => healthy(server.env.PORT, children[index])));
  console.log(READY);
} catch (error) {
  console.error(String(error));
  stopAll('SIGTERM');
  process.exitCode = 1;
}
