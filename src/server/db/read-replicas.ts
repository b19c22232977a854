import { AsyncLocalStorage } from 'node:async_hooks';
import pg from 'pg';

/**
 * Read replicas (DATABASE_READ_URL): the reads that tolerate a moment's delay (browse, search, listing
 * pages, the sitemap) go to a streaming replica that is up and close behind the primary; everything
 * else, and any read that must see this visitor's own last write, goes to the primary.
 *
 * - Each replica's replay position (its WAL LSN) is polled every `checkMs`, with the primary's current
 *   position. A replica's lag is how long ago the primary was last at or before the position the
 *   replica has replayed; above `maxLagMs` it serves nothing until it catches up.
 * - Read-your-writes: after a request that changes something, the primary's position goes into a
 *   short-lived cookie (`readAfter`); while it is set, a request reads from a replica only once that
 *   replica has replayed past it. The position comes from the database, so it holds across instances.
 * - A replica that fails a query is taken out until its next successful poll, and the query is run on
 *   the primary instead (reads are safe to repeat).
 */

/** A WAL position (`16/B374D848`) as a number, to compare. */
export function parseLsn(text: string): bigint {
  const match = /^([0-9A-F]{1,8})\/([0-9A-F]{1,8})$/i.exec(text);
  if (!match) throw new Error(`not a WAL position: ${text}`);
  return (BigInt(`0x${match[1]}`) << 32n) | BigInt(`0x${match[2]}`);
}

export function formatLsn(lsn: bigint): string {
  return `${(lsn >> 32n).toString(16).toUpperCase()}/${(lsn & 0xffffffffn).toString(16).toUpperCase()}`;
}

export function isLsn(text: string): boolean {
  return /^[0-9A-F]{1,8}\/[0-9A-F]{1,8}$/i.test(text);
}

/** A sample of the primary's position, to measure how far behind in time a replica is. */
interface Sample {
  at: number;
  lsn: bigint;
}

/**
 * How long ago (ms) the primary was last at or before `replayed`: the oldest change the replica may
 * lack is at most this old. Zero when it has replayed the newest sample; Infinity when every sample
 * kept is past it.
 */
export function lagOf(replayed: bigint, samples: readonly Sample[], now: number): number {
  const newest = samples.at(-1);
  if (!newest || replayed >= newest.lsn) return 0;
  for (let i = samples.length - 1; i >= 0; i--) if (samples[i]!.lsn <= replayed) return now - samples[i]!.at;
  return Infinity;
}

interface Replica {
  /** The URL without its password, for logs and status. */
  name: string;
  pool: pg.Pool;
  up: boolean;
  replayed: bigint | null;
  lagMs: number;
}

export interface ReplicaStatus {
  name: string;
  up: boolean;
  lagMs: number;
  /** The WAL position it had replayed at the last poll (`16/B374D848`), or null. */
  replayed: string | null;
  /** Serves reads that need no particular write (up and within the allowed lag). */
  serving: boolean;
}

/** The smallest interface Drizzle's node-postgres driver calls for a query outside a transaction. */
type QueryConfig = { text: string; values?: unknown[]; rowMode?: string; types?: unknown };

export interface ReadReplicas {
  /** The client Drizzle's read handle runs on: each query goes to a replica or to the primary. */
  client: { query(config: QueryConfig, values?: unknown[]): Promise<pg.QueryResult> };
  /** Runs `fn` (a request) with the write position its reads must see, from its cookie. */
  within<T>(readAfter: string | undefined, fn: () => T): T;
  /** The primary's current position: a request that changed something hands it on in its cookie. */
  primaryPosition(): Promise<string>;
  /** How long the cookie must last: until every serving replica is past the write. */
  cookieSeconds: number;
  /** Polls now (tests wait on it). */
  check(): Promise<void>;
  status(): ReplicaStatus[];
  close(): Promise<void>;
}

export interface ReadReplicaOptions {
  primary: pg.Pool;
  urls: string[];
  statementTimeoutMs: number;
  maxLagMs: number;
  checkMs?: number;
  poolMax?: number;
  /** Told when a replica goes out of service or comes back (for the log). */
  onChange?: (status: ReplicaStatus, error?: unknown) => void;
}

const CHECK_MS = 1_000;

function nameOf(url: string): string {
  const parsed = new URL(url);
  parsed.password = '';
  return parsed.toString();
}

export function createReadReplicas(options: ReadReplicaOptions): ReadReplicas {
  const { primary, maxLagMs } = options;
  const checkMs = options.checkMs ?? CHECK_MS;
  const replicas: Replica[] = options.urls.map((url) => {
    const pool = new pg.Pool({
      connectionString: url,
      max: options.poolMax ?? 10,
      options: '-c jit=off',
      statement_timeout: options.statementTimeoutMs,
      query_timeout: options.statementTimeoutMs + 1_000,
      // A replica out of reach must not hold a visitor long: the primary answers instead.
      connectionTimeoutMillis: 2_000,
      idleTimeoutMillis: 30_000,
    });
    pool.on('error', () => undefined);
    pool.on('connect', (client) => client.on('error', () => undefined));
    return { name: nameOf(url), pool, up: false, replayed: null, lagMs: Infinity };
  });
  const scope = new AsyncLocalStorage<{ after: bigint | null }>();
  let samples: Sample[] = [];
  let turn = 0;

  const statusOf = (replica: Replica): ReplicaStatus => ({
    name: replica.name,
    up: replica.up,
    lagMs: replica.lagMs,
    replayed: replica.replayed === null ? null : formatLsn(replica.replayed),
    serving: replica.up && replica.lagMs <= maxLagMs,
  });

  function setUp(replica: Replica, up: boolean, error?: unknown) {
    const before = statusOf(replica).serving;
    replica.up = up;
    if (!up) replica.lagMs = Infinity;
    const after = statusOf(replica);
    if (before !== after.serving) options.onChange?.(after, error);
  }

  async function check(): Promise<void> {
    const now = Date.now();
    const position = await primary
      .query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn')
      .then((result) => parseLsn(result.rows[0]!.lsn))
      .catch(() => null);
    if (position !== null) {
      samples.push({ at: now, lsn: position });
      // Enough history to measure a lag up to the limit (and a little past it).
      samples = samples.filter((sample) => now - sample.at <= maxLagMs * 2 + checkMs);
    }
    await Promise.all(
      replicas.map(async (replica) => {
        try {
          // A server that is not in recovery (a promoted replica, or the primary itself) is current.
          const result = await replica.pool.query<{ lsn: string }>(
            `select (case when pg_is_in_recovery() then pg_last_wal_replay_lsn() else pg_current_wal_lsn() end)::text as lsn`,
          );
          const lsn = result.rows[0]?.lsn;
          if (!lsn) throw new Error('the replica has replayed nothing yet');
          const before = statusOf(replica).serving;
          replica.replayed = parseLsn(lsn);
          replica.lagMs = lagOf(replica.replayed, samples, Date.now());
          replica.up = true;
          const after = statusOf(replica);
          if (before !== after.serving) options.onChange?.(after);
        } catch (error) {
          setUp(replica, false, error);
        }
      }),
    );
  }

  let checking: Promise<void> = check();
  const timer = setInterval(() => {
    checking = checking.then(check, check);
  }, checkMs);
  timer.unref();

  /** A replica that may serve this request, in turn; null: the primary. */
  function pick(): Replica | null {
    const after = scope.getStore()?.after ?? null;
    const usable = replicas.filter(
      (replica) =>
        replica.up &&
        replica.lagMs <= maxLagMs &&
        (after === null || (replica.replayed !== null && replica.replayed >= after)),
    );
    if (!usable.length) return null;
    turn = (turn + 1) % usable.length;
    return usable[turn]!;
  }

  return {
    client: {
      async query(config, values) {
        const replica = pick();
        if (!replica) return primary.query(config as pg.QueryConfig, values);
        try {
          return await replica.pool.query(config as pg.QueryConfig, values);
        } catch (error) {
          // A PostgreSQL error about the statement itself would fail on the primary too; anything else
          // (refused, cut, timed out, cancelled by recovery) takes the replica out until it answers again.
          const code = (error as { code?: unknown }).code;
          const aboutStatement =
            typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && !/^(08|57|53|40001)/.test(code);
          if (!aboutStatement) setUp(replica, false, error);
          return primary.query(config as pg.QueryConfig, values);
        }
      },
    },
    within(readAfter, fn) {
      const after = readAfter && isLsn(readAfter) ? parseLsn(readAfter) : null;
      return scope.run({ after }, fn);
    },
    async primaryPosition() {
      // Where the primary has inserted WAL, not where it has written it: with asynchronous commit the
      // write position can still be short of this browser's commit record, and a replica that has
      // replayed only that far would answer without the change.
      const result = await primary.query<{ lsn: string }>('select pg_current_wal_insert_lsn()::text as lsn');
      return result.rows[0]!.lsn;
    },
    cookieSeconds: Math.ceil((maxLagMs + 2 * checkMs) / 1000),
    check: () => (checking = checking.then(check, check)),
    status: () => replicas.map(statusOf),
    async close() {
      clearInterval(timer);
      await checking.catch(() => undefined);
      await Promise.all(replicas.map((replica) => replica.pool.end()));
    },
  };
}
