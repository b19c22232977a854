import type { Readable } from 'node:stream';

/** Where uploaded and generated files live: local disk by default, object storage when configured. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is none. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  /** Every file's key, in no particular order (backups). */
  keys(): AsyncIterable<string>;
  /** Removes every file whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

/** Keys are made by the app (`listings/<uuid>/640.webp`); anything else is refused. */
export const STORAGE_KEY = /^[a-z0-9-]+(?:\/[a-zA-Z0-9._-]+)+$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/** Files only their member may download, through a members-only route: never served at /media. */
export const PRIVATE_PREFIX = 'exports/';
