import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import pLimit from 'p-limit';
import type { Env } from '../env';
import { createStorage } from '../storage/create-storage';
import { makePrivateDir, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE, tightenTree } from '../storage/file-modes';
import { askRunningApp, operatorSocketPath } from './operator-socket';

const run = promisify(execFile);

/** What a backup folder holds; written last, so a folder without it is an unfinished backup. */
export interface BackupManifest {
  format: 1;
  createdAt: string;
  /** Which database it came from, and so which file holds it: `database.dump` or `database.tar.gz`. */
  database: 'postgres' | 'embedded';
  /** Every stored file (photos, exports), kept under `files/<key>`. */
  files: { key: string; contentType: string; size: number }[];
}

const MANIFEST = 'manifest.json';
const POSTGRES_DUMP = 'database.dump';
const EMBEDDED_DUMP = 'database.tar.gz';
/** Files copied to or from the store at once. */
const FILE_CONCURRENCY = 8;

export class BackupError extends Error {
  override name = 'BackupError';
}

/** Where the embedded database keeps its files (as `startServer` opens it). */
const embeddedDir = (dataDir: string) => path.join(dataDir, 'db');

/**
 * A PostgreSQL URL for `pg_dump` and `pg_restore`, with its password moved to PGPASSWORD: never on a
 * command line, where any user of the machine could read it.
 */
function clientConnection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  // eslint-disable-next-line no-restricted-properties -- the tools need PATH and the like from this process
  const base = process.env;
  return { dbname: parsed.toString(), env: password ? { ...base, PGPASSWORD: password } : base };
}

async function postgresTool(tool: 'pg_dump' | 'pg_restore', args: string[], env: NodeJS.ProcessEnv) {
  try {
    await run(tool, args, { env, maxBuffer: 16 * 1024 * 1024 });
  } catch (error) {
    const failure = error as NodeJS.ErrnoException & { stderr?: string };
    if (failure.code === 'ENOENT')
      throw new BackupError(
        `${tool} was not found: install PostgreSQL's client tools (apt-get install postgresql-client)`,
      );
    throw new BackupError(`${tool} failed: ${failure.stderr?.trim() || failure.message}`);
  }
}

/** True when an app is running on `dataDir` (its operator socket answers). */
function appRunning(dataDir: string): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(operatorSocketPath(dataDir));
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** The embedded database of a stopped app, opened here for the time of the dump. */
async function dumpStoppedEmbedded(dataDir: string): Promise<Buffer> {
  const dir = embeddedDir(dataDir);
  if (!(await stat(dir).catch(() => null))?.isDirectory())
    throw new BackupError(`there is no embedded database in ${dir} (is DATA_DIR right?)`);
  const db = await PGlite.create(dir, { extensions: { pg_trgm } });
  try {
    await db.query('checkpoint');
    return Buffer.from(await (await db.dumpDataDir('gzip')).arrayBuffer());
  } finally {
    await db.close();
  }
}

/**
 * Backs up the database and every stored file into the new folder `to`: PostgreSQL with `pg_dump`
 * (while the app runs), the embedded database through the running app or, stopped, directly.
 */
export async function backup(env: Env, to: string, say: (line: string) => void): Promise<BackupManifest> {
  const dataDir = path.resolve(env.DATA_DIR);
  const existing = await readdir(to).catch(() => []);
  if (existing.length) throw new BackupError(`${to} is not empty: back up into a new folder`);
  // Members' personal data: the operator's user alone may read a backup.
  await makePrivateDir(to);
  await makePrivateDir(path.join(to, 'files'));

  let database: BackupManifest['database'];
  if (env.DATABASE_URL) {
    database = 'postgres';
    const { dbname, env: toolEnv } = clientConnection(env.DATABASE_URL);
    await postgresTool(
      'pg_dump',
      ['--format=custom', '--no-owner', `--file=${path.join(to, POSTGRES_DUMP)}`, `--dbname=${dbname}`],
      toolEnv,
    );
    say('database: dumped with pg_dump');
  } else {
    database = 'embedded';
    const asked = await askRunningApp(dataDir, 'GET', '/database');
    if (asked && asked.status !== 200)
      throw new BackupError(
        `the running app could not dump its database (status ${asked.status}): see its log`,
      );
    const fromApp = asked?.body ?? null;
    const bytes = fromApp ?? (await dumpStoppedEmbedded(dataDir));
    // Opened here, the embedded database wrote its files open to everyone, as it does.
    if (!fromApp) await tightenTree(embeddedDir(dataDir));
    await writeFile(path.join(to, EMBEDDED_DUMP), bytes, { mode: PRIVATE_FILE_MODE });
    say(`database: embedded, ${fromApp ? 'dumped by the running app' : 'dumped (the app is stopped)'}`);
  }

  // After the database: every file its rows name was stored before the dump began.
  const storage = createStorage(env, dataDir);
  const limit = pLimit(FILE_CONCURRENCY);
  const copies: Promise<BackupManifest['files'][number] | null>[] = [];
  for await (const key of storage.keys())
    copies.push(
      limit(async () => {
        const file = await storage.get(key);
        // Removed since it was listed (a deleted listing's photo): nothing to keep.
        if (!file) return null;
        const target = path.join(to, 'files', ...key.split('/'));
        await mkdir(path.dirname(target), { recursive: true, mode: PRIVATE_DIR_MODE });
        await pipeline(file.body, createWriteStream(target, { mode: PRIVATE_FILE_MODE }));
        return { key, contentType: file.contentType, size: (await stat(target)).size };
      }),
    );
  const files = (await Promise.all(copies)).filter((file) => file !== null);
  say(`files: ${files.length} from ${env.s3 ? `the bucket ${env.s3.bucket}` : 'disk'}`);

  const manifest: BackupManifest = { format: 1, createdAt: new Date().toISOString(), database, files };
  // pg_dump writes its file as the umask says: whatever it left open is closed before the manifest.
  await tightenTree(to);
  await writeFile(path.join(to, MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`, {
    mode: PRIVATE_FILE_MODE,
  });
  return manifest;
}

/**
 * Restores a backup made by `backup` into the configured database and file store, which should be new
 * or wiped; the app must be stopped. The embedded database in the way is kept beside it, renamed.
 */
export async function restore(env: Env, from: string, say: (line: string) => void): Promise<BackupManifest> {
  const dataDir = path.resolve(env.DATA_DIR);
  const manifestText = await readFile(path.join(from, MANIFEST), 'utf8').catch(() => null);
  if (!manifestText) throw new BackupError(`${from} holds no finished backup (no ${MANIFEST})`);
  const manifest = JSON.parse(manifestText) as BackupManifest;
  if (manifest.format !== 1)
    throw new BackupError(`${from} is a backup in a format this version cannot read`);
  const target = env.DATABASE_URL ? 'postgres' : 'embedded';
  if (manifest.database !== target)
    throw new BackupError(
      `${from} holds ${manifest.database === 'postgres' ? 'a PostgreSQL' : 'an embedded'} database, and this configuration uses ${target === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'the embedded one (no DATABASE_URL)'}`,
    );

  if (env.DATABASE_URL) {
    const { dbname, env: toolEnv } = clientConnection(env.DATABASE_URL);
    await postgresTool(
      'pg_restore',
      [
        '--clean',
        '--if-exists',
        '--no-owner',
        '--single-transaction',
        '--exit-on-error',
        `--dbname=${dbname}`,
        path.join(from, POSTGRES_DUMP),
      ],
      toolEnv,
    );
    say('database: restored with pg_restore');
  } else {
    if (await appRunning(dataDir))
      throw new BackupError('the app is running on this DATA_DIR: stop it first');
    const dir = embeddedDir(dataDir);
    if (await stat(dir).catch(() => null)) {
      const aside = `${dir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
      await rename(dir, aside);
      say(`database: the one in the way is kept as ${aside}`);
    }
    await makePrivateDir(dataDir);
    const archive = new Blob([new Uint8Array(await readFile(path.join(from, EMBEDDED_DUMP)))]);
    const db = await PGlite.create(dir, { loadDataDir: archive, extensions: { pg_trgm } });
    await db.query('select 1');
    await db.close();
    await tightenTree(dataDir);
    say('database: embedded, restored');
  }

  const storage = createStorage(env, dataDir);
  const limit = pLimit(FILE_CONCURRENCY);
  await Promise.all(
    manifest.files.map((file) =>
      limit(async () => {
        const bytes = await readFile(path.join(from, 'files', ...file.key.split('/')));
        await storage.put(file.key, bytes, file.contentType);
      }),
    ),
  );
  say(`files: ${manifest.files.length} to ${env.s3 ? `the bucket ${env.s3.bucket}` : 'disk'}`);
  return manifest;
}
