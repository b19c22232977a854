import { createHash } from 'node:crypto';
import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type pg from 'pg';
import type { Db } from './client';

/**
 * Statement texts given a name so far. Each connection parses a named statement once and PostgreSQL
 * keeps its plan, where an unnamed statement is parsed and planned on every request. Only the first
 * two hundred texts get a name: each costs every connection a little memory on the server, and a text
 * past them runs unnamed as before.
 */
const names = new Map<string, string>();
/** Renders fragments to text and parameters (`renderedOnce`). */
const dialect = new PgDialect();
/** About 100 KB on the server for each connection that ran one: 20 MB a connection at worst. */
const MAX_NAMED_STATEMENTS = 200;

/** The statement's name: a hash of its text, so that one name never stands for two texts. */
export function statementName(text: string): string | undefined {
  const known = names.get(text);
  if (known || names.size >= MAX_NAMED_STATEMENTS) return known;
  const name = `n_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`;
  names.set(text, name);
  return name;
}

/** Drizzle's handle on the driver: the pool, or the read replicas' client (db/client.ts). */
function driverOf(db: Db): Pick<pg.Pool, 'query'> {
  return (db as Db & { $client: Pick<pg.Pool, 'query'> }).$client;
}

/** Type parsers that leave every value as its text. */
const AS_TEXT = { getTypeParser: () => (value: string) => value };

/** A query builder: what it builds is a text and its parameters. */
interface Builder {
  toSQL(): { sql: string; params: unknown[] };
}

/**
 * Runs a read and answers its rows as arrays of the driver's values (the caller maps them: Drizzle's
 * checks per column and row were a tenth of a browse page's time). A statement without parameters
 * (the first page of browse in each order) runs named, so that it is parsed once per connection and
 * planned once: its one plan is the plan for every run. One with parameters runs unnamed and is
 * planned for its values each time: a generic plan for a make or a price, costed on the average make,
 * would walk the wrong index for a rare one. Outside a transaction only: a pooler in transaction mode
 * cannot carry named statements.
 */
export async function arrayRows(
  db: Db,
  query: Builder,
  /** `text`: every value as the text PostgreSQL sent, unparsed (a JSON value the caller may not need to read). */
  values: 'parsed' | 'text' = 'parsed',
): Promise<unknown[][]> {
  const built = query.toSQL();
  const name = built.params.length === 0 ? statementName(built.sql) : undefined;
  const result = await driverOf(db).query<unknown[]>({
    text: built.sql,
    values: built.params,
    rowMode: 'array',
    ...(name ? { name } : {}),
    ...(values === 'text' ? { types: AS_TEXT } : {}),
  });
  return result.rows;
}

/**
 * Runs a statement under the name its caller gives it, with the rows as arrays of values: for a lookup
 * by key (a listing by its id), whose one generic plan is the right plan for every key, so that each
 * connection parses and plans it once. Outside a transaction only, as `arrayRows`.
 */
export async function namedRows(
  db: Db,
  statement: { name: string; text: string },
  values: unknown[],
): Promise<unknown[][]> {
  const result = await driverOf(db).query<unknown[]>({ ...statement, values, rowMode: 'array' });
  return result.rows;
}

/**
 * A whole number written into the statement's text rather than sent as a parameter: a LIMIT (a
 * generic plan with a parameter for its limit is costed as if a tenth of the table were wanted), and
 * what makes a statement one with no parameters, which `arrayRows` names.
 */
export function literal(n: number): SQL {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`Invalid literal: ${n}`);
  return sql.raw(String(n));
}

/** What a value written into a statement's text may hold: no quote, no `$`, nothing SQL reads. */
const PLAIN_VALUE = /^[\p{L}\p{N}][\p{L}\p{N} .-]*$/u;

/**
 * A value of one of the catalogue's fixed lists (a category, a make) written into the statement's text
 * rather than sent as a parameter; null for a value not on `list`, or one holding anything but
 * letters, digits, spaces, dots and hyphens (sent as a parameter then). A browse page filtered by them
 * has no parameters: `arrayRows` names it, so each connection plans it once, for that very make and
 * category, where a generic plan with the make as a parameter would be costed on the average make. The
 * lists hold a few dozen values, so such texts are a few hundred at most.
 */
export function listLiteral(value: string, list: readonly string[]): SQL | null {
  if (!list.includes(value) || !PLAIN_VALUE.test(value)) return null;
  return sql.raw(`'${value}'`);
}

/** `literal` for Drizzle's `.limit()`, which writes an SQL chunk given as the limit as it is (its type asks for a number). */
export function literalLimit(n: number): number {
  return literal(n) as unknown as number;
}

/**
 * A fragment rendered to its text and parameters once, with the same fragment made of that text and
 * those parameters, to be written into a larger statement without Drizzle walking its conditions again
 * (rendering a fragment costs 10-30 µs, and a browse page's count is both the count cache's key and
 * part of the page's statement). For fragments whose text names no `$n` but its own parameters, as
 * Drizzle writes them: every value a parameter, raw text only for names, whole numbers (`literal`)
 * and list values (`listLiteral`).
 */
export function renderedOnce(fragment: SQL): { built: { sql: string; params: unknown[] }; again: SQL } {
  const built = dialect.sqlToQuery(fragment);
  const pieces = built.sql.split(/\$(\d+)/);
  const again = sql.empty();
  for (let i = 0; i < pieces.length; i++)
    again.append(i % 2 ? sql`${sql.param(built.params[Number(pieces[i]) - 1])}` : sql.raw(pieces[i]!));
  return { built, again };
}
