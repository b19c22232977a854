/**
 * The pages leg of `npm run bench`: Lighthouse (mobile defaults: a mid-range phone on slow 4G with a
 * 4× slower CPU, simulated) on the home page, browse and a listing, five runs each in Debian's
 * Chromium, against the built app on its embedded defaults with the demo catalogue. Medians only:
 * one run of Lighthouse varies by a few points.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { launch } from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ROOT } from './paths';

export const PAGE_TARGETS = { score: 95, lcpMs: 2000, cls: 0.05, tbtMs: 150 };

export interface PageResult {
  name: string;
  path: string;
  runs: number;
  score: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  fcpMs: number;
  transferKiB: number;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

async function startApp(dataDir: string): Promise<{ origin: string; child: ChildProcess }> {
  const port = await freePort();
  const origin = `http://localhost:${port}`;
  const child = spawn(process.execPath, ['dist/server/index.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: origin,
      ALLOW_HTTP: 'true',
      // Production's checks want a mail server; visitors loading pages send no mail.
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SECRETS_KEY: 'be0c'.repeat(16),
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
    },
  });
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the app exited (code ${child.exitCode})`);
    const ready = await fetch(`${origin}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return { origin, child };
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill();
  throw new Error('the app did not start within 3 minutes');
}

/** A listing with photos: its page is the heaviest public one. */
async function listingPath(origin: string): Promise<string> {
  const response = await fetch(`${origin}/api/listings?make=Honda`);
  const { items } = (await response.json()) as { items: { id: string; photo: unknown }[] };
  const listing = items.find((item) => item.photo);
  if (!listing) throw new Error('the demo catalogue has no listing with a photo');
  return `/listing/${listing.id}`;
}

/**
 * One Lighthouse run in a fresh browser (nothing cached from the run before). Lighthouse sometimes
 * fails to record a trace (NO_NAVSTART): such a run is tried again, twice at most.
 */
async function measure(url: string) {
  for (let attempt = 1; ; attempt++) {
    const chrome = await launch({
      chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
    });
    try {
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance'],
      });
      const error = result ? result.lhr.runtimeError : { message: 'no result' };
      if (!error && result) return result.lhr;
      if (attempt === 3) throw new Error(`Lighthouse on ${url}: ${error?.message}`);
      console.warn(`[pages] Lighthouse failed (${error?.message}); trying again`);
    } finally {
      chrome.kill();
    }
  }
}

export async function runPages(runs = 5): Promise<PageResult[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'modmarket-pages-'));
  const { origin, child } = await startApp(dataDir);
  try {
    const pages = [
      { name: 'Home', path: '/' },
      { name: 'Browse', path: '/browse?make=Honda' },
      { name: 'A listing', path: await listingPath(origin) },
    ];
    const results: PageResult[] = [];
    for (const page of pages) {
      // One unmeasured load: the server's first render of a page compiles and caches its code.
      await fetch(`${origin}${page.path}`);
      const samples: Omit<PageResult, 'name' | 'path' | 'runs'>[] = [];
      for (let run = 1; run <= runs; run++) {
        const lhr = await measure(`${origin}${page.path}`);
        const audit = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
        samples.push({
          score: Math.round((lhr.categories.performance?.score ?? 0) * 100),
          lcpMs: audit('largest-contentful-paint'),
          cls: audit('cumulative-layout-shift'),
          tbtMs: audit('total-blocking-time'),
          fcpMs: audit('first-contentful-paint'),
          transferKiB: audit('total-byte-weight') / 1024,
        });
        const last = samples.at(-1)!;
        console.log(
          `[pages] ${page.name} run ${run}/${runs}: score ${last.score}, LCP ${Math.round(last.lcpMs)} ms, CLS ${last.cls.toFixed(3)}, TBT ${Math.round(last.tbtMs)} ms`,
        );
      }
      results.push({
        ...page,
        runs,
        score: median(samples.map((s) => s.score)),
        lcpMs: median(samples.map((s) => s.lcpMs)),
        cls: median(samples.map((s) => s.cls)),
        tbtMs: median(samples.map((s) => s.tbtMs)),
        fcpMs: median(samples.map((s) => s.fcpMs)),
        transferKiB: median(samples.map((s) => s.transferKiB)),
      });
    }
    return results;
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function pagesTable(results: PageResult[]): string {
  const t = PAGE_TARGETS;
  const mark = (ok: boolean) => (ok ? '✓' : '✗');
  const rows = results.map(
    (r) =>
      `| ${r.name} | \`${r.path.startsWith('/listing/') ? '/listing/{id}' : r.path}\` | ${r.score} ${mark(r.score >= t.score)} | ${(r.lcpMs / 1000).toFixed(2)} s ${mark(r.lcpMs <= t.lcpMs)} | ${r.cls.toFixed(3)} ${mark(r.cls <= t.cls)} | ${Math.round(r.tbtMs)} ms ${mark(r.tbtMs <= t.tbtMs)} | ${(r.fcpMs / 1000).toFixed(2)} s | ${Math.round(r.transferKiB)} KiB |`,
  );
  return [
    '| Page | Path | Performance | LCP | CLS | TBT | FCP | Transferred |',
    '| --- | --- | --- | --- | --- | --- | --- | --- |',
    ...rows,
  ].join('\n');
}
