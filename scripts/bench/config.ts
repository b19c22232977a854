/**
 * The benchmark's knobs, from the environment. The defaults are issue 13's sizes; smaller values make a
 * quick run while developing (`BENCH_LEG=embedded BENCH_LISTINGS=50000 BENCH_SECONDS=3 npm run bench`).
 */
export type LegName = 'embedded' | 'postgres';

export const DEFAULT_LISTINGS: Record<LegName, number> = { embedded: 200_000, postgres: 1_000_000 };
export const DEFAULTS = {
  seconds: 8,
  warmupSeconds: 3,
  connections: 10,
  backgroundConnections: 4,
  chunk: 50_000,
};

function number(name: string, fallback: number, min: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw.replaceAll('_', '').replaceAll(',', ''));
  if (!Number.isFinite(value) || value < min)
    throw new Error(`${name}: expected a number of at least ${min}`);
  return value;
}

export interface Config {
  legs: LegName[];
  /** The pages leg (Lighthouse on home, browse and a listing); `BENCH_PAGES=0` leaves it out. */
  pages: boolean;
  /** Lighthouse runs per page (the median is kept). */
  pageRuns: number;
  /** Set: the same size on every leg; unset: each leg's default. */
  listings: number | null;
  seconds: number;
  warmupSeconds: number;
  connections: number;
  backgroundConnections: number;
  chunk: number;
  /** Listings are listed within this many seconds before now (two years by default; BENCH_LISTED_WITHIN). */
  listedWithinSeconds: number | null;
  /** Case ids to run (empty: all). */
  cases: string[];
  /** Write docs/benchmarks.md: 'auto' writes only after a full run at the default sizes. */
  doc: 'auto' | 'yes' | 'no';
  /** Write EXPLAIN (ANALYZE, BUFFERS) of every case's statements to a file per leg. */
  explain: boolean;
  /** An Accept-Encoding header for the HTTP load (none by default, as a CDN or cache in front would ask). */
  acceptEncoding: string | null;
  /** Extra Node options for the app's process (`--cpu-prof --cpu-prof-dir=/tmp/prof` to profile it). */
  appNodeOptions: string[];
  /** A PostgreSQL database an earlier run filled, measured as it is (no server started, no data made). */
  databaseUrl: string | null;
  /**
   * Also measure each floor with every statement sent unnamed (BENCH_UNNAMED_FLOOR=1), as a replay of
   * the SQL text alone would: the app's named statements are then parsed and planned on every run.
   */
  unnamedFloor: boolean;
}

export function readConfig(): Config {
  const leg = (process.env.BENCH_LEG ?? 'both').trim() || 'both';
  if (!['both', 'embedded', 'postgres', 'pages'].includes(leg))
    throw new Error('BENCH_LEG: embedded, postgres, both, or pages (the pages leg alone)');
  const pages = !['0', 'false', 'no'].includes((process.env.BENCH_PAGES ?? '').trim().toLowerCase());
  const listings = process.env.BENCH_LISTINGS?.trim() ? number('BENCH_LISTINGS', 0, 1_000) : null;
  const doc = (process.env.BENCH_DOC ?? 'auto').trim().toLowerCase();
  return {
    legs: leg === 'both' ? ['embedded', 'postgres'] : leg === 'pages' ? [] : [leg as LegName],
    pages: leg === 'pages' || pages,
    pageRuns: number('BENCH_PAGE_RUNS', 5, 1),
    listings,
    seconds: number('BENCH_SECONDS', DEFAULTS.seconds, 1),
    warmupSeconds: number('BENCH_WARMUP_SECONDS', DEFAULTS.warmupSeconds, 0),
    connections: number('BENCH_CONNECTIONS', DEFAULTS.connections, 1),
    backgroundConnections: number('BENCH_BACKGROUND_CONNECTIONS', DEFAULTS.backgroundConnections, 1),
    chunk: number('BENCH_CHUNK', DEFAULTS.chunk, 1_000),
    listedWithinSeconds: process.env.BENCH_LISTED_WITHIN?.trim() ? number('BENCH_LISTED_WITHIN', 0, 1) : null,
    cases: (process.env.BENCH_CASES ?? '')
      .split(',')
      .map((id) => id.trim())
      .filter(Boolean),
    doc: ['1', 'true', 'yes'].includes(doc) ? 'yes' : ['0', 'false', 'no'].includes(doc) ? 'no' : 'auto',
    explain: ['1', 'true', 'yes'].includes((process.env.BENCH_EXPLAIN ?? '').trim().toLowerCase()),
    acceptEncoding: process.env.BENCH_ACCEPT_ENCODING?.trim() || null,
    appNodeOptions: (process.env.BENCH_APP_NODE_OPTIONS ?? '').split(/\s+/).filter(Boolean),
    databaseUrl: process.env.BENCH_DATABASE_URL?.trim() || null,
    unnamedFloor: ['1', 'true', 'yes'].includes((process.env.BENCH_UNNAMED_FLOOR ?? '').trim().toLowerCase()),
  };
}

/** Whether this run is the full default one (the figures docs/benchmarks.md should hold). */
export function isDefaultRun(config: Config): boolean {
  return (
    config.legs.length === 2 &&
    config.listings === null &&
    config.seconds === DEFAULTS.seconds &&
    config.warmupSeconds === DEFAULTS.warmupSeconds &&
    config.connections === DEFAULTS.connections &&
    config.backgroundConnections === DEFAULTS.backgroundConnections &&
    config.cases.length === 0 &&
    config.listedWithinSeconds === null &&
    config.acceptEncoding === null &&
    config.appNodeOptions.length === 0 &&
    config.databaseUrl === null &&
    !config.unnamedFloor
  );
}
