import { sql, type SQL, type SQLWrapper } from 'drizzle-orm';
import { ApiError } from '../http/api-error';
import { isUuid } from '../http/ids';

/**
 * Keyset pages of lists ordered by `(time, id)`: the inbox, threads, notifications, the community feed
 * and the moderation desk (docs/decisions.md, "Long histories").
 * The position is the last row's time to the microsecond, as the database stores it, and its id: a
 * JavaScript `Date` keeps milliseconds only, and two rows stored within one millisecond (an offer and
 * its automatic decline) would otherwise be skipped or repeated at a page's edge.
 */
export type Keyset = { at: string; id: string };

const EXACT_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/;
/** A row id: a UUID, or a serial number. */
const SERIAL = /^[1-9]\d{0,17}$/;

/** A timestamp column as UTC text with all six decimals, for `encodeKeyset`. */
export function exactTime(column: SQLWrapper): SQL<string> {
  return sql<string>`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`;
}

/** The position after a row, opaque to clients. */
export function encodeKeyset(position: Keyset): string {
  return Buffer.from(`${position.at}|${position.id}`).toString('base64url');
}

/** Reads `encodeKeyset`'s output; anything else answers 400 before the database is asked. */
export function decodeKeyset(cursor: string): Keyset {
  const [at = '', id = '', ...rest] = Buffer.from(cursor, 'base64url').toString().split('|');
  if (rest.length || !EXACT_TIME.test(at) || Number.isNaN(Date.parse(at)) || !(isUuid(id) || SERIAL.test(id)))
    throw new ApiError(400, 'VALIDATION_ERROR');
  return { at, id };
}

/**
 * Rows after `position` in `(time desc, id desc)` order. One row comparison, so that an index on
 * `(…, time desc, id desc)`, or read backwards on `(…, time, id)`, starts right at the position. The id
 * takes its column's type (a UUID or a number).
 */
export function before(time: SQLWrapper, id: SQLWrapper, position: Keyset): SQL {
  return sql`(${time}, ${id}) < (${position.at}::timestamptz, ${position.id})`;
}

/** Rows after `position` in `(time, id)` order (oldest first). */
export function after(time: SQLWrapper, id: SQLWrapper, position: Keyset): SQL {
  return sql`(${time}, ${id}) > (${position.at}::timestamptz, ${position.id})`;
}

/**
 * A page of rows read with `limit + 1`: the first `limit`, and the cursor after the last of them when
 * there was one more (null on the last page).
 */
export function keysetPage<T>(
  rows: T[],
  limit: number,
  positionOf: (row: T) => Keyset,
): { page: T[]; nextCursor: string | null } {
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return { page, nextCursor: rows.length > limit && last ? encodeKeyset(positionOf(last)) : null };
}
