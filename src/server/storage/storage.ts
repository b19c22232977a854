import type { Readable } from 'node:stream';

/** Where uploaded and generated files live: local disk by default, object storage when configured. */
export interface Storage {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file's bytes as a stream, or null when there is none. */
  get(key: string): Promise<{ body: Readable; contentType: string; size: number } | null>;
  /** Every file's key, in no particular order (backups). */
  keys(): AsyncIterable<string>;
  /**
   * The files under a folder (`prefix` ends with `/`), each with when it was written, a page at a time;
   * a folder's files come together. Nothing outside the folder is listed (housekeeping).
   */
  list(prefix: string): AsyncIterable<StoredFile>;
  /** Removes every file whose key starts with `prefix`. */
  deletePrefix(prefix: string): Promise<void>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

export interface StoredFile {
  key: string;
  modifiedAt: Date;
}

/** Keys are made by the app (`listings/<uuid>/640.webp`); anything else is refused. */
export const STORAGE_KEY = /^[a-z0-9-]+(?:\/[a-zA-Z0-9._-]+)+$/;

export function assertStorageKey(key: string): void {
  if (!STORAGE_KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/**
 * Files only their member may download, through a members-only route: never served at /media, never
 * under a public bucket's address, and never kept by a cache.
 */
export const PRIVATE_PREFIX = 'exports/';

/** How a private file is stored in a bucket: no cache (a CDN, a proxy) may keep it. */
export const PRIVATE_CACHE_CONTROL = 'private, no-store';
