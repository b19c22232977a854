import { sql } from 'drizzle-orm';
import type { Db } from '@server/db/client';

/**
 * Makes the database refuse new rows of `table` whose `column` is `value` (a trigger that raises),
 * as a server killed at that write would leave things, until the returned function is called.
 */
export async function refuseInserts(
  db: Db,
  table: string,
  column: string,
  value: string,
): Promise<() => Promise<void>> {
  const name = `refuse_${table}_${Math.random().toString(36).slice(2, 10)}`;
  await db.execute(
    sql.raw(`create function ${name}() returns trigger language plpgsql as $$
      begin
        if new.${column}::text = '${value.replace(/'/g, "''")}' then raise exception 'refused for a test'; end if;
        return new;
      end $$`),
  );
  await db.execute(
    sql.raw(`create trigger ${name} before insert on ${table} for each row execute function ${name}()`),
  );
  return async () => {
    await db.execute(sql.raw(`drop trigger ${name} on ${table}`));
    await db.execute(sql.raw(`drop function ${name}`));
  };
}
