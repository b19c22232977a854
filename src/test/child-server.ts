import { spawn, type ChildProcess } from 'node:child_process';
import { rm } from 'node:fs/promises';
import { createInterface } from 'node:readline';
import { migratedServerDatabase, migratedDataDir, postgresServerUrl } from './test-database';

export interface ChildServer {
  child: ChildProcess;
  port: number;
  /** Resolves with the exit code; the data folder is removed by then. */
  exited: Promise<number | null>;
  /** Every line the server has logged so far (JSON, one per line). */
  output: string[];
}

/**
 * The server as `npm start` runs it (from source), in a child process on a free port, with its own data
 * folder (its database already migrated, as after an earlier start). On PostgreSQL (TEST_DATABASE_URL),
 * unless `env` names a database, the server's database is a new one there, a copy of the migrated
 * template, dropped once the server has exited.
 */
export async function startChildServer(env: Record<string, string> = {}): Promise<ChildServer> {
  const dataDir = await migratedDataDir('modmarket-child-');
  const database =
    postgresServerUrl() && !env.DATABASE_URL ? await migratedServerDatabase('modmarket_child') : null;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/index.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: 'false',
      LOG_LEVEL: 'info',
      ...(database ? { DATABASE_URL: database.url } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      void Promise.all([rm(dataDir, { recursive: true, force: true }), database?.drop()]).then(() =>
        resolve(code),
      );
    }),
  );
  const output: string[] = [];
  const port = await new Promise<number>((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (line) => {
      output.push(line);
      const match = /"url":"http:\/\/localhost:(\d+)"/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error('the server stopped before listening')));
  });
  return { child, port, exited, output };
}
