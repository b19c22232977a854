/**
 * The two loads of a case: HTTP requests to the app (autocannon, closed loop), and the SQL that one
 * such request ran, replayed straight through `pg` at the same concurrency (the floor).
 */
import autocannon from 'autocannon';
import type pg from 'pg';
import type { RecordedStatement } from './app';

export interface Stats {
  /** Completed requests (2xx) in the measured window. */
  requests: number;
  seconds: number;
  perSecond: number;
  p50: number;
  p99: number;
  mean: number;
  /** Non-2xx answers and connection errors: any makes the figures suspect. */
  failures: number;
  /** The first failure's message (floor). */
  error?: string;
}

export function summarise(latencies: number[], seconds: number, failures: number): Stats {
  const sorted = Float64Array.from(latencies).sort();
  const at = (p: number) =>
    sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]! : NaN;
  const sum = sorted.reduce((total, value) => total + value, 0);
  return {
    requests: sorted.length,
    seconds,
    perSecond: sorted.length / seconds,
    p50: at(50),
    p99: at(99),
    mean: sorted.length ? sum / sorted.length : NaN,
    failures,
  };
}

/** What one HTTP load sends: a fixed path, or one chosen per request. */
export interface HttpLoad {
  path: string | (() => string);
  headers?: Record<string, string>;
  connections: number;
}

/** Runs the loads together for `seconds`; one Stats per load. */
export async function runHttp(base: string, loads: HttpLoad[], seconds: number): Promise<Stats[]> {
  return Promise.all(
    loads.map(
      (load) =>
        new Promise<Stats>((resolve, reject) => {
          const latencies: number[] = [];
          let failures = 0;
          const fixed = typeof load.path === 'string' ? load.path : null;
          const pick = typeof load.path === 'function' ? load.path : null;
          const instance = autocannon(
            {
              url: `${base}${fixed ?? '/'}`,
              connections: load.connections,
              duration: seconds,
              timeout: 60,
              headers: load.headers ?? {},
              ...(pick
                ? {
                    requests: [
                      { method: 'GET' as const, setupRequest: (request) => ({ ...request, path: pick() }) },
                    ],
                  }
                : {}),
            },
            (error: unknown, result: autocannon.Result) => {
              if (error) reject(error instanceof Error ? error : new Error(String(error)));
              else resolve(summarise(latencies, result.duration, failures + result.errors));
            },
          );
          instance.on('response', (_client, statusCode, _bytes, responseTime) => {
            if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
            else failures++;
          });
        }),
    ),
  );
}

/** A run of statements that holds one connection: a transaction, or a single statement. */
interface Unit {
  statements: RecordedStatement[];
}

/** Groups statements as the app ran them: BEGIN … COMMIT on one connection, others one by one. */
export function units(statements: RecordedStatement[]): Unit[] {
  const result: Unit[] = [];
  let open: Unit | null = null;
  for (const statement of statements) {
    const text = statement.text.trim().toLowerCase();
    if (/^(begin|start transaction)\b/.test(text)) {
      open = { statements: [statement] };
      result.push(open);
    } else if (open) {
      open.statements.push(statement);
      if (/^(commit|rollback|end)\b/.test(text)) open = null;
    } else result.push({ statements: [statement] });
  }
  return result;
}

/** Results as text, unparsed: the floor does the least work a client can. */
const RAW_TYPES = { getTypeParser: () => (value: string) => value };

function parameters(statement: RecordedStatement, replace?: Map<string, string>): (string | Buffer | null)[] {
  return statement.values.map((value) => {
    if (value === null || typeof value === 'string') return (value !== null && replace?.get(value)) || value;
    return Buffer.from(value.bytes, 'base64');
  });
}

async function runStatement(
  client: pg.Pool | pg.PoolClient,
  statement: RecordedStatement,
  replace: Map<string, string> | undefined,
  named: boolean,
) {
  await client.query({
    text: statement.text,
    values: parameters(statement, replace),
    ...(statement.rowMode ? { rowMode: statement.rowMode } : {}),
    // Named as the app named it: the database then parses and plans it once per connection, as it
    // does for the app (a floor that planned it on every run would be slower than the app's own SQL).
    // `named` false replays every statement unnamed, as a recorder of the SQL text alone would.
    ...(named && statement.name ? { name: statement.name } : {}),
    types: RAW_TYPES,
  });
}

/** Replays one request's statements once (each transaction on one connection, as the app does). */
export async function replay(
  pool: pg.Pool,
  statements: RecordedStatement[],
  replace?: Map<string, string>,
  named = true,
) {
  for (const unit of units(statements)) {
    if (unit.statements.length === 1) {
      await runStatement(pool, unit.statements[0]!, replace, named);
      continue;
    }
    const client = await pool.connect();
    try {
      for (const statement of unit.statements) await runStatement(client, statement, replace, named);
    } finally {
      client.release();
    }
  }
}

export interface FloorLoad {
  statements: RecordedStatement[];
  connections: number;
  /** Per iteration: parameter values to swap (the recorded listing id for another one). */
  vary?: () => Map<string, string>;
}

/**
 * Replays each load's statements in closed loops, all loads together, for `seconds`; `named` false
 * sends the statements the app names unnamed (parsed and planned on every run).
 */
export async function runFloor(
  pool: pg.Pool,
  loads: FloorLoad[],
  seconds: number,
  named = true,
): Promise<Stats[]> {
  const started = performance.now();
  const deadline = started + seconds * 1000;
  return Promise.all(
    loads.map(async (load) => {
      const latencies: number[] = [];
      let failures = 0;
      let error: string | undefined;
      await Promise.all(
        Array.from({ length: load.connections }, async () => {
          while (performance.now() < deadline) {
            const t0 = performance.now();
            try {
              await replay(pool, load.statements, load.vary?.(), named);
              latencies.push(performance.now() - t0);
            } catch (caught) {
              failures++;
              error ??= caught instanceof Error ? caught.message : String(caught);
            }
          }
        }),
      );
      const stats = summarise(latencies, (performance.now() - started) / 1000, failures);
      return error ? { ...stats, error } : stats;
    }),
  );
}
