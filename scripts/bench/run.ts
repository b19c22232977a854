/**
 * `npm run bench`: timings, kept apart from the tests (which assert behaviour only).
 *
 * 1. Responsiveness: while the embedded database runs a multi-second query, how fast does the same
 *    process still answer an HTTP request that needs no database? (PGlite in a worker thread keeps
 *    this in milliseconds; on the HTTP thread it would wait for the whole query.)
 * 2. Throughput of `GET /api/health` (one database round trip per request) at 10 concurrent clients.
 * 3. Browse and search over BENCH_LISTINGS generated listings (default 100,000): the first page and a
 *    later keyset page for typical filters, a common and a rare word, and a typo.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { loadEnv } from '../../src/server/env';
import { startServer } from '../../src/server/start-server';
import { hashToken } from '../../src/server/security/secrets';

const BENCH_TOKEN = 'bench-session-token';

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

async function timed(url: string, headers: Record<string, string> = {}): Promise<number> {
  const start = performance.now();
  const response = await fetch(url, { headers });
  await response.arrayBuffer();
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  return performance.now() - start;
}

async function benchSearch(base: string, database: { pool: { query: (q: string) => Promise<unknown> } }) {
  const count = Number(process.env.BENCH_LISTINGS ?? 100_000);
  const started = performance.now();
  await database.pool.query(
    `insert into "user" (id, name, email, email_verified) values ('bench', 'Bench', 'bench@example.com', true)`,
  );
  // Titles mix common words, brands and a rare word every 10,000 rows.
  await database.pool.query(`
    insert into listings (user_id, title, description, price, category, condition, make, model, year_start, year_end, created_at)
    select 'bench',
      (array['Borla','HKS','Brembo','Bilstein','Garrett','Enkei','Recaro','Tein'])[1 + i % 8] || ' ' ||
      (array['exhaust','turbo charger','brake kit','coilovers','wheels','seat','intake','intercooler'])[1 + (i / 8) % 8] ||
      case when i % 10000 = 0 then ' zirconium' else '' end || ' #' || i,
      'Used part in good shape, fits many cars. Lot ' || i,
      (50 + (i * 37) % 5000)::numeric,
      (array['exhaust','engine','brakes','suspension','wheels','interior','electronics','other'])[1 + (i / 8) % 8],
      (array['new','like_new','good','fair','poor'])[1 + i % 5],
      (array['Nissan','Toyota','Honda','Mazda','Ford','Chevrolet','BMW','Audi'])[1 + (i / 3) % 8],
      'Model ' || (i % 20),
      1990 + i % 25, 1995 + i % 25 + 5,
      now() - (i || ' minutes')::interval
    from generate_series(1, ${count}) as i`);
  // A signed-in member with three vehicles, for the fitment filter.
  await database.pool.query(`
    insert into session (id, token, user_id, persistent, expires_at, ip_address)
    values ('bench-session', '${hashToken(BENCH_TOKEN)}', 'bench', true, now() + interval '1 day', '127.0.0.1')`);
  await database.pool.query(`
    insert into vehicles (user_id, license_plate, make, model, year) values
      ('bench', 'B1', 'Nissan', 'Model 3', 2004), ('bench', 'B2', 'Toyota', 'Model 5', 2010),
      ('bench', 'B3', 'Honda', 'Model 7', 2000)`);
  await database.pool.query('analyze listings');
  console.log(
    `\ngenerated ${count.toLocaleString('en')} listings in ${((performance.now() - started) / 1000).toFixed(1)} s`,
  );

  const cases: [string, string][] = [
    ['newest, first page', ''],
    ['category + make', 'category=exhaust&make=Nissan'],
    ['make + year', 'make=Toyota&year=2004'],
    ['price low to high', 'sort=price_asc'],
    ['common word', 'search=exhaust'],
    ['rare word', 'search=zirconium'],
    ['typo', 'search=exaust'],
    ['word + filters', 'search=turbo&make=Honda&maxPrice=2000'],
    ['fits my vehicles', 'fits=any'],
  ];
  for (const [label, query] of cases) {
    // Fitment needs the member: every case runs signed in, as a member browsing would.
    const headers = { Cookie: `mm_session=${BENCH_TOKEN}` };
    const first: number[] = [];
    const second: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const response = await fetch(`${base}/api/listings?${query}`, { headers });
      const page = (await response.json()) as { nextCursor: string | null };
      first.push(performance.now() - t0);
      if (page.nextCursor)
        second.push(await timed(`${base}/api/listings?${query}&cursor=${page.nextCursor}`, headers));
    }
    summary(`browse ${label.padEnd(20)} page 1`, first);
    if (second.length) summary(`browse ${label.padEnd(20)} page 2`, second);
  }
}

async function main(): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'modmarket-bench-'));
  const env = loadEnv({
    NODE_ENV: 'production',
    // Production's safety checks want a public address and mail server; the benchmark sends no mail.
    PUBLIC_URL: 'http://localhost',
    ALLOW_HTTP: 'true',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    PORT: '0',
    DATA_DIR: dataDir,
    SEED_DEMO: 'false',
    LOG_LEVEL: 'silent',
    // Generating the listings is one long statement.
    DB_STATEMENT_TIMEOUT_MS: '600000',
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

    await benchSearch(server.url, server.database);
  } finally {
    await server.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
