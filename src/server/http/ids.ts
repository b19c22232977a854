import { z } from '@hono/zod-openapi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A row id as the database writes it; anything else cannot name a row, so it is not looked up. */
export function isUuid(value: string): boolean {
  return UUID.test(value);
}

/**
 * The `{id}` of every route that names a row. A malformed one is answered 404 by the router's hook,
 * before the body is read: the same answer as for an id of no row.
 */
export const IdParam = z.object({ id: z.string().regex(UUID) });
