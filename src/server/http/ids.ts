import { z } from '@hono/zod-openapi';
import { ApiError } from './api-error';

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

/** Keyset position after a row of a newest-first list: `(created_at, id)`, opaque to clients. */
export function encodeTimeCursor(row: { createdAt: Date; id: string }): string {
  return Buffer.from(`${row.createdAt.toISOString()}|${row.id}`).toString('base64url');
}

/** Reads `encodeTimeCursor`'s output; anything else is a 400. */
export function decodeTimeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  const createdAt = new Date(at ?? '');
  if (!id || !isUuid(id) || Number.isNaN(createdAt.getTime())) throw new ApiError(400, 'VALIDATION_ERROR');
  return { createdAt, id };
}
