import { getTableColumns, getTableName, type Table } from 'drizzle-orm';

/**
 * A table's columns sent as one JSON array a row (`json_build_array`) and read back into a row's
 * fields: the driver then parses one value a row where it parsed one a column, and nothing maps each
 * column of each row (Drizzle's mapping was most of a page of cards' time in the app, issue 37's
 * profile). Times travel as whole milliseconds and come back as dates.
 */
export function jsonColumns<T extends Table>(table: T) {
  type Row = T['$inferSelect'];
  const columns = getTableColumns(table) as Record<string, { name: string; dataType: string }>;
  const times = new Set(
    Object.entries(columns)
      .filter(([, column]) => column.dataType === 'date')
      .map(([field]) => field),
  );
  const tableName = getTableName(table);
  return {
    /** How the field's column goes into a `json_build_array`: as it is, or a time as milliseconds. */
    field(field: keyof Row & string): string {
      const column = `"${tableName}"."${columns[field]!.name}"`;
      return times.has(field) ? `floor(extract(epoch from ${column}) * 1000)::int8` : column;
    },
    /** The fields from the values `field` wrote for them, in `fields`' order. */
    read<Field extends keyof Row & string>(fields: readonly Field[], values: unknown[]): Pick<Row, Field> {
      const row = {} as Record<Field, unknown>;
      for (let i = 0; i < fields.length; i++) {
        const field = fields[i]!;
        const value = values[i];
        row[field] = times.has(field) && value !== null ? new Date(value as number) : value;
      }
      return row as Pick<Row, Field>;
    },
  };
}
