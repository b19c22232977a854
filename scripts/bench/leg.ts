/**
 * One leg of `npm run bench`: one database, its data, the built app on it, every case with its floor.
 * run.ts starts it in a process of its own (for PostgreSQL inside scripts/with-postgres.sh) with
 * BENCH_LEG_NAME and BENCH_RESULT_FILE set; it writes its LegResult there as JSON.
 */
import { mkdtemp, rm, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { startApp, type Recorded, type RunningApp } from './app';
import { CASES, DEEP_PAGES, type CaseDefinition, type CaseResult, type LegResult } from './cases';
import { DEFAULT_LISTINGS, readConfig, type LegName } from './config';
import { startEmbeddedPostgres } from '../../src/server/db/embedded/start-embedded';
import { generateData, MEMBER_ID, MEMBER_TOKEN, type Generated } from './generate';
import { runFloor, runHttp, units, type FloorLoad, type HttpLoad, type Stats } from './load';
import { formatMs, plural } from './report';

const config = readConfig();
const leg = process.env.BENCH_LEG_NAME as LegName;
const resultFile = process.env.BENCH_RESULT_FILE;
if ((leg !== 'embedded' && leg !== 'postgres') || !resultFile)
  throw new Error('leg.ts is started by run.ts (npm run bench)');
/** A PostgreSQL database an earlier run filled (BENCH_DATABASE_URL): its data is measured as it is. */
const reused = leg === 'postgres' ? config.databaseUrl : null;
const databaseUrl = leg === 'postgres' ? (reused ?? process.env.TEST_DATABASE_URL) : undefined;
if (leg === 'postgres' && !databaseUrl)
  throw new Error('TEST_DATABASE_URL is not set (scripts/with-postgres.sh sets it)');

const listingCount = config.listings ?? DEFAULT_LISTINGS[leg];
const say = (line: string) => console.log(`[${leg}] ${line}`);
const seconds = (start: number) => (performance.now() - start) / 1000;
const DETAIL_POOL = 1_000;
/** Times a case's request is recorded again when it ran no statement (it shared a read). */
const RECORD_TRIES = 5;
const MEMBER_COOKIE = { Cookie: `mm_session=${MEMBER_TOKEN}` };

/** The database, reached from outside the app: the server, or the embedded one served by us. */
interface Direct {
  pool(max: number): pg.Pool;
  close(): Promise<void>;
}

async function openDirect(dataDir: string): Promise<Direct> {
  if (databaseUrl)
    return {
      pool: (max) => new pg.Pool({ connectionString: databaseUrl, max }),
      close: async () => undefined,
    };
  // The app's own way of serving PGlite (a worker thread on a Unix socket), while the app is stopped:
  // see "The embedded floor" in docs/benchmarks.md for why never beside it.
  // Closing writes out hundreds of thousands of fresh listings: give it time.
  const host = await startEmbeddedPostgres({ dataDir: path.join(dataDir, 'db'), closeTimeoutMs: 60_000 });
  return {
    pool: (max) => new pg.Pool({ host: host.socketDir, user: 'postgres', database: 'postgres', max }),
    close: () => host.stop(),
  };
}

/** What a reused database holds: the bench's sellers and listings, as an earlier run made them. */
async function describeReused(client: pg.ClientBase): Promise<Generated> {
  const { rows } = await client.query<{ listings: number; sellers: number; member: boolean }>(
    `select (select count(*)::int from listings) as listings,
            (select count(*)::int from "user" where id like 'bench-s%') as sellers,
            exists (select 1 from "user" where id = $1) as member`,
    [MEMBER_ID],
  );
  const found = rows[0]!;
  if (!found.member || found.listings === 0)
    throw new Error('BENCH_DATABASE_URL: no bench data there (run the bench once without it to make some)');
  return { listings: found.listings, sellers: found.sellers, chunks: 0, seconds: 0 };
}

/** The statement on one line, a long select list shown as `…`, cut at `length`. */
function fold(sql: string, length = 300): string {
  let folded = sql.replace(/\s+/g, ' ').trim();
  const select = /^(with .*? )?select (distinct )?/i.exec(folded);
  if (select && !select[1]) {
    // The top-level FROM: the first one outside parentheses and quotes.
    let depth = 0;
    let quoted: string | null = null;
    for (let at = select[0].length; at < folded.length; at++) {
      const char = folded[at]!;
      if (quoted) {
        if (char === quoted) quoted = null;
      } else if (char === "'" || char === '"') quoted = char;
      else if (char === '(') depth++;
      else if (char === ')') depth--;
      else if (depth === 0 && /^ from /i.test(folded.slice(at, at + 6))) {
        if (at - select[0].length > 60) folded = `${select[0]}…${folded.slice(at)}`;
        break;
      }
    }
  }
  return folded.length > length ? `${folded.slice(0, length - 1)}…` : folded;
}

/** "1000+ matches, 24 on the page" from a browse answer, "one listing" from a detail. */
function describeAnswer(body: string): string {
  try {
    const answer = JSON.parse(body) as {
      items?: unknown[];
      count?: { value: number; more: boolean };
      title?: string;
    };
    if (typeof answer.title === 'string') return 'one listing';
    if (!answer.items) return '';
    // Later pages carry no count (0): only the first page's is told.
    const count =
      answer.count && (answer.count.value > 0 || answer.items.length === 0)
        ? `${answer.count.value.toLocaleString('en')}${answer.count.more ? '+' : ''} matches, `
        : '';
    return `${count}${answer.items.length} on the page`;
  } catch {
    return '';
  }
}

function line(label: string, stats: Stats): string {
  const failures = stats.failures ? `  (${stats.failures} failed)` : '';
  return `${label.padEnd(44)} ${stats.perSecond.toFixed(0).padStart(6)} req/s  p50 ${formatMs(stats.p50).padStart(7)}  p99 ${formatMs(stats.p99).padStart(7)}${failures}`;
}

interface Prepared {
  definition: CaseDefinition;
  path: string;
  /** Paths to choose from per request (detail). */
  choose?: () => string;
  recorded: Recorded & { body: string };
  result: CaseResult;
  /** Detail: the recorded id, swapped per replay for one from the pool. */
  vary?: () => Map<string, string>;
}

async function main(): Promise<void> {
  const startedAt = new Date();
  const dataDir = await mkdtemp(path.join(tmpdir(), `modmarket-bench-${leg}-`));
  const logFile = path.join(dataDir, 'app.log');
  let app: RunningApp | null = null;
  let direct: Direct | null = null;
  try {
    say(`${listingCount.toLocaleString('en')} listings; app log: ${logFile}`);
    // 1. The app migrates an empty database, then steps aside while the data is made.
    app = await startApp({ dataDir, logFile, ...(databaseUrl ? { databaseUrl } : {}) });
    await app.stop();
    app = null;

    // 2. Data, then VACUUM ANALYZE (what autovacuum would have done by the time anyone searches); a
    // reused database keeps the data an earlier run made.
    direct = await openDirect(dataDir);
    const setup = direct.pool(1);
    const client = await setup.connect();
    const generated = reused
      ? await describeReused(client)
      : await generateData(client, {
          listings: listingCount,
          chunk: config.chunk,
          ...(config.listedWithinSeconds ? { spreadSeconds: config.listedWithinSeconds } : {}),
          log: say,
        });
    say(
      reused
        ? `reusing ${generated.listings.toLocaleString('en')} listings from ${generated.sellers.toLocaleString('en')} sellers (BENCH_DATABASE_URL)`
        : `generated ${generated.listings.toLocaleString('en')} listings from ${generated.sellers.toLocaleString('en')} sellers in ${generated.seconds.toFixed(1)} s (${generated.chunks} statements)`,
    );
    const analyzeStart = performance.now();
    if (!reused) {
      await client.query('vacuum (analyze) listings, "user", session, vehicles, wanted_posts');
      if (databaseUrl) await client.query('checkpoint');
    }
    const analyzeSeconds = seconds(analyzeStart);
    if (!reused) say(`VACUUM (ANALYZE) in ${analyzeSeconds.toFixed(1)} s`);
    const version = (await client.query<{ version: string }>('select version()')).rows[0]!.version;
    const listingsBytes = Number(
      (await client.query<{ n: string }>(`select pg_total_relation_size('listings') as n`)).rows[0]!.n,
    );
    const detailIds = (
      await client.query<{ id: string }>(
        `select id from listings where not is_sold order by md5(id::text) limit ${DETAIL_POOL}`,
      )
    ).rows.map((row) => row.id);
    client.release();
    await setup.end();
    if (!databaseUrl) {
      await direct.close();
      direct = null;
    }

    // 3. The app on the data: warm up, record one request's SQL, measure.
    app = await startApp({
      dataDir,
      logFile,
      nodeOptions: config.appNodeOptions,
      ...(databaseUrl ? { databaseUrl } : {}),
    });
    const running = app;
    const floorPoolSize = databaseUrl ? 10 : 1;
    let floorPool: pg.Pool | null = databaseUrl && direct ? direct.pool(floorPoolSize) : null;
    const wanted = (id: string) => config.cases.length === 0 || config.cases.includes(id);
    const pick = () => detailIds[Math.floor(Math.random() * detailIds.length)]!;
    const extraHeaders: Record<string, string> = config.acceptEncoding
      ? { 'Accept-Encoding': config.acceptEncoding }
      : {};

    const prepared: Prepared[] = [];
    const floorPending: Prepared[] = [];

    async function measureFloor(item: Prepared, pool: pg.Pool): Promise<void> {
      const loads: FloorLoad[] = [
        {
          statements: item.recorded.statements,
          connections: config.connections,
          ...(item.vary ? { vary: item.vary } : {}),
        },
      ];
      const background = item.result.background
        ? prepared.find((p) => p.definition.id === item.result.background!.id)
        : null;
      if (background)
        loads.push({ statements: background.recorded.statements, connections: config.backgroundConnections });
      if (config.warmupSeconds > 0) await runFloor(pool, loads, config.warmupSeconds);
      const [floor, backgroundFloor] = await runFloor(pool, loads, config.seconds);
      item.result.floor = floor!;
      if (item.result.background && backgroundFloor) item.result.background.floor = backgroundFloor;
      const sayFloor = (label: string, stats: Stats) =>
        say(line(label, stats) + (stats.error ? `  first error: ${stats.error}` : ''));
      sayFloor('  floor', floor!);
      if (!config.unnamedFloor) return;
      const [unnamed] = await runFloor(pool, loads.slice(0, 1), config.seconds, false);
      item.result.unnamedFloor = unnamed!;
      sayFloor('  floor, unnamed', unnamed!);
    }

    for (const definition of CASES) {
      if (!wanted(definition.id)) continue;
      const headers = { ...extraHeaders, ...(definition.member ? MEMBER_COOKIE : {}) };
      let casePath = definition.path ?? '';
      let choose: (() => string) | undefined;
      let vary: (() => Map<string, string>) | undefined;
      let background: Prepared | undefined;

      if (definition.id === 'deep') {
        casePath = '/api/listings';
        for (let page = 0; page < DEEP_PAGES; page++) {
          const response = await fetch(`${running.url}${casePath}`);
          const body = (await response.json()) as { nextCursor: string | null };
          if (!body.nextCursor) throw new Error(`browse ended after ${page + 1} pages`);
          casePath = `/api/listings?cursor=${encodeURIComponent(body.nextCursor)}`;
        }
      }
      if (definition.kind === 'detail' || definition.kind === 'detail-busy') {
        const recordedId = detailIds[0]!;
        casePath = `/api/listings/${recordedId}`;
        choose = () => `/api/listings/${pick()}`;
        vary = () => new Map([[recordedId, pick()]]);
      }
      if (definition.kind === 'detail-busy') {
        const searches = prepared.filter((p) => p.definition.kind === 'search');
        background = searches.sort((a, b) => b.result.api.mean - a.result.api.mean)[0];
        if (!background) {
          say(`${definition.label}: skipped (no search case ran)`);
          continue;
        }
      }

      const loads: HttpLoad[] = [
        { path: choose ?? casePath, headers, connections: config.connections },
        ...(background
          ? [{ path: background.path, headers: extraHeaders, connections: config.backgroundConnections }]
          : []),
      ];
      // Warm up first, so the recorded request is a warm one.
      if (config.warmupSeconds > 0) await runHttp(running.url, loads, config.warmupSeconds);
      // Requests the warm-up left in flight finish first: the recorded one then runs alone.
      await running.idle();
      let recorded = await running.record(casePath, headers);
      // A request that joined a visitor's read still running (`sharedReads`: the load generator stopped
      // waiting for it, but the app did not) ran no statement of its own; record it again once that
      // read is over, or the floor would replay nothing.
      for (let again = 0; again < RECORD_TRIES && recorded.statements.length === 0; again++) {
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        recorded = await running.record(casePath, headers);
        say(
          `  recorded again: the request shared a read still running (${recorded.statements.length} statements)`,
        );
      }
      const [api, backgroundApi] = await runHttp(running.url, loads, config.seconds);
      await running.idle();
      const label = background
        ? `listing detail, ${background.definition.label} ×${config.backgroundConnections} beside`
        : definition.label;
      const item: Prepared = {
        definition,
        path: casePath,
        recorded,
        ...(choose ? { choose } : {}),
        ...(vary ? { vary } : {}),
        result: {
          id: definition.id,
          label,
          kind: definition.kind,
          path: casePath,
          api: api!,
          floor: null,
          answer: describeAnswer(recorded.body),
          statements: recorded.statements.map((s) => ({ sql: fold(s.text), ms: s.ms })),
          ...(background && backgroundApi
            ? {
                background: {
                  id: background.definition.id,
                  label: background.definition.label,
                  connections: config.backgroundConnections,
                  api: backgroundApi,
                  floor: null,
                },
              }
            : {}),
        },
      };
      prepared.push(item);
      say(line(label, api!) + (item.result.answer ? `  [${item.result.answer}]` : ''));
      if (backgroundApi) say(line(`  beside: ${background!.definition.label}`, backgroundApi));
      const transactions = units(recorded.statements).filter((unit) => unit.statements.length > 1).length;
      say(
        `  SQL: ${plural(recorded.statements.length, 'statement')}${transactions ? ` (${plural(transactions, 'transaction')})` : ''}; the request took ${formatMs(recorded.ms)} in the app`,
      );
      for (const statement of item.result.statements)
        say(
          `    ${statement.ms === null ? '' : formatMs(statement.ms).padStart(9)}  ${fold(statement.sql, 150)}`,
        );
      // PostgreSQL: the floor right beside its case. Embedded: later, once the app has let go.
      if (floorPool) await measureFloor(item, floorPool);
      else floorPending.push(item);
    }

    await app.stop();
    app = null;

    // 4. Embedded: the floors, through one connection, as the app's pool has.
    if (!databaseUrl && floorPending.length) {
      say('floors (the app stopped; one connection, as the app has)');
      direct = await openDirect(dataDir);
      floorPool = direct.pool(floorPoolSize);
      for (const item of floorPending) {
        say(item.result.label);
        await measureFloor(item, floorPool);
      }
    }

    // 5. EXPLAIN of each case's statements, for reading where the time goes.
    let explainFile: string | undefined;
    if (config.explain && floorPool) {
      explainFile = path.join(tmpdir(), `modmarket-bench-explain-${leg}.txt`);
      await writeFile(explainFile, `EXPLAIN (ANALYZE, BUFFERS), ${leg}, ${listingCount} listings\n`);
      for (const item of prepared) await explain(floorPool, item, explainFile);
      say(`EXPLAIN written to ${explainFile}`);
    }
    await floorPool?.end();

    const result: LegResult = {
      leg,
      listings: generated.listings,
      sellers: generated.sellers,
      generateSeconds: generated.seconds,
      analyzeSeconds,
      chunk: config.chunk,
      databaseVersion: version,
      listingsBytes,
      seconds: config.seconds,
      warmupSeconds: config.warmupSeconds,
      connections: config.connections,
      backgroundConnections: config.backgroundConnections,
      floorPool: floorPoolSize,
      cases: prepared.map((item) => item.result),
      startedAt: startedAt.toISOString(),
      ...(explainFile ? { explainFile } : {}),
    };
    await writeFile(resultFile!, JSON.stringify(result, null, 2));
  } finally {
    await app?.stop().catch(() => undefined);
    await direct?.close().catch(() => undefined);
    await rm(dataDir, { recursive: true, force: true }).catch(() => undefined);
  }
}

/** Runs a case's statements in one transaction, each query under EXPLAIN (ANALYZE, BUFFERS); rolls back. */
async function explain(pool: pg.Pool, item: Prepared, file: string): Promise<void> {
  const client = await pool.connect();
  try {
    await appendFile(file, `\n==== ${item.result.label}  (${item.path})\n`);
    await client.query('begin');
    for (const statement of item.recorded.statements) {
      const text = statement.text.trim();
      if (/^(begin|commit|rollback|end)\b/i.test(text)) continue;
      const values = statement.values.map((value) =>
        value === null || typeof value === 'string' ? value : null,
      );
      if (/^select\s+set_config\(/i.test(text)) {
        await client.query(text, values);
        await appendFile(file, `\n-- ${fold(text, 200)}  ${JSON.stringify(values)}\n`);
        continue;
      }
      const plan = await client.query<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${text}`, values);
      await appendFile(
        file,
        `\n-- ${fold(text, 400)}\n-- parameters: ${JSON.stringify(values)}\n${plan.rows.map((row) => row['QUERY PLAN']).join('\n')}\n`,
      );
    }
  } catch (error) {
    await appendFile(file, `\n(EXPLAIN failed: ${error instanceof Error ? error.message : String(error)})\n`);
  } finally {
    await client.query('rollback').catch(() => undefined);
    client.release();
  }
}

await main();
