// Starts the end-to-end servers side by side (scripts/e2e-server.mjs each, with its own settings from
// E2E_SERVERS, playwright.config.ts) and prints "e2e servers ready" once every one answers its health
// check: the test runner starts its servers one after another, and each spends most of its start
// seeding the demo catalogue on one core while the other idles.
import { spawn } from 'node:child_process';
import { healthy } from './wait-healthy.mjs';

const READY = 'e2e servers ready';
const servers = JSON.parse(process.env.E2E_SERVERS ?? '[]');
if (!Array.isArray(servers) || servers.length === 0) {
  console.error('E2E_SERVERS lists no server (playwright.config.ts sets it)');
  process.exit(1);
}

const children = servers.map((server) =>
  spawn(process.execPath, ['--import', 'tsx', 'scripts/e2e-server.mjs'], {
    stdio: 'inherit',
    env: { ...process.env, ...server.env },
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
