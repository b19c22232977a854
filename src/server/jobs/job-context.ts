import { AsyncLocalStorage } from 'node:async_hooks';

interface JobRun {
  jobId: number;
  /** How many keyed side effects of each kind this run has made so far. */
  counts: Map<string, number>;
}

const storage = new AsyncLocalStorage<JobRun>();

/** Runs a job's handler; what it sends or notifies inside gets keys stable across the job's attempts. */
export function runInJob<T>(jobId: number, work: () => Promise<T>): Promise<T> {
  return storage.run({ jobId, counts: new Map() }, work);
}

/**
 * The idempotency key of the next side effect of `kind` (an email, a notification) made by the job
 * running now: the same on every attempt of the job, as long as the handler does the same work in
 * the same order. Null outside a job (a request's own side effects happen once anyway).
 */
export function nextJobKey(kind: string): string | null {
  const run = storage.getStore();
  if (!run) return null;
  const n = (run.counts.get(kind) ?? 0) + 1;
  run.counts.set(kind, n);
  return `job:${run.jobId}:${kind}:${n}`;
}

/** The key `nextJobKey(kind)` would give next, without taking it (to ask whether that was done already). */
export function peekJobKey(kind: string): string | null {
  const run = storage.getStore();
  if (!run) return null;
  return `job:${run.jobId}:${kind}:${(run.counts.get(kind) ?? 0) + 1}`;
}
