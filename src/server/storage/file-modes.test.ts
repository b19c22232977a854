import { chmod, lstat, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { loadEnv } from '../env';
import { startServer } from '../start-server';
import { backup } from '../backup/backup';
import { signedInMember } from '../../test/members';
import { serverHarness } from '../../test/test-app';

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'modmarket-modes-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

const modeOf = async (file: string) => (await lstat(file)).mode & 0o777;

/** Every entry under `root` (itself included) that its group or anyone else may use, with its mode. */
async function openToOthers(root: string): Promise<string[]> {
  const found: string[] = [];
  const visit = async (entry: string) => {
    const info = await lstat(entry);
    if (info.isSymbolicLink()) return;
    if (info.mode & 0o077) found.push(`${path.relative(dir, entry)} ${(info.mode & 0o777).toString(8)}`);
    if (info.isDirectory()) for (const name of await readdir(entry)) await visit(path.join(entry, name));
  };
  await visit(root);
  return found;
}

describe('files on disk', () => {
  it('are the app’s alone: the data folder, the database, photos, exports and backups', async () => {
    // A data folder left open by an earlier version, with a file anyone could write, and the usual umask.
    const dataDir = path.join(dir, 'data');
    await mkdir(dataDir);
    await chmod(dataDir, 0o777);
    await writeFile(path.join(dataDir, 'left-over.txt'), 'from before');
    await chmod(path.join(dataDir, 'left-over.txt'), 0o666);
    process.umask(0o022);

    const env = loadEnv({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: 'false',
    });
    const server = await startServer(env, pino({ level: 'silent' }));
    let photo: StoredPhoto;
    const backupDir = path.join(dir, 'backups', 'today');
    try {
      expect(process.umask()).toBe(0o077);
      const member = await signedInMember(serverHarness(server), { plan: 'gold' });
      const jpeg = await sharp({
        create: { width: 400, height: 300, channels: 3, background: { r: 10, g: 120, b: 60 } },
      })
        .jpeg()
        .toBuffer();
      // A raw multipart upload, as the photo picker sends it.
      const uploaded = await member.browser.upload<StoredPhoto>(
        '/api/photos',
        new File([new Uint8Array(jpeg)], 'part.jpg', { type: 'image/jpeg' }),
      );
      expect(uploaded.status).toBe(201);
      photo = uploaded.body;
      expect((await member.browser.api.account.export.$post()).status).toBe(202);
      // The server's own worker prepares it.
      for (let waited = 0; (await member.browser.api.account.export.$get()).status !== 200; waited += 100) {
        if (waited > 15_000) throw new Error('the export was not prepared');
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      await backup(env, backupDir, () => undefined);
    } finally {
      await server.stop();
    }

    expect(await modeOf(dataDir)).toBe(0o700);
    expect(await modeOf(path.join(dataDir, 'left-over.txt'))).toBe(0o600);
    const photoFile = path.join(dataDir, 'uploads', ...photoVariantKey(photo, photo.variants[0]!).split('/'));
    expect(await modeOf(photoFile)).toBe(0o600);
    expect(await modeOf(path.dirname(photoFile))).toBe(0o700);
    const exports = path.join(dataDir, 'uploads', 'exports');
    const [memberExports] = await readdir(exports);
    const [exportFile] = await readdir(path.join(exports, memberExports!));
    expect(await modeOf(path.join(exports, memberExports!, exportFile!))).toBe(0o600);
    // The embedded database's own files (it writes them as 0666), and everything else in the folder.
    expect((await readdir(path.join(dataDir, 'db'))).length).toBeGreaterThan(5);
    expect(await openToOthers(dataDir)).toEqual([]);

    expect(await modeOf(backupDir)).toBe(0o700);
    expect(await modeOf(path.join(backupDir, 'database.tar.gz'))).toBe(0o600);
    expect(await modeOf(path.join(backupDir, 'manifest.json'))).toBe(0o600);
    expect(await openToOthers(backupDir)).toEqual([]);
  }, 120_000);
});
