import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db, Executor } from '../db/client';
import { jobs } from '../db/schema';

/** A handler may answer `{ runAt }` to run the same job again later (not counted as a failure). */
export type JobHandler = (payload: unknown) => Promise<void | { runAt: Date }>;

const MAX_ATTEMPTS = 6;

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

/**
 * Claims and runs due jobs one at a time until none is due (or `limit` ran). A failure is retried
 * later with a growing delay (30 s, 1 min, 2 min, ...); after six attempts the job is kept as failed.
 */
export async function runJobs(
  db: Db,
  handlers: Record<string, JobHandler>,
  logger: Logger,
  limit = 100,
): Promise<number> {
  let ran = 0;
  while (ran < limit) {
    const claimed = await db.transaction(async (tx) => {
      const due = await tx.execute<{ id: number; kind: string; payload: unknown; attempts: number }>(sql`
        select id, kind, payload, attempts from jobs
        where failed_at is null and run_at <= now()
        order by run_at limit 1
        for update skip locked`);
      const job = due.rows[0];
      if (!job) return null;
      // Pushed forward while it runs, so an instance that dies mid-job leaves it for a retry.
      await tx.execute(sql`update jobs set run_at = now() + interval '5 minutes', attempts = attempts + 1
        where id = ${job.id}`);
      return job;
    });
    if (!claimed) break;
    ran++;
    const handler = handlers[claimed.kind];
    try {
      if (!handler) throw new Error(`no handler for job kind ${claimed.kind}`);
      const outcome = await handler(claimed.payload);
      if (outcome && 'runAt' in outcome)
        await db.execute(sql`update jobs set run_at = ${outcome.runAt.toISOString()}, attempts = 0
          where id = ${claimed.id}`);
      else await db.execute(sql`delete from jobs where id = ${claimed.id}`);
    } catch (error) {
      const attempts = claimed.attempts + 1;
      const message = error instanceof Error ? error.message : String(error);
      logger.warn({ jobId: claimed.id, kind: claimed.kind, attempts, err: message }, 'job failed');
      const delaySeconds = 30 * 2 ** (attempts - 1);
      await db.execute(sql`update jobs set last_error = ${message.slice(0, 2000)},
        run_at = now() + make_interval(secs => ${delaySeconds}),
        failed_at = case when ${attempts} >= ${MAX_ATTEMPTS} then now() else null end
        where id = ${claimed.id}`);
    }
  }
  return ran;
}

export interface JobWorker {
  /** Runs due jobs soon (called after an enqueue on this instance). */
  wake(): void;
  stop(): Promise<void>;
}

/** Polls the queue every `intervalMs`, and at once when woken; one batch at a time. */
export function startJobWorker(
  db: Db,
  handlers: Record<string, JobHandler>,
  logger: Logger,
  intervalMs = 1000,
): JobWorker {
  let running: Promise<unknown> | null = null;
  let again = false;
  let stopped = false;
  const tick = () => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = runJobs(db, handlers, logger)
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
    async stop() {
      stopped = true;
      clearInterval(timer);
      await running;
    },
  };
}
