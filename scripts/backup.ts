// `npm run backup -- [folder]` and `npm run restore -- <folder>`, with the app's own settings (the same
// environment as the app: DATA_DIR, DATABASE_URL, S3_…). docs/operations.md says when to run which.
import path from 'node:path';
import { ConfigError, loadEnv } from '../src/server/env';
import { backup, BackupError, restore } from '../src/server/backup/backup';
import { restrictNewFiles } from '../src/server/storage/file-modes';

const [command, folder] = process.argv.slice(2);
const say = (line: string) => console.log(line);
// A backup holds members' personal data, and a restore writes DATA_DIR: the operator's user alone.
restrictNewFiles();

try {
  const env = loadEnv();
  if (command === 'backup') {
    const to = path.resolve(
      folder ?? path.join('backups', `modmarket-${new Date().toISOString().replace(/[:.]/g, '-')}`),
    );
    const manifest = await backup(env, to, say);
    say(`Backed up into ${to} (${manifest.files.length} files).`);
  } else if (command === 'restore' && folder) {
    const manifest = await restore(env, path.resolve(folder), say);
    say(
      `Restored the backup of ${manifest.createdAt}. Start the app: it migrates the database if it needs to.`,
    );
  } else {
    console.error('Usage: npm run backup -- [folder]   |   npm run restore -- <folder>');
    process.exitCode = 2;
  }
} catch (error) {
  if (!(error instanceof BackupError || error instanceof ConfigError)) throw error;
  console.error(error.message);
  process.exitCode = 1;
}
