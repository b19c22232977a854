import { isIPv6 } from 'node:net';
import { sql } from 'drizzle-orm';
import type { Db, Executor } from '../db/client';
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

/**
 * Counts one hit for `key` in a fixed window of `windowSeconds` and answers the count so far, without
 * refusing anything (in the caller's transaction when it passes one).
 */
export async function countHit(db: Executor, key: string, windowSeconds: number): Promise<number> {
  const result = await db.execute<{ count: number }>(sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count`);
  return Number(result.rows[0]?.count ?? 0);
}

/** How many times `key` was counted in its window, 0 when none is running (read only). */
export async function hitsOf(db: Executor, key: string): Promise<number> {
  const result = await db.execute<{ count: number }>(
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  );
  return Number(result.rows[0]?.count ?? 0);
}

/** Whether `key` was counted in a window that has not ended (read only: nothing is counted). */
export async function isCounted(db: Executor, key: string): Promise<boolean> {
  const result = await db.execute(sql`select 1 from rate_limits where key = ${key} and reset_at > now()`);
  return result.rows.length > 0;
}

/**
 * True the first time `key` is taken in a window of `windowSeconds`, false after that until the window
 * ends (for things that happen at most once a period, such as an acknowledgement to one address).
 */
export async function takeOnce(db: Executor, key: string, windowSeconds: number): Promise<boolean> {
  return (await countHit(db, key, windowSeconds)) === 1;
}

/** Forgets a key's hits (a successful sign-in clears its account's failures). */
export async function clearRateLimit(db: Db, key: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${key}`);
}

/** Removes windows that have ended; run now and then by the job worker. */
export async function pruneRateLimits(db: Db): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at < now()`);
}

/** The abuse limits of what members and visitors do, in one table (each multiplied by RATE_LIMIT_SCALE). */
export const LIMITS = {
  // Accounts: per client address and per account (the email).
  signInPerIp: { max: 30, windowSeconds: 15 * 60 },
  signInPerAccount: { max: 8, windowSeconds: 15 * 60 },
  signUpPerIp: { max: 20, windowSeconds: 3600 },
  signUpPerAccount: { max: 5, windowSeconds: 3600 },
  emailPerIp: { max: 20, windowSeconds: 3600 },
  emailPerAccount: { max: 5, windowSeconds: 3600 },
  resetPerIp: { max: 30, windowSeconds: 3600 },
  /** Contact Seller and replies together. */
  sendMessage: { max: 30, windowSeconds: 60 },
  photoUpload: { max: 60, windowSeconds: 3600 },
  /** Creating, editing, marking and deleting listings. */
  listingWrite: { max: 120, windowSeconds: 3600 },
  communityPost: { max: 10, windowSeconds: 3600 },
  communityComment: { max: 60, windowSeconds: 3600 },
  contactForm: { max: 5, windowSeconds: 3600 },
  /** "Download my data": each request gathers the whole account. */
  dataExport: { max: 3, windowSeconds: 24 * 3600 },
  /** Reports filed, and members blocked or unblocked. */
  report: { max: 20, windowSeconds: 3600 },
  block: { max: 60, windowSeconds: 3600 },
  /** Offers made, answered and released. */
  offer: { max: 60, windowSeconds: 3600 },
  /** Reviews written and replies. */
  review: { max: 20, windowSeconds: 3600 },
  /** Wanted posts created, edited, renewed, found and deleted, and answers sent. */
  wantedWrite: { max: 60, windowSeconds: 3600 },
  /** Checkouts started and order steps taken. */
  order: { max: 60, windowSeconds: 3600 },
  /** Referral links made (per member) and followed (per client address). */
  referral: { max: 120, windowSeconds: 3600 },
} satisfies Record<string, Limit>;

/** Counts a hit of `limit` for `subject` (a member id or a client address), scaled; throws when past it. */
export function createLimiter(db: Db, scale: number) {
  return (name: keyof typeof LIMITS | string, subject: string, limit: Limit) =>
    hitRateLimit(db, `${name}:${subject}`, { ...limit, max: Math.ceil(limit.max * scale) });
}
export type Limiter = ReturnType<typeof createLimiter>;

/**
 * The client's address as limits count it: IPv4 as it is, IPv6 by its /64 network (one subscriber
 * usually holds a whole /64, so counting single addresses would give them 2^64 tries).
 */
export function networkOf(ip: string): string {
  if (!isIPv6(ip)) return ip;
  const [head = '', tail = ''] = ip.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = ip.includes('::')
    ? [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((group) => (parseInt(group, 16) || 0).toString(16))
    .join(':')}::/64`;
}
