/**
 * `npm run bench`: issue 13's benchmark, kept apart from the tests (which assert behaviour only).
 *
 * Two legs, each in a process of its own: the embedded database (200,000 listings) and PostgreSQL
 * (1,000,000 listings, a throwaway server started by scripts/with-postgres.sh as CI starts one). Each
 * leg generates its data, starts the built app on it (`npm run build` first), and runs every case with
 * autocannon beside its floor: the same SQL straight through `pg` at the same concurrency. Then the
 * tables, issue 13's targets, and, after a full default run, docs/benchmarks.md.
 *
 * Then the pages leg (pages.ts): Lighthouse, mobile defaults, five runs each on the home page, browse and
 * a listing, with issue 15's targets.
 *
 * Knobs (environment): BENCH_LEG=embedded|postgres|both|pages (pages: that leg alone), BENCH_PAGES=0
 * (without the pages leg), BENCH_PAGE_RUNS (Lighthouse runs per page), BENCH_LISTINGS (both legs), BENCH_SECONDS,
 * BENCH_WARMUP_SECONDS, BENCH_CONNECTIONS, BENCH_BACKGROUND_CONNECTIONS, BENCH_CHUNK, BENCH_LISTED_WITHIN
 * (seconds: every listing listed within that window before now), BENCH_CASES
 * (ids, comma-separated: see cases.ts), BENCH_DOC=1|0 (default: write only after a full default run),
 * BENCH_EXPLAIN=1 (EXPLAIN (ANALYZE, BUFFERS) of every case's SQL to a file), BENCH_ACCEPT_ENCODING,
 * BENCH_APP_NODE_OPTIONS (extra Node options for the app, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof`),
 * BENCH_DATABASE_URL (the PostgreSQL leg on a database an earlier run filled, its data as it is),
 * BENCH_UNNAMED_FLOOR=1 (each floor measured a second time with every statement sent unnamed).
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { LegResult } from './cases';
import { isDefaultRun, readConfig, type LegName } from './config';
import { ROOT } from './paths';
import { legTable, machine, shortVersion, targetLines, writeDoc, writePagesDoc } from './report';
import { pagesTable, runPages, type PageResult } from './pages';

const config = readConfig();

async function runLeg(leg: LegName, resultFile: string): Promise<LegResult> {
  const node = [process.execPath, '--import', 'tsx', path.join(ROOT, 'scripts/bench/leg.ts')];
  const command =
    leg === 'postgres' && !config.databaseUrl
      ? ['bash', path.join(ROOT, 'scripts/with-postgres.sh'), ...node]
      : node;
  const started = performance.now();
  const code = await new Promise<number | null>((resolve, reject) => {
    const child = spawn(command[0]!, command.slice(1), {
      cwd: ROOT,
      stdio: 'inherit',
      env: { ...process.env, BENCH_LEG_NAME: leg, BENCH_RESULT_FILE: resultFile },
    });
    child.once('error', reject);
    child.once('exit', resolve);
  });
  if (code !== 0) throw new Error(`the ${leg} leg failed (exit code ${code})`);
  console.log(`[${leg}] leg done in ${((performance.now() - started) / 60_000).toFixed(1)} min\n`);
  return JSON.parse(await readFile(resultFile, 'utf8')) as LegResult;
}

/** Which code ran: the commit, and whether the work tree differed from it. */
function codeDescription(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const commit = git('rev-parse', '--short', 'HEAD');
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'drizzle').length > 0;
    return `commit ${commit}${changed ? ' with uncommitted changes in src/ or drizzle/' : ''}`;
  } catch {
    return 'commit unknown';
  }
}

/** The newest modification time of the files under `folder`. */
function newest(folder: string): number {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

async function main(): Promise<void> {
  if (!existsSync(path.join(ROOT, 'dist/server/index.js')))
    throw new Error('The bench measures the built app: run `npm run build` first.');
  if (newest(path.join(ROOT, 'src')) > statSync(path.join(ROOT, 'dist/server/index.js')).mtimeMs)
    console.warn(
      'Warning: src/ has changed since the last build; `npm run build` measures the current code.\n',
    );
  const when = new Date();
  const code = codeDescription();
  const loadAverage = loadavg()[0] ?? 0;
  const m = machine();
  console.log(
    `ModMarket bench: ${config.legs.join(' + ')}; ${code}; ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB, Node ${m.node}\n`,
  );
  if (loadAverage > 0.5)
    console.warn(
      `Warning: the load average is ${loadAverage.toFixed(2)}: other work on this machine will lower the figures.\n`,
    );
  const folder = await mkdtemp(path.join(tmpdir(), 'modmarket-bench-'));
  const results: LegResult[] = [];
  try {
    for (const leg of config.legs) results.push(await runLeg(leg, path.join(folder, `${leg}.json`)));
  } finally {
    await rm(folder, { recursive: true, force: true });
  }

  let pages: PageResult[] = [];
  if (config.pages) {
    console.log(`[pages] Lighthouse, ${config.pageRuns} runs per page`);
    pages = await runPages(config.pageRuns);
    console.log(`\nPages (medians of ${config.pageRuns} Lighthouse runs, mobile defaults):\n`);
    console.log(pagesTable(pages));
  }

  for (const result of results) {
    console.log(
      `\n${result.leg}: ${result.listings.toLocaleString('en')} listings, ${shortVersion(result.databaseVersion)}\n`,
    );
    console.log(legTable(result));
  }
  const doc = path.join(ROOT, 'docs/benchmarks.md');
  if (pages.length && config.doc !== 'no' && config.pageRuns === 5) {
    await writePagesDoc(doc, pages, { when, code, loadAverage });
    console.log(`\nWrote the pages section of ${path.relative(ROOT, doc)}.`);
  }
  if (!results.length) return;
  console.log('\nTargets (issue 13):');
  for (const line of targetLines(results)) console.log(`  ${line}`);

  const write = config.doc === 'yes' || (config.doc === 'auto' && isDefaultRun(config));
  if (write) {
    await writeDoc(doc, results, { when, code, loadAverage });
    console.log(`\nWrote ${path.relative(ROOT, doc)}.`);
  } else
    console.log('\ndocs/benchmarks.md left as it is (not a full default run; BENCH_DOC=1 writes it anyway).');
}

await main();
