import { sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode } from '@common/schemas/errors';
import { ApiError } from '../http/api-error';
import type { Db, Tx } from './client';

export interface Quota {
  table: PgTable;
  owner: PgColumn;
  userId: string;
  /** null: no limit. */
  limit: number | null;
  error: ErrorCode;
  /** Which of the member's rows count (e.g. unsold listings, this month's conversations). */
  counts?: SQL;
}

/**
 * Inside the transaction that adds a row a member owns: throws `error` (403) when they already have
 * `limit` of them. One member's checks of the same quota are serialised by an advisory lock held to
 * the end of the transaction, so parallel requests cannot pass the limit together.
 */
export async function assertWithinQuota(tx: Tx, quota: Quota): Promise<void> {
  if (quota.limit === null) return;
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`${quota.error}:${quota.userId}`}))`);
  const count = await tx.execute<{ n: number }>(
    sql`select count(*)::int as n from ${quota.table}
      where ${quota.owner} = ${quota.userId} ${quota.counts ? sql`and ${quota.counts}` : sql``}`,
  );
  if ((count.rows[0]?.n ?? 0) >= quota.limit) throw new ApiError(403, quota.error, { count: quota.limit });
}

/** Adds a row a member owns in its own transaction, unless the quota is reached. */
export function insertWithinQuota<T>(db: Db, quota: Quota, insert: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await assertWithinQuota(tx, quota);
    return insert(tx);
  });
}
