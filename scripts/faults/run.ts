/**
 * `npm run faults`: fault experiments against the built app (`npm run build` first), kept apart from the
 * tests. Each case breaks one thing while members write (messages, listings, sign-ups), puts it right,
 * and counts: writes acknowledged with a 2xx answer, how many the database holds, lost (acknowledged,
 * not stored), doubled (stored twice), confirmation emails delivered once, twice or not at all, and how
 * long the app took to take writes again. Everything listens on 127.0.0.1, ports 4400-4499 (experiment.ts).
 *
 *   npm run faults                      every case, on both databases (PostgreSQL: Debian's, started here)
 *   npm run faults -- --quick           the quickest: the app killed mid-work, and money under a crash
 *                                       (orders-sigkill), embedded database, small
 *   npm run faults -- --only pg-stop    one case (or several, comma-separated)
 *   npm run faults -- --db embedded     one database (pg or embedded)
 *   --pg-stop-seconds N (default 30, quick 5)   --smtp-down-seconds N (default 20, quick 5)
 *   --settle-seconds N: the most time spent waiting for the confirmation emails after the load
 *   (default 120, quick 10); --keep: keep the apps' logs and data folders (kept anyway on a failure)
 *
 * Exits 1 when an acknowledged write was lost or an expected email was never sent (neither delivered nor
 * still queued), 2 on a usage error.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ROOT } from '../bench/paths';
import { CASES, type DatabaseKind } from './cases';
import { PORTS, runExperiment, running, type Row, type Sizes } from './experiment';
import { problems, table } from './report';
import { nginxInstalled } from './nginx';
import { startPostgres, type PostgresServer } from './postgres';
import { startFaultySmtp } from './smtp';

const QUICK: Sizes = {
  members: 2,
  messagesPerMember: 60,
  listingsPerMember: 2,
  signUps: 12,
  pauseMs: 50,
  signUpPauseMs: 300,
  beforeMs: 3_000,
  afterMs: 4_000,
  retryForMs: 30_000,
  settleMs: 10_000,
};

const FULL: Sizes = {
  members: 4,
  messagesPerMember: 400,
  listingsPerMember: 2,
  signUps: 40,
  pauseMs: 100,
  signUpPauseMs: 500,
  beforeMs: 8_000,
  afterMs: 10_000,
  retryForMs: 90_000,
  settleMs: 120_000,
};

function usage(message: string): never {
  console.error(`${message}\nUsage: npm run faults -- [--quick] [--only <case>[,<case>]] [--db pg|embedded]
  [--pg-stop-seconds N] [--smtp-down-seconds N] [--settle-seconds N] [--keep]
Cases: ${CASES.map((c) => c.id).join(', ')}`);
  process.exit(2);
}

function readOptions() {
  let parsed;
  try {
    parsed = parseArgs({
      options: {
        quick: { type: 'boolean', default: false },
        only: { type: 'string' },
        db: { type: 'string' },
        'pg-stop-seconds': { type: 'string' },
        'smtp-down-seconds': { type: 'string' },
        'settle-seconds': { type: 'string' },
        keep: { type: 'boolean', default: false },
        help: { type: 'boolean', default: false },
      },
    }).values;
  } catch (error) {
    usage(error instanceof Error ? error.message : String(error));
  }
  if (parsed.help) usage('Fault experiments against the built app.');
  const seconds = (name: string, value: string | undefined, fallback: number) => {
    if (value === undefined) return fallback * 1000;
    const number = Number(value);
    if (!Number.isFinite(number) || number < 0 || number > 600)
      usage(`--${name}: expected seconds from 0 to 600`);
    return number * 1000;
  };
  const quick = parsed.quick;
  const only =
    parsed.only?.split(',').map((id) => id.trim()) ?? (quick ? ['sigkill', 'orders-sigkill'] : null);
  for (const id of only ?? [])
    if (!CASES.some((c) => c.id === id)) usage(`--only: no case ${JSON.stringify(id)}`);
  const db = parsed.db ?? (quick ? 'embedded' : undefined);
  if (db !== undefined && db !== 'pg' && db !== 'embedded') usage('--db: expected pg or embedded');
  const databases: DatabaseKind[] =
    db === 'pg' ? ['postgres'] : db === 'embedded' ? ['embedded'] : ['embedded', 'postgres'];
  const sizes = { ...(quick ? QUICK : FULL) };
  sizes.settleMs = seconds('settle-seconds', parsed['settle-seconds'], sizes.settleMs / 1000);
  return {
    quick,
    keep: parsed.keep,
    sizes,
    experiments: CASES.filter((c) => !only || only.includes(c.id)).flatMap((faultCase) =>
      faultCase.databases.filter((d) => databases.includes(d)).map((database) => ({ faultCase, database })),
    ),
    databaseDownMs: seconds('pg-stop-seconds', parsed['pg-stop-seconds'], quick ? 5 : 30),
    mailDownMs: seconds('smtp-down-seconds', parsed['smtp-down-seconds'], quick ? 5 : 20),
  };
}

/** The newest modification time of the files under `folder`. */
function newest(folder: string): number {
  let latest = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true, recursive: true }))
    if (entry.isFile()) latest = Math.max(latest, statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  return latest;
}

function commit(): string {
  try {
    const git = (...args: string[]) => execFileSync('git', args, { cwd: ROOT, encoding: 'utf8' }).trim();
    const changed = git('status', '--porcelain', '--untracked-files=no', '--', 'src', 'drizzle').length > 0;
    return `${git('rev-parse', '--short', 'HEAD')}${changed ? ' (with uncommitted changes in src/ or drizzle/)' : ''}`;
  } catch {
    return 'unknown';
  }
}

async function main(): Promise<number> {
  const options = readOptions();
  const entry = path.join(ROOT, 'dist/server/index.js');
  if (!existsSync(entry)) {
    console.error('The experiments run the built app: `npm run build` first.');
    return 2;
  }
  if (newest(path.join(ROOT, 'src')) > statSync(entry).mtimeMs)
    console.warn('Warning: src/ has changed since the last build; `npm run build` runs the current code.');
  let experiments = options.experiments;
  if (experiments.some((e) => e.faultCase.cluster) && !nginxInstalled()) {
    console.warn('nginx is not installed (apt-get install nginx): the cluster case is left out.');
    experiments = experiments.filter((e) => !e.faultCase.cluster);
  }
  if (!experiments.length) usage('nothing to run with these options');

  const started = new Date();
  const code = commit();
  console.log(
    `ModMarket fault experiments: ${experiments.map((e) => `${e.faultCase.id}/${e.database}`).join(', ')}; commit ${code}\n`,
  );
  const workDir = mkdtempSync(path.join(tmpdir(), 'modmarket-faults-'));
  const smtp = await startFaultySmtp(PORTS.smtp);
  let postgres: PostgresServer | null = null;
  const rows: Row[] = [];
  const failures: string[] = [];
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.once(signal, () => {
      console.error(`\n${signal}: stopping the apps, nginx, PostgreSQL and the mail server`);
      void (async () => {
        for (const nginx of running.nginx) await nginx.stop().catch(() => undefined);
        for (const app of running.apps) await app.kill('SIGKILL', 5_000);
        postgres?.destroy();
        await smtp.close();
        console.error(`The apps' logs and data are kept in ${workDir}`);
        process.exit(130);
      })();
    });
  try {
    if (experiments.some((e) => e.database === 'postgres')) postgres = startPostgres(PORTS.postgres);
    for (const [serial, { faultCase, database }] of experiments.entries()) {
      try {
        const row = await runExperiment({
          faultCase,
          database,
          postgres,
          smtp,
          sizes: options.sizes,
          databaseDownMs: options.databaseDownMs,
          mailDownMs: options.mailDownMs,
          workDir,
          serial,
        });
        rows.push(row);
        console.log(`[${faultCase.id}-${database}] ${row.details}\n`);
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        failures.push(`${faultCase.id}/${database}: ${message}`);
        console.error(`[${faultCase.id}-${database}] the experiment itself failed: ${message}\n`);
      }
    }
  } finally {
    await smtp.close();
    postgres?.destroy();
  }
  const minutes = ((Date.now() - started.getTime()) / 60_000).toFixed(1);
  console.log(
    `\nFault experiments, ${started.toISOString().slice(0, 16)} UTC, commit ${code}, ${minutes} min:\n`,
  );
  console.log(table(rows));
  for (const row of rows) console.log(`  ${row.case}/${row.database}: ${row.details}`);

  const bad = problems(rows);
  for (const line of bad) console.error(line);
  for (const failure of failures) console.error(`Could not run ${failure}`);
  const failed = bad.length > 0 || failures.length > 0;
  if (failed || options.keep) console.log(`The apps' logs and data are kept in ${workDir}`);
  else rmSync(workDir, { recursive: true, force: true });
  return failed ? 1 : 0;
}

process.exitCode = await main();
