import { execFile } from 'node:child_process';
import { chown, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';

const run = promisify(execFile);

/** Debian's newest PostgreSQL binaries (the `postgresql` package). */
async function postgresBin(): Promise<string> {
  const versions = await readdir('/usr/lib/postgresql').catch(() => [] as string[]);
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  return `/usr/lib/postgresql/${newest}/bin`;
}

/** PostgreSQL refuses to run as root: as root, its tools run as the `postgres` user. */
function asPostgres(command: string, args: string[]) {
  return process.getuid?.() === 0
    ? run('runuser', ['-u', 'postgres', '--', command, ...args])
    : run(command, args);
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface Replica {
  /** The replica's URL for `database` (a database of the primary). */
  url(database: string): string;
  /** Stops applying the primary's changes (it keeps receiving them): the replica falls behind. */
  pause(): Promise<void>;
  resume(): Promise<void>;
  /** Stops the server at once, as a crash: the replica goes away. */
  stop(): Promise<void>;
  close(): Promise<void>;
}

/**
 * A streaming replica of the PostgreSQL server at `primaryUrl` (TEST_DATABASE_URL), as an operator
 * makes one: `pg_basebackup --write-recovery-conf` into a new folder, started as a hot standby on a
 * port of its own.
 */
export async function startReplica(primaryUrl: string): Promise<Replica> {
  const bin = await postgresBin();
  const primary = new URL(primaryUrl);
  const dir = await mkdtemp(path.join(tmpdir(), 'modmarket-replica-'));
  if (process.getuid?.() === 0) {
    const { stdout } = await run('id', ['-u', 'postgres']);
    const uid = Number(stdout.trim());
    const gid = Number((await run('id', ['-g', 'postgres'])).stdout.trim());
    await chown(dir, uid, gid);
  }
  const data = path.join(dir, 'data');
  await asPostgres(`${bin}/pg_basebackup`, [
    '-h',
    primary.hostname,
    '-p',
    primary.port || '5432',
    '-U',
    decodeURIComponent(primary.username || 'postgres'),
    '-D',
    data,
    '--write-recovery-conf',
    '--wal-method=stream',
    '--checkpoint=fast',
  ]);
  const port = await freePort();
  // A standby needs at least the primary's connection slots.
  const asked = new pg.Client({ connectionString: primaryUrl });
  await asked.connect();
  const slots = (await asked.query<{ max_connections: string }>('show max_connections')).rows[0]!
    .max_connections;
  await asked.end();
  let running = false;
  const start = async () => {
    const log = path.join(dir, 'server.log');
    await asPostgres(`${bin}/pg_ctl`, [
      '-D',
      data,
      '-l',
      log,
      '-w',
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c hot_standby=on -c fsync=off -c max_connections=${slots}`,
      'start',
    ]).catch(async (error: unknown) => {
      const said = await readFile(log, 'utf8').catch(() => '');
      throw new Error(`the replica did not start:\n${said.slice(-2000)}`, { cause: error });
    });
    running = true;
  };
  await start();
  const url = (database: string) => {
    const address = new URL(primaryUrl);
    address.port = String(port);
    address.pathname = `/${database}`;
    return address.toString();
  };
  const sql = async (statement: string) => {
    const client = new pg.Client({ connectionString: url('postgres') });
    await client.connect();
    try {
      await client.query(statement);
    } finally {
      await client.end();
    }
  };
  const stop = async () => {
    if (!running) return;
    running = false;
    await asPostgres(`${bin}/pg_ctl`, ['-D', data, '-m', 'immediate', 'stop']).catch(() => undefined);
  };
  return {
    url,
    pause: () => sql('select pg_wal_replay_pause()'),
    resume: () => sql('select pg_wal_replay_resume()'),
    stop,
    async close() {
      await stop();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
