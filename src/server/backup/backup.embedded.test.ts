import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { startServer } from '../start-server';
import { backupRoundTrip, operatorCommand } from '../../test/backup-round-trip';
import { migratedDataDir } from '../../test/test-database';

/** The embedded database and photos on disk: backed up while the app runs, wiped, restored. */
let dir: string;
/** The app's data folder, its database migrated as by an earlier start. */
let dataDir: string;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'modmarket-backup-'));
  dataDir = await migratedDataDir('modmarket-backup-data-');
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
  await rm(dataDir, { recursive: true, force: true });
});

describe('backup and restore, embedded database and files on disk', () => {
  it('restores every listing, photo and message into a wiped data folder', async () => {
    await backupRoundTrip({
      settings: { DATA_DIR: dataDir },
      folder: path.join(dir, 'backup-running'),
      dumpedBy: /database: embedded, dumped by the running app/,
      wipe: async () => {
        await rm(dataDir, { recursive: true, force: true });
      },
    });
  }, 120_000);

  it('backs up a stopped app directly, refuses a non-empty folder, and keeps the database it replaces', async () => {
    const settings = { DATA_DIR: dataDir, NODE_ENV: 'test' };
    const stopped = await operatorCommand('backup', path.join(dir, 'backup-stopped'), settings);
    expect(stopped.stdout).toMatch(/database: embedded, dumped \(the app is stopped\)/);
    await expect(operatorCommand('backup', path.join(dir, 'backup-stopped'), settings)).rejects.toMatchObject(
      {
        stderr: expect.stringMatching(/is not empty: back up into a new folder/),
      },
    );
    await expect(operatorCommand('restore', path.join(dir, 'nothing-here'), settings)).rejects.toMatchObject({
      stderr: expect.stringMatching(/holds no finished backup/),
    });
    // Never under a running app's feet.
    const running = await startServer(
      loadEnv({ ...settings, PORT: '0', SEED_DEMO: 'false' }),
      pino({ level: 'silent' }),
    );
    try {
      await expect(
        operatorCommand('restore', path.join(dir, 'backup-stopped'), settings),
      ).rejects.toMatchObject({
        stderr: expect.stringMatching(/the app is running on this DATA_DIR: stop it first/),
      });
    } finally {
      await running.stop();
    }
    const restored = await operatorCommand('restore', path.join(dir, 'backup-stopped'), settings);
    expect(restored.stdout).toMatch(/the one in the way is kept as/);
    expect((await readdir(dataDir)).filter((name) => name.startsWith('db.before-restore-'))).toHaveLength(1);
  }, 120_000);
});
