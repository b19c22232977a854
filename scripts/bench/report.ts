/** Tables, issue 13's targets, and docs/benchmarks.md. */
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { readFile, writeFile } from 'node:fs/promises';
import os from 'node:os';
import * as prettier from 'prettier';
import type { CaseResult, LegResult } from './cases';
import { DEFAULT_LISTINGS, type LegName } from './config';
import type { Stats } from './load';
import { PAGE_TARGETS, pagesTable, type PageResult } from './pages';

export const plural = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`;

export function formatMs(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return '–';
  if (Math.abs(ms) < 10) return `${ms.toFixed(2)} ms`;
  if (Math.abs(ms) < 100) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(0)} ms`;
}

const rate = (stats: Stats | null | undefined) =>
  stats && Number.isFinite(stats.perSecond) ? Math.round(stats.perSecond).toLocaleString('en') : '–';

const LEG_TITLES: Record<LegName, string> = { embedded: 'Embedded (PGlite)', postgres: 'PostgreSQL' };

function failures(stats: Stats | null | undefined): string {
  return stats?.failures ? ` (${stats.failures} failed)` : '';
}

function row(label: string, api: Stats, floor: Stats | null): string {
  const gap = floor ? api.p50 - floor.p50 : NaN;
  return `| ${label} | ${rate(api)}${failures(api)} | ${formatMs(api.p50)} | ${formatMs(api.p99)} | ${rate(floor)}${failures(floor)} | ${formatMs(floor?.p50)} | ${formatMs(floor?.p99)} | ${formatMs(gap)} |`;
}

export function legTable(result: LegResult): string {
  const lines = [
    '| case | requests/s | p50 | p99 | floor req/s | floor p50 | floor p99 | API p50 − floor p50 |',
    '| --- | --: | --: | --: | --: | --: | --: | --: |',
  ];
  for (const item of result.cases) {
    lines.push(row(item.label, item.api, item.floor));
    if (item.background)
      lines.push(
        row(
          `↳ beside it: ${item.background.label} (${item.background.connections} connections)`,
          item.background.api,
          item.background.floor,
        ),
      );
  }
  return lines.join('\n');
}

export interface TargetCheck {
  leg: LegName;
  target: string;
  figures: string;
  status: 'met' | 'not met' | 'not measured';
}

function check(
  leg: LegName,
  target: string,
  cases: CaseResult[],
  pass: (item: CaseResult) => boolean,
  figure: (item: CaseResult) => string,
): TargetCheck {
  if (cases.length === 0) return { leg, target, figures: '', status: 'not measured' };
  return {
    leg,
    target,
    figures: cases.map((item) => `${item.label}: ${figure(item)}`).join('; '),
    status: cases.every(pass) ? 'met' : 'not met',
  };
}

/** Issue 13's targets, each with the figures it was judged on. */
export function targets(results: LegResult[]): TargetCheck[] {
  const checks: TargetCheck[] = [];
  const pg = results.find((result) => result.leg === 'postgres');
  if (pg) {
    const of = (kind: string) => pg.cases.filter((item) => item.kind === kind);
    const byId = (id: string) => pg.cases.filter((item) => item.id === id);
    const p99 = (item: CaseResult) => formatMs(item.api.p99);
    const perSecond = (item: CaseResult) => `${rate(item.api)}/s`;
    const gap = (item: CaseResult) => (item.floor ? item.api.p50 - item.floor.p50 : NaN);
    checks.push(
      check('postgres', 'every search case p99 ≤ 15 ms', of('search'), (i) => i.api.p99 <= 15, p99),
      check('postgres', 'category + make p99 ≤ 10 ms', byId('category-make'), (i) => i.api.p99 <= 10, p99),
      check(
        'postgres',
        'browse pages ≥ 3,000 requests/s',
        of('browse'),
        (i) => i.api.perSecond >= 3000,
        perSecond,
      ),
      check(
        'postgres',
        'listing detail ≥ 5,000 requests/s',
        byId('detail'),
        (i) => i.api.perSecond >= 5000,
        perSecond,
      ),
      check(
        'postgres',
        'API p50 − floor p50 ≤ 1 ms on detail and browse',
        [...byId('detail'), ...of('browse')],
        (i) => gap(i) <= 1,
        (i) => formatMs(gap(i)),
      ),
    );
    const common = byId('common')[0];
    const rare = byId('rare')[0];
    checks.push(
      common && rare
        ? {
            leg: 'postgres',
            target: 'rare word p99 ≤ 3 × common word p99',
            figures: `rare ${formatMs(rare.api.p99)}, common ${formatMs(common.api.p99)} (${(rare.api.p99 / common.api.p99).toFixed(2)}×)`,
            status: rare.api.p99 <= 3 * common.api.p99 ? 'met' : 'not met',
          }
        : {
            leg: 'postgres',
            target: 'rare word p99 ≤ 3 × common word p99',
            figures: '',
            status: 'not measured',
          },
    );
  }
  const embedded = results.find((result) => result.leg === 'embedded');
  if (embedded) {
    const byId = (id: string) => embedded.cases.filter((item) => item.id === id);
    checks.push(
      check(
        'embedded',
        'every search p99 ≤ 40 ms',
        embedded.cases.filter((item) => item.kind === 'search'),
        (i) => i.api.p99 <= 40,
        (i) => formatMs(i.api.p99),
      ),
      check(
        'embedded',
        'listing detail ≥ 1,500 requests/s',
        byId('detail'),
        (i) => i.api.perSecond >= 1500,
        (i) => `${rate(i.api)}/s`,
      ),
      check(
        'embedded',
        'listing detail p99 ≤ 50 ms while the slowest search runs',
        byId('detail-busy'),
        (i) => i.api.p99 <= 50,
        (i) => formatMs(i.api.p99),
      ),
    );
  }
  return checks;
}

export function targetLines(results: LegResult[]): string[] {
  return targets(results).map((item) => {
    const size = results.find((result) => result.leg === item.leg)!;
    const scale =
      size.listings === DEFAULT_LISTINGS[item.leg]
        ? ''
        : ` [at ${size.listings.toLocaleString('en')} listings; the target is for ${DEFAULT_LISTINGS[item.leg].toLocaleString('en')}]`;
    const mark = item.status === 'met' ? 'met' : item.status === 'not met' ? 'NOT MET' : 'not measured';
    return `${LEG_TITLES[item.leg]}: ${item.target} — ${mark}${item.figures ? ` (${item.figures})` : ''}${scale}`;
  });
}

export function machine(): { cpu: string; cores: number; memoryGiB: number; node: string; os: string } {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model.trim() ?? 'unknown',
    cores: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 1024 ** 3),
    node: process.version,
    os: `${os.type()} ${os.release()}`,
  };
}

const BEGIN = '<!-- bench:begin (written by `npm run bench`: edit outside these markers) -->';
const END = '<!-- bench:end -->';

const SKELETON = `# Benchmarks

\`npm run bench\` measures the built app on both databases (scripts/bench/). Everything between the
markers below is rewritten by each full run; the sections after them are kept as written.

${BEGIN}
${END}

## Reading the figures

## Where a target is not met
`;

/** "PostgreSQL 15.18", "PostgreSQL 18.6 (PGlite 0.5.14)" from `select version()`. */
export function shortVersion(version: string): string {
  return version.replace(/ on \S+.*$/, '').replace(/ \((Debian|Ubuntu)[^)]*\)/, '');
}

export interface RunInfo {
  when: Date;
  /** Which code ran (commit). */
  code: string;
  /** The 1-minute load average as the run started: other work on the machine lowers every figure. */
  loadAverage: number;
}

export function generatedSection(results: LegResult[], run: RunInfo): string {
  const { when, code } = run;
  const m = machine();
  const parts: string[] = [];
  parts.push(
    `Run on ${when.toISOString().slice(0, 10)} (${when.toISOString().slice(11, 16)} UTC) with \`npm run bench\`, ${code}.`,
    '',
    `**Machine:** ${m.cpu}, ${m.cores} cores, ${m.memoryGiB} GiB of memory, ${m.os}; Node ${m.node}. Load average (1 min) as the run started: ${run.loadAverage.toFixed(2)}.`,
    '',
  );
  for (const result of results) {
    parts.push(
      `- **${LEG_TITLES[result.leg]}**, ${shortVersion(result.databaseVersion)}: ${result.listings.toLocaleString('en')} listings from ${result.sellers.toLocaleString('en')} sellers, generated in ${result.generateSeconds.toFixed(0)} s (${plural(Math.ceil(result.listings / result.chunk), 'statement')} of at most ${result.chunk.toLocaleString('en')} rows), VACUUM (ANALYZE) ${result.analyzeSeconds.toFixed(0)} s; \`listings\` with its indexes: ${(result.listingsBytes / 1024 ** 2).toFixed(0)} MiB.`,
    );
  }
  const first = results[0]!;
  parts.push(
    '',
    `Each case: ${first.warmupSeconds} s of warm-up, then ${first.seconds} s of closed-loop load from ${first.connections} connections (autocannon). ` +
      `The floor is the SQL the app ran for one request of the case (recorded in the app), replayed straight through \`pg\` by ${first.connections} concurrent loops for as long; ` +
      `its pool is the app's (${results.map((r) => `${plural(r.floorPool, 'connection')} on ${LEG_TITLES[r.leg]}`).join(', ')}). ` +
      'Latencies are in milliseconds as the client sees them.',
    '',
  );
  for (const result of results) {
    parts.push(
      `### ${LEG_TITLES[result.leg]}, ${result.listings.toLocaleString('en')} listings`,
      '',
      legTable(result),
      '',
    );
  }
  parts.push('### Targets (issue 13)', '');
  for (const lineText of targetLines(results)) parts.push(`- ${lineText}`);
  parts.push('', '### What each floor replays', '');
  for (const result of results) {
    parts.push(`<details><summary>${LEG_TITLES[result.leg]}</summary>`, '');
    for (const item of result.cases) {
      parts.push(
        `**${item.label}** — \`${item.path.length > 90 ? `${item.path.slice(0, 89)}…` : item.path}\`${item.answer ? ` (${item.answer})` : ''}`,
        '',
      );
      for (const [n, statement] of item.statements.entries())
        parts.push(
          `${n + 1}. \`${statement.sql.replaceAll('`', "'")}\`${statement.ms === null ? '' : ` (${formatMs(statement.ms)})`}`,
        );
      parts.push('');
    }
    parts.push('</details>', '');
  }
  return parts.join('\n');
}

/** Rewrites the generated part of the file, keeping everything outside the markers. */
export async function writeDoc(file: string, results: LegResult[], run: RunInfo): Promise<void> {
  await writeSection(file, BEGIN, END, generatedSection(results, run));
}

const PAGES_BEGIN = '<!-- bench:pages:begin (written by `npm run bench`: edit outside these markers) -->';
const PAGES_END = '<!-- bench:pages:end -->';

/** The pages leg's medians, in their own marked section (a pages-only run leaves the rest as it is). */
export async function writePagesDoc(file: string, pages: PageResult[], run: RunInfo): Promise<void> {
  const m = machine();
  const text = [
    `Lighthouse ${lighthouseVersion()} (mobile defaults: simulated slow 4G and a 4× slower CPU), median of ${pages[0]?.runs ?? 0} runs per page, Debian Chromium, the built app on its embedded defaults with the demo catalogue. Run ${run.when.toISOString().slice(0, 10)} on ${run.code}; ${m.cpu}, ${m.cores} cores; load average ${run.loadAverage.toFixed(2)} at the start.`,
    '',
    `Targets (issue 15): performance ≥ ${PAGE_TARGETS.score}, LCP ≤ ${PAGE_TARGETS.lcpMs / 1000} s, CLS ≤ ${PAGE_TARGETS.cls}, TBT ≤ ${PAGE_TARGETS.tbtMs} ms (✓ met, ✗ not met).`,
    '',
    pagesTable(pages),
  ].join('\n');
  await writeSection(file, PAGES_BEGIN, PAGES_END, text);
}

/** Rewrites what lies between two markers (appended, with them, when the file has none). */
async function writeSection(file: string, begin: string, end: string, section: string): Promise<void> {
  const current = existsSync(file) ? await readFile(file, 'utf8') : SKELETON;
  const start = current.indexOf(begin);
  const stop = current.indexOf(end);
  const base = start >= 0 && stop > start ? current : `${current.trimEnd()}\n\n${begin}\n${end}\n`;
  const from = base.indexOf(begin) + begin.length;
  const to = base.indexOf(end);
  const text = `${base.slice(0, from)}\n\n${section}\n${base.slice(to)}`;
  const options = (await prettier.resolveConfig(file)) ?? {};
  await writeFile(file, await prettier.format(text, { ...options, filepath: file }));
}

function lighthouseVersion(): string {
  const require = createRequire(import.meta.url);
  return (require('lighthouse/package.json') as { version: string }).version;
}
