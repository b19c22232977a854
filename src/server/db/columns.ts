import { getTableColumns, type Table } from 'drizzle-orm';

/**
 * Some of a table's columns by field name, for a `select` that reads what a page shows and no more (a
 * card's columns, not the whole row the driver would parse and Drizzle map for every row).
 */
export function pickColumns<T extends Table, Field extends keyof T['_']['columns'] & string>(
  table: T,
  fields: readonly Field[],
): Pick<T['_']['columns'], Field> {
  const columns = getTableColumns(table);
  return Object.fromEntries(fields.map((field) => [field, columns[field]])) as Pick<T['_']['columns'], Field>;
}
