import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Executor } from '../db/client';
import { jobs } from '../db/schema';
import { runInJob } from './job-context';
import { describeError } from '../logger';

/**
 * A handler may answer `{ runAt }` to run the same job again later (not counted as a failure). The
 * job's id is stable across its attempts: a key for side effects that must happen once.
 */
export type JobHandler = (payload: unknown, job: { jobId: number }) => Promise<void | { runAt: Date }>;

/** Ten attempts over about four and a half hours: an SMTP server down for an afternoon loses nothing. */
const MAX_ATTEMPTS = 10;
const MAX_DELAY_SECONDS = 3600;

/**
 * Adds a job; `runJobs` or the worker carries it out. Optionally inside the caller's transaction.
 * With a `dedupeKey`, nothing is added while a job with that key is waiting.
 */
export async function enqueueJob(
  db: Executor,
  kind: string,
  payload: unknown,
  options: { runAt?: Date; dedupeKey?: string } = {},
): Promise<void> {
  await db
    .insert(jobs)
    .values({
      kind,
      payload,
      ...(options.runAt ? { runAt: options.runAt } : {}),
      dedupeKey: options.dedupeKey ?? null,
    })
    .onConflictDoNothing({
      target: jobs.dedupeKey,
      where: sql`dedupe_key is not null and failed_at is null`,
    });
}

/** The jobs being carried out right now (so a stopping worker can hand them back). */
export interface RunState {
  current: Set<number>;
  /** Set when the worker is stopping: no further job is claimed. */
  stopping: boolean;
}

/** How long a claimed job is left to its worker before another may take it (the worker may have died). */
export const DEFAULT_LEASE_SECONDS = 300;

/**
 * How many jobs of one kind a worker runs at once. One keeps each kind in the order its jobs were
 * queued (as the handlers expect: the newest sign-up's link is the one sent last); other kinds do not
 * wait for it.
 */
export const SLOTS_PER_KIND = 1;
/** How many jobs a worker runs at once, all kinds together. */
export const MAX_RUNNING = 16;

type Claimed = {
  id: number;
  kind: string;
  payload: unknown;
  attempts: number;
};

/**
 * The time jobs fall due at in SQL: the database's own, or `now` when given and later. A clock that
 * runs ahead (a test's) makes later jobs due; it never makes a job just queued wait, though the
 * database keeps microseconds where `now` has only milliseconds.
 */
function timeOf(now: Date | undefined) {
  return now ? sql`greatest(now(), ${now.toISOString()}::timestamptz)` : sql`now()`;
}

/**
 * Takes the oldest job due at `now` (of `kind`, when given) that no other worker holds, and leases it.
 * Without `now`, due by the database's time: the one clock every instance shares.
 */
async function claimJob(db: Db, leaseSeconds: number, kind?: string, now?: Date): Promise<Claimed | null> {
  const dueAt = timeOf(now);
  return db.transaction(async (tx) => {
    const due = await tx.execute<Claimed>(sql`
      select id, kind, payload, attempts from jobs
      where failed_at is null and run_at <= ${dueAt} ${kind === undefined ? sql`` : sql`and kind = ${kind}`}
      order by run_at limit 1
      for update skip locked`);
    const job = due.rows[0];
    if (!job) return null;
    // Pushed forward while it runs, so an instance that dies mid-job leaves it for a retry.
    await tx.execute(sql`update jobs set run_at = ${dueAt} + make_interval(secs => ${leaseSeconds}),
      attempts = attempts + 1 where id = ${job.id}`);
    return job;
  });
}

/**
 * What is kept of a failure: the error's own message, never the SQL or the values a failed query
 * carried (a member's message, a name, a token's hash), which the database driver puts in its text.
 */
export function failureText(error: unknown): string {
  return describeError(error).slice(0, 2000);
}

export interface RunJobsOptions {
  /** At most this many jobs (100). */
  limit?: number;
  state?: RunState;
  leaseSeconds?: number;
  /** Only jobs of this kind. */
  kind?: string;
  /** Jobs due by this time too (tests pass the app's clock); the database's time alone when not given. */
  now?: Date;
}

/**
 * Claims and runs due jobs one at a time until none is due (or `limit` ran, or the worker stops); only
 * jobs of `kind` when one is given. A failure is retried later with a growing delay (30 s, 1 min,
 * 2 min, ... up to an hour); after ten attempts the job is kept as failed. A job claimed by an instance
 * that dies (or that loses its database mid-job) is claimed again once its lease has passed, so
 * handlers make their side effects once (idempotency keys on notifications and emails), and record
 * what they did only after doing it (a retry may repeat a send, never skip one).
 */
export async function runJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  logger: Logger,
  options: RunJobsOptions = {},
): Promise<number> {
  const {
    limit = 100,
    state = { current: new Set(), stopping: false },
    leaseSeconds = DEFAULT_LEASE_SECONDS,
    kind,
    now,
  } = options;
  let ran = 0;
  while (ran < limit && !state.stopping) {
    const claimed = await claimJob(db, leaseSeconds, kind, now);
    if (!claimed) break;
    ran++;
    state.current.add(claimed.id);
    const handler = handlers[claimed.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${claimed.kind}`);
      const outcome = await runInJob(claimed.id, () => handler(claimed.payload, { jobId: claimed.id }));
      if (outcome && 'runAt' in outcome)
        await db.execute(sql`update jobs set run_at = ${outcome.runAt.toISOString()}, attempts = 0
          where id = ${claimed.id}`);
      else await db.execute(sql`delete from jobs where id = ${claimed.id}`);
    } catch (error) {
      const attempts = claimed.attempts + 1;
      const message = failureText(error);
      logger.warn({ jobId: claimed.id, kind: claimed.kind, attempts, err: message }, 'job failed');
      const delaySeconds = Math.min(30 * 2 ** (attempts - 1), MAX_DELAY_SECONDS);
      await db.execute(sql`update jobs set last_error = ${message},
        run_at = ${timeOf(now)} + make_interval(secs => ${delaySeconds}),
        failed_at = ${attempts >= MAX_ATTEMPTS ? timeOf(now) : null}
        where id = ${claimed.id}`);
    } finally {
      state.current.delete(claimed.id);
    }
  }
  return ran;
}

export interface JobWorker {
  /** Runs due jobs soon (called after an enqueue on this instance). */
  wake(): void;
  /**
   * Claims no further job and waits up to `graceMs` for the running ones; those still running then are
   * handed back to the queue at once (not counted as an attempt), for this or another instance.
   */
  stop(graceMs?: number): Promise<void>;
}

/**
 * Polls the queue every `intervalMs`, and at once when woken. Each kind with due jobs gets its own
 * runner (up to `slotsPerKind` of them, and `maxRunning` in all), so a kind whose jobs hang (mail to
 * an SMTP server that does not answer) holds only its own slots while alerts, expiries, boosts and
 * the rest keep running.
 */
export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  logger: Logger,
  intervalMs = 1000,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
  limits: { slotsPerKind?: number; maxRunning?: number } = {},
): JobWorker {
  const slotsPerKind = limits.slotsPerKind ?? SLOTS_PER_KIND;
  const maxRunning = limits.maxRunning ?? MAX_RUNNING;
  const state: RunState = { current: new Set(), stopping: false };
  const runners = new Map<string, number>();
  const running = new Set<Promise<unknown>>();
  let scanning = false;
  let again = false;

  const startRunner = (kind: string) => {
    runners.set(kind, (runners.get(kind) ?? 0) + 1);
    const runner: Promise<unknown> = runJobs(db, handlers, logger, { state, leaseSeconds, kind })
      .catch((error: unknown) => {
        logger.error({ err: describeError(error), kind }, 'job worker');
        return 0;
      })
      .then((ran) => {
        runners.set(kind, (runners.get(kind) ?? 1) - 1);
        running.delete(runner);
        // Stopped at its batch's end with more perhaps waiting: look again now rather than at the next poll.
        if (ran === 100) tick();
      });
    running.add(runner);
  };

  const scan = async () => {
    const due = await db.execute<{ kind: string; n: number }>(sql`
      select kind, count(*)::int as n from jobs where failed_at is null and run_at <= now()
      group by kind order by min(run_at)`);
    for (const { kind, n } of due.rows) {
      while (
        !state.stopping &&
        running.size < maxRunning &&
        (runners.get(kind) ?? 0) < Math.min(slotsPerKind, n)
      )
        startRunner(kind);
    }
  };

  const tick = () => {
    if (state.stopping) return;
    if (scanning) {
      again = true;
      return;
    }
    scanning = true;
    scan()
      .catch((error: unknown) => logger.error({ err: describeError(error) }, 'job worker'))
      .finally(() => {
        scanning = false;
        if (again) {
          again = false;
          tick();
        }
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    wake: () => setImmediate(tick),
    async stop(graceMs = 5_000) {
      state.stopping = true;
      clearInterval(timer);
      if (running.size === 0) return;
      let timeout: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([
        Promise.all([...running]),
        new Promise<void>((resolve) => (timeout = setTimeout(resolve, graceMs))),
      ]);
      clearTimeout(timeout);
      const current = [...state.current];
      if (current.length === 0) return;
      logger.warn({ jobIds: current }, 'jobs still running at shutdown: handed back to the queue');
      await db.execute(sql`update jobs set run_at = now(), attempts = greatest(attempts - 1, 0)
        where id in (${sql.join(
          current.map((id) => sql`${id}`),
          sql`, `,
        )})`);
    },
  };
}

/** How far behind the queue is, for an operator (the health detail). */
export interface QueueLag {
  /** Seconds the longest-waiting due job has waited past its time; 0 when none is due. */
  oldestDueSeconds: number;
  /** Due jobs (waiting for a worker) per kind. */
  due: Record<string, number>;
  /** Jobs kept as failed after their last attempt, per kind. */
  failed: Record<string, number>;
}

export async function queueLag(db: Executor): Promise<QueueLag> {
  const rows = await db.execute<{ kind: string; due: number; failed: number; oldest: number | null }>(sql`
    select kind,
      count(*) filter (where failed_at is null and run_at <= now())::int as due,
      count(*) filter (where failed_at is not null)::int as failed,
      extract(epoch from now() - min(run_at) filter (where failed_at is null and run_at <= now()))::float8 as oldest
    from jobs group by kind order by kind`);
  const lag: QueueLag = { oldestDueSeconds: 0, due: {}, failed: {} };
  for (const row of rows.rows) {
    if (row.due) lag.due[row.kind] = row.due;
    if (row.failed) lag.failed[row.kind] = row.failed;
    if (row.oldest !== null) lag.oldestDueSeconds = Math.max(lag.oldestDueSeconds, Math.floor(row.oldest));
  }
  return lag;
}
