import { ApiError } from './api-error';

/** A row id as the database writes it; anything else cannot name a row, so it is not looked up. */
export function isUuid(value: string): boolean {
  return /^[0-9a-f-]{36}$/i.test(value);
}

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
