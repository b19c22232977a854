import { sql } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import type { Tx } from './client';

/**
 * A member's standing, checked inside the transaction of each write they make (docs/trust.md,
 * "Suspension and deletion stop what is in flight"). The write locks the members' rows it depends on
 * (`for key share`, which ordinary updates of the row do not wait for), and a suspension or a deletion
 * locks the member's row first (`lockMemberForChange`, `for update`), so the two serialise: a write
 * that started before a suspension or deletion either commits before it (and the suspension then
 * takes down what it wrote) or waits for it and is refused. Lock the members' rows before any row of
 * theirs (a listing, a post), as the suspension and the deletion do, so neither waits on the other.
 */
export async function lockMembers(
  tx: Tx,
  members: {
    /** Who writes: refused while suspended (403 `ACCOUNT_SUSPENDED`), or once deleted (401). */
    actor: string;
    /** Whose listing or post the write is about: refused as not found while suspended or deleted. */
    owner?: string | undefined;
    /** Whose post the write is about: refused as not found once deleted (their posts stay up while suspended). */
    author?: string | undefined;
    /** Whom a message goes to: refused once deleted (409 `MEMBER_DELETED`); suspended, it waits for them. */
    receiver?: string | undefined;
  },
): Promise<void> {
  const ids = [
    ...new Set(
      [members.actor, members.owner, members.author, members.receiver].filter((id): id is string =>
        Boolean(id),
      ),
    ),
  ].sort();
  // One statement, in id order: two writes locking the same two rows never wait on each other.
  const rows = await tx.execute<{ id: string; suspended: boolean; deleted: boolean }>(sql`
    select id, coalesce(suspended_until > now(), false) as suspended, deleted_at is not null as deleted
    from "user" where id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`} order by id for key share`);
  const state = new Map(rows.rows.map((row) => [row.id, row]));
  const actor = state.get(members.actor);
  if (!actor || actor.deleted) throw new ApiError(401, 'UNAUTHORIZED');
  if (actor.suspended) throw new ApiError(403, 'ACCOUNT_SUSPENDED');
  if (members.owner && members.owner !== members.actor) {
    const owner = state.get(members.owner);
    if (!owner || owner.deleted || owner.suspended) throw new ApiError(404, 'NOT_FOUND');
  }
  if (members.author && state.get(members.author)?.deleted !== false) throw new ApiError(404, 'NOT_FOUND');
  if (members.receiver && state.get(members.receiver)?.deleted !== false)
    throw new ApiError(409, 'MEMBER_DELETED');
}

/**
 * Locks a member's row for a suspension or a deletion, first in its transaction: it waits for the
 * writes in flight that locked the row (`lockMembers`), and the writes that come after wait for it.
 */
export async function lockMemberForChange(tx: Tx, userId: string): Promise<void> {
  await tx.execute(sql`select 1 from "user" where id = ${userId} for update`);
}
