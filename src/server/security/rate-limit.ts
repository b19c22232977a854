import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { ApiError } from '../http/api-error';

export interface Limit {
  /** How many hits a window allows. */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit for `key` in a fixed window kept in the database (so every instance shares it), in
 * one statement. Throws RATE_LIMITED, with the minutes until the window ends, once `max` is passed.
 */
export async function hitRateLimit(db: Db, key: string, limit: Limit): Promise<void> {
  const result = await db.execute<{ count: number; retry_seconds: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${limit.windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from (reset_at - now())))::int as retry_seconds`);
  const row = result.rows[0];
  if (row && row.count > limit.max) {
    throw new ApiError(429, 'RATE_LIMITED', { count: Math.max(1, Math.ceil(row.retry_seconds / 60)) });
  }
}

/** Forgets a key's hits (a successful sign-in clears its account's failures). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Removes windows that have ended; run now and then by the job worker. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now()`);
}
