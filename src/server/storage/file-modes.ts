import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import path from 'node:path';

/**
 * Everything the app keeps on disk (the embedded database, photos, data exports, backups, the operator
 * socket) is for the app's own user alone: no other account on the machine may read or change it.
 */
export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;
/** What the process creates without saying otherwise: owner only. */
export const PRIVATE_UMASK = 0o077;

/** Files and folders the process creates from now on are its user's alone. */
export function restrictNewFiles(): void {
  process.umask(PRIVATE_UMASK);
}

/** Creates `dir` (and its parents) if needed, and makes it the app's alone. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(dir, PRIVATE_DIR_MODE);
}

/**
 * Takes group and other permissions off `root` and everything under it (symbolic links are left as
 * they are, and not followed). The embedded database writes its files readable and writable by
 * everyone, whatever the umask: this runs at start, once the database is open, and every hour.
 * Answers how many entries it changed.
 */
export async function tightenTree(root: string): Promise<number> {
  const info = await lstat(root).catch(() => null);
  if (!info || info.isSymbolicLink()) return 0;
  let changed = 0;
  if (info.mode & 0o077) {
    await chmod(root, info.isDirectory() ? PRIVATE_DIR_MODE : info.mode & 0o700).catch(() => undefined);
    changed++;
  }
  if (info.isDirectory()) {
    const entries = await readdir(root).catch(() => []);
    for (const entry of entries) changed += await tightenTree(path.join(root, entry));
  }
  return changed;
}
