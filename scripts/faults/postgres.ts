/**
 * A throwaway PostgreSQL server (Debian's postgresql package) on a 127.0.0.1 port, started as
 * scripts/with-postgres.sh starts one, that the fault cases can restart and stop: one database per
 * experiment.
 */
import { execFile, execFileSync } from 'node:child_process';
import { promisify } from 'node:util';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

const run = promisify(execFile);

export type StopMode = 'smart' | 'fast' | 'immediate';

export interface PostgresServer {
  port: number;
  /** The connection URL of one database on the server. */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  restart(mode: StopMode): Promise<void>;
  stop(mode: StopMode): Promise<void>;
  start(): Promise<void>;
  /** Stops the server and removes its folder. */
  destroy(): void;
}

function postgresBin(): string {
  let versions: string[] = [];
  try {
    versions = readdirSync('/usr/lib/postgresql');
  } catch {
    // Not installed: said below.
  }
  const newest = versions.sort((a, b) => Number(a) - Number(b)).at(-1);
  if (!newest) throw new Error('PostgreSQL is not installed: apt-get install postgresql');
  return path.join('/usr/lib/postgresql', newest, 'bin');
}

export function startPostgres(port: number): PostgresServer {
  const bin = postgresBin();
  const folder = mkdtempSync(path.join(tmpdir(), 'modmarket-faults-pg-'));
  const dataDir = path.join(folder, 'data');
  const root = process.getuid?.() === 0;
  // PostgreSQL refuses to run as root: as in scripts/with-postgres.sh, root runs it as `postgres`.
  if (root) execFileSync('chown', ['postgres:postgres', folder]);
  const asPostgres = (command: string, args: string[]) =>
    root
      ? execFileSync('runuser', ['-u', 'postgres', '--', path.join(bin, command), ...args], { stdio: 'pipe' })
      : execFileSync(path.join(bin, command), args, { stdio: 'pipe' });
  asPostgres('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c max_connections=200`;
  const pgCtlArgs = (args: string[]) => [
    '-D',
    dataDir,
    '-l',
    path.join(folder, 'server.log'),
    '-w',
    '-t',
    '60',
    ...args,
  ];
  asPostgres('pg_ctl', pgCtlArgs(['-o', options, 'start']));
  // While the experiments run, without blocking the load's requests and timings.
  const pgCtl = async (...args: string[]) => {
    const command = path.join(bin, 'pg_ctl');
    if (root) await run('runuser', ['-u', 'postgres', '--', command, ...pgCtlArgs(args)]);
    else await run(command, pgCtlArgs(args));
  };

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url('postgres'), connectionTimeoutMillis: 10_000 });
      await client.connect();
      try {
        await client.query(`create database ${name}`);
      } finally {
        await client.end();
      }
    },
    async restart(mode) {
      await pgCtl('-m', mode, '-o', options, 'restart');
    },
    async stop(mode) {
      await pgCtl('-m', mode, 'stop');
    },
    async start() {
      await pgCtl('-o', options, 'start');
    },
    destroy() {
      try {
        asPostgres('pg_ctl', pgCtlArgs(['-m', 'immediate', 'stop']));
      } catch {
        // Already stopped.
      }
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
