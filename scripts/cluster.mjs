// Starts ModMarket as several instances would run in production, all on this machine: two app
// instances (the built app) on one PostgreSQL server (TEST_DATABASE_URL, from scripts/with-postgres.sh),
// an S3-compatible server (s3rver) for the photos, an SMTP server whose mail lands in CLUSTER_MAIL_DIR,
// and nginx (Debian's) in front with the committed deploy/nginx/modmarket.conf. The cluster journeys
// (e2e-cluster/) run against nginx; CLUSTER_STATE gets the ports and process ids, so a journey can stop
// an instance.
import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import { startMailListener } from './mail-listener.mjs';
import { NGINX_BIN, writeNginxConfig } from './nginx-wrapper.mjs';
import { healthy } from './wait-healthy.mjs';

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..');
const databaseUrl = process.env.TEST_DATABASE_URL;
if (!databaseUrl) throw new Error('TEST_DATABASE_URL is not set: run under scripts/with-postgres.sh');
const proxyPort = Number(process.env.CLUSTER_PORT ?? 4180);
const appPorts = [proxyPort + 1, proxyPort + 2];
// The runner's folder for this run (playwright.cluster.config.ts), else one of its own; removed at the stop.
const work = process.env.CLUSTER_RUN_DIR ?? mkdtempSync(path.join(tmpdir(), 'modmarket-cluster-'));
const mailDir = process.env.CLUSTER_MAIL_DIR ?? path.join(work, 'mail');
mkdirSync(mailDir, { recursive: true });
const children = [];

// The photo bucket.
const bucket = 'modmarket-photos';
const s3 = new S3rver({
  port: 0,
  address: '127.0.0.1',
  silent: true,
  directory: path.join(work, 's3'),
  configureBuckets: [{ name: bucket, configs: [] }],
});
const { port: s3Port } = await s3.run();

// Mail: every message a file, as for the e2e server.
const smtp = await startMailListener(mailDir, 'cluster');

const publicUrl = `http://localhost:${proxyPort}`;
const instanceEnv = {
  NODE_ENV: 'production',
  HOST: '127.0.0.1',
  PUBLIC_URL: publicUrl,
  ALLOW_HTTP: 'true',
  SECRETS_KEY: 'c1a5'.repeat(16),
  DATABASE_URL: databaseUrl,
  DB_POOL_MAX: '8',
  TRUST_PROXY: '1',
  SMTP_URL: `smtp://127.0.0.1:${smtp.port}`,
  S3_BUCKET: bucket,
  S3_ENDPOINT: `http://127.0.0.1:${s3Port}`,
  S3_ACCESS_KEY_ID: 'S3RVER',
  S3_SECRET_ACCESS_KEY: 'S3RVER',
  S3_FORCE_PATH_STYLE: 'true',
  SEED_DEMO: 'true',
  SEED_DEMO_PHOTOS: '1',
  LOG_LEVEL: 'warn',
};

// One after the other: the first migrates and seeds the empty database, the second finds it ready.
const instances = [];
for (const [index, port] of appPorts.entries()) {
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: root,
    stdio: ['ignore', 'inherit', 'inherit'],
    env: {
      ...process.env,
      ...instanceEnv,
      PORT: String(port),
      DATA_DIR: path.join(work, `instance-${index + 1}`),
    },
  });
  children.push(child);
  await healthy(port, child);
  instances.push({ port, pid: child.pid });
}

// nginx with the committed site file, its instances and port swapped for this run's.
const nginx = spawn(
  NGINX_BIN,
  writeNginxConfig(path.join(work, 'nginx'), { port: proxyPort, appPorts, errorLog: 'stderr' }),
  { stdio: ['ignore', 'inherit', 'inherit'] },
);
children.push(nginx);
await healthy(proxyPort, nginx);

if (process.env.CLUSTER_STATE)
  writeFileSync(process.env.CLUSTER_STATE, JSON.stringify({ proxyPort, instances, mailDir, s3Port, bucket }));
console.log(`cluster ready: nginx on ${proxyPort}, instances on ${appPorts.join(' and ')}`);

let stopping = false;
const stop = async () => {
  if (stopping) return;
  stopping = true;
  // The instances and nginx first (each stops within 10 s), then what they used, then the folder.
  const running = children.filter((child) => child.exitCode === null && child.signalCode === null);
  const exited = Promise.all(running.map((child) => new Promise((resolve) => child.once('exit', resolve))));
  for (const child of running) child.kill('SIGTERM');
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 15_000))]);
  smtp.close();
  await s3.close().catch(() => undefined);
  rmSync(work, { recursive: true, force: true });
  process.exit(0);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void stop());
