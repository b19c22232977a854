import { sql } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { ErrorCode } from '@common/schemas/errors';
import { ApiError } from '../http/api-error';
import type { Db } from './client';

type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

/**
 * Adds a row a member owns, unless they already have `limit` of them (then `error`, 403). One member's
 * adds to the same table are serialised by an advisory lock, so two at once cannot pass the limit.
 */
export function insertWithinQuota<T>(
  db: Db,
  quota: { table: PgTable; owner: PgColumn; userId: string; limit: number; error: ErrorCode },
  insert: (tx: Tx) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    const key = `${quota.error}:${quota.userId}`;
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
    const count = await tx.execute<{ n: number }>(
      sql`select count(*)::int as n from ${quota.table} where ${quota.owner} = ${quota.userId}`,
    );
    if ((count.rows[0]?.n ?? 0) >= quota.limit) throw new ApiError(403, quota.error, { count: quota.limit });
    return insert(tx);
  });
}
