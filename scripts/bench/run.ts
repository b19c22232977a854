/**
 * `npm run bench`: timings, kept apart from the tests (which assert behaviour only).
 *
 * 1. Responsiveness: while the embedded database runs a multi-second query, how fast does the same
 *    process still answer an HTTP request that needs no database? (PGlite in a worker thread keeps
 *    this in milliseconds; on the HTTP thread it would wait for the whole query.)
 * 2. Throughput of `GET /api/health` (one database round trip per request) at 10 concurrent clients.
 *
 * Later features add their own cases here (search over a million listings, etc.).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadEnv } from '../../src/server/env';
import { startServer } from '../../src/server/start-server';

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? NaN;
}

function summary(label: string, samples: number[]): void {
  const sorted = [...samples].sort((a, b) => a - b);
  const f = (n: number) => `${n.toFixed(1)} ms`;
  console.log(
    `${label}: n=${sorted.length} p50=${f(percentile(sorted, 50))} p95=${f(percentile(sorted, 95))} max=${f(sorted.at(-1) ?? NaN)}`,
  );
}

async function timed(url: string): Promise<number> {
  const start = performance.now();
  const response = await fetch(url);
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'modmarket-bench-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
  });
  const server = await startServer(env, pino({ level: 'silent' }));
  try {
    const page = `${server.url}/api/openapi.json`;
    for (let i = 0; i < 20; i++) await timed(page); // warm-up

    const idle: number[] = [];
    for (let i = 0; i < 200; i++) idle.push(await timed(page));
    summary('openapi.json, database idle        ', idle);

    const busy: number[] = [];
    let done = false;
    const slow = server.database.pool
      .query('select count(*) from generate_series(1, 10000000)')
      .finally(() => (done = true));
    const slowStart = performance.now();
    while (!done) busy.push(await timed(page));
    await slow;
    console.log(`slow query took ${(performance.now() - slowStart).toFixed(0)} ms`);
    summary('openapi.json, database busy        ', busy);

    const health = `${server.url}/api/health`;
    const total = 2000;
    let sent = 0;
    const latencies: number[] = [];
    const start = performance.now();
    await Promise.all(
      Array.from({ length: 10 }, async () => {
        while (sent < total) {
          sent++;
          latencies.push(await timed(health));
        }
      }),
    );
    const seconds = (performance.now() - start) / 1000;
    summary('health, 10 concurrent clients      ', latencies);
    console.log(`health throughput: ${(total / seconds).toFixed(0)} requests/s`);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
