import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Executor } from '../db/client';
import { jobs } from '../db/schema';
import { runInJob } from './job-context';

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

/** The job being carried out right now, if any (so a stopping worker can hand it back). */
export interface RunState {
  current: number | null;
  /** Set when the worker is stopping: no further job is claimed. */
  stopping: boolean;
}

/** How long a claimed job is left to its worker before another may take it (the worker may have died). */
export const DEFAULT_LEASE_SECONDS = 300;

/**
 * Claims and runs due jobs one at a time until none is due (or `limit` ran, or the worker stops). A
 * failure is retried later with a growing delay (30 s, 1 min, 2 min, ... up to an hour); after ten
 * attempts the job is kept as failed. A job claimed by an instance that dies (or that loses its
 * database mid-job) is claimed again once its lease has passed, so handlers make their side effects
 * once (idempotency keys on notifications and emails).
 */
export async function runJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  logger: Logger,
  limit = 100,
  state: RunState = { current: null, stopping: false },
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): Promise<number> {
  let ran = 0;
  while (ran < limit && !state.stopping) {
    const claimed = await db.transaction(async (tx) => {
      const due = await tx.execute<{ id: number; kind: string; payload: unknown; attempts: number }>(sql`
        select id, kind, payload, attempts from jobs
        where failed_at is null and run_at <= now()
        order by run_at limit 1
        for update skip locked`);
      const job = due.rows[0];
      if (!job) return null;
      // Pushed forward while it runs, so an instance that dies mid-job leaves it for a retry.
      await tx.execute(sql`update jobs set run_at = now() + make_interval(secs => ${leaseSeconds}),
        attempts = attempts + 1 where id = ${job.id}`);
      return job;
    });
    if (!claimed) break;
    ran++;
    state.current = claimed.id;
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
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ jobId: claimed.id, kind: claimed.kind, attempts, err: message }, 'job failed');
      const delaySeconds = Math.min(30 * 2 ** (attempts - 1), MAX_DELAY_SECONDS);
      await db.execute(sql`update jobs set last_error = ${message.slice(0, 2000)},
        run_at = now() + make_interval(secs => ${delaySeconds}),
        failed_at = ${attempts >= MAX_ATTEMPTS ? sql`now()` : null}
        where id = ${claimed.id}`);
    } finally {
      state.current = null;
    }
  }
  return ran;
}

export interface JobWorker {
  /** Runs due jobs soon (called after an enqueue on this instance). */
  wake(): void;
  /**
   * Claims no further job and waits up to `graceMs` for the running one; a job still running then is
   * handed back to the queue at once (not counted as an attempt), for this or another instance.
   */
  stop(graceMs?: number): Promise<void>;
}

/** Polls the queue every `intervalMs`, and at once when woken; one batch at a time. */
export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  logger: Logger,
  intervalMs = 1000,
  leaseSeconds = DEFAULT_LEASE_SECONDS,
): JobWorker {
  let running: Promise<unknown> | null = null;
  let again = false;
  const state: RunState = { current: null, stopping: false };
  const tick = () => {
    if (state.stopping) return;
    if (running) {
      again = true;
      return;
    }
    running = runJobs(db, handlers, logger, 100, state, leaseSeconds)
      .catch((error: unknown) => logger.error({ err: error }, 'job worker'))
      .finally(() => {
        running = null;
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
      if (!running) return;
      let timeout: ReturnType<typeof setTimeout> | undefined;
      const finished = await Promise.race([
        running.then(() => true),
        new Promise<false>((resolve) => (timeout = setTimeout(() => resolve(false), graceMs))),
      ]);
      clearTimeout(timeout);
      const current = state.current;
      if (finished || current === null) return;
      logger.warn({ jobId: current }, 'job still running at shutdown: handed back to the queue');
      await db.execute(sql`update jobs set run_at = now(), attempts = greatest(attempts - 1, 0)
        where id = ${current}`);
    },
  };
}
