import { createReadStream } from 'node:fs';
import { mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertStorageKey, STORAGE_KEY, type Storage } from './storage';
import { PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from './file-modes';

const CONTENT_TYPES: Record<string, string> = {
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.jpg': 'image/jpeg',
  '.png': 'image/png',
};

/** Files under `<root>/<key>`, served by the app at `/media/<key>`. */
export function createLocalStorage(root: string): Storage {
  const fileFor = (key: string) => {
    assertStorageKey(key);
    return path.join(root, ...key.split('/'));
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      // The app's user alone may read them, whatever the umask (a photo's owner may have deleted it).
      await mkdir(path.dirname(file), { recursive: true, mode: PRIVATE_DIR_MODE });
      // Write then rename, so a reader never sees half a file.
      const temporary = `${file}.${process.pid}.tmp`;
      await writeFile(temporary, body, { mode: PRIVATE_FILE_MODE });
      await rename(temporary, file);
    },
    async get(key) {
      const file = fileFor(key);
      const info = await stat(file).catch(() => null);
      if (!info?.isFile()) return null;
      return {
        body: createReadStream(file),
        contentType: CONTENT_TYPES[path.extname(file)] ?? 'application/octet-stream',
        size: info.size,
      };
    },
    async *keys() {
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
      for (const entry of entries) {
        if (!entry.isFile() || entry.name.endsWith('.tmp')) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join('/');
        // Only what the app stored: anything else in the folder is not one of its files.
        if (STORAGE_KEY.test(key)) yield key;
      }
    },
    async *list(prefix) {
      const folder = prefix.replace(/\/+$/, '');
      assertStorageKey(`${folder}/x`);
      // Depth first, one folder at a time, so a folder's files come together.
      async function* walk(dir: string): AsyncGenerator<{ key: string; modifiedAt: Date }> {
        const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
        entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
        for (const entry of entries) {
          const full = path.join(dir, entry.name);
          if (entry.isDirectory()) yield* walk(full);
          else if (entry.isFile() && !entry.name.endsWith('.tmp')) {
            const key = path.relative(root, full).split(path.sep).join('/');
            const info = await stat(full).catch(() => null);
            if (info && STORAGE_KEY.test(key)) yield { key, modifiedAt: info.mtime };
          }
        }
      }
      yield* walk(path.join(root, ...folder.split('/')));
    },
    async deletePrefix(prefix) {
      assertStorageKey(`${prefix.replace(/\/+$/, '')}/x`);
      await rm(path.join(root, ...prefix.split('/').filter(Boolean)), { recursive: true, force: true });
    },
    publicUrl(key) {
      assertStorageKey(key);
      return `/media/${key}`;
    },
  };
}
