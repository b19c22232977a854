/**
 * The built app (`dist/server/index.js`) in a process of its own, configured as production would be,
 * with the statement recorder (recorder.mjs) loaded before it.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, openSync, closeSync, readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ROOT } from './paths';

/** A statement as the recorder saw it: text, parameters as the driver sent them, time it took. */
export interface RecordedStatement {
  text: string;
  values: (string | null | { bytes: string })[];
  rowMode?: 'array';
  /** The statement's name when the app sent it named (prepared once per connection, planned once). */
  name?: string;
  ms: number | null;
}

export interface Recorded {
  url: string;
  status: number;
  /** The request's time in the app, from its arrival to the end of the response. */
  ms: number;
  statements: RecordedStatement[];
}

type Message = (Recorded & { type: 'bench-recorded'; id: string }) | { type: 'bench-idle'; id: string };

export interface RunningApp {
  url: string;
  /** Makes one request with the recorder on; resolves with the SQL it ran and the response body. */
  record(pathAndQuery: string, headers?: Record<string, string>): Promise<Recorded & { body: string }>;
  /** Resolves once no request is in the app any more (a stopped load's last ones are answered). */
  idle(): Promise<void>;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  if (!address || typeof address !== 'object') throw new Error('no free port');
  return address.port;
}

function tail(file: string, lines = 30): string {
  try {
    return readFileSync(file, 'utf8').split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export async function startApp(options: {
  dataDir: string;
  databaseUrl?: string;
  logFile: string;
  /** Extra Node options for the app's process. */
  nodeOptions?: string[];
}): Promise<RunningApp> {
  const entry = path.join(ROOT, 'dist/server/index.js');
  if (!existsSync(entry)) throw new Error('dist/server/index.js is missing: run `npm run build` first');
  const port = await freePort();
  const log = openSync(options.logFile, 'a');
  const child: ChildProcess = fork(entry, [], {
    cwd: ROOT,
    execArgv: [
      ...(options.nodeOptions ?? []),
      '--import',
      pathToFileURL(path.join(ROOT, 'scripts/bench/recorder.mjs')).href,
    ],
    // Only what the app needs: nothing from the caller's shell (a DATABASE_URL, Stripe keys) leaks in.
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME,
      NODE_ENV: 'production',
      // Production's safety checks want a public address and a mail server; the benchmark sends no mail.
      PUBLIC_URL: 'http://localhost',
      ALLOW_HTTP: 'true',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      SECRETS_KEY: 'be0c'.repeat(16),
      HOST: '127.0.0.1',
      PORT: String(port),
      DATA_DIR: options.dataDir,
      SEED_DEMO: 'false',
      // As production logs: a line a request, the cost of which belongs in the figures.
      LOG_LEVEL: 'info',
      ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
      // Production's number of processes unless the run asks for another (BENCH_WEB_CONCURRENCY).
      ...(process.env.BENCH_WEB_CONCURRENCY ? { WEB_CONCURRENCY: process.env.BENCH_WEB_CONCURRENCY } : {}),
    },
    stdio: ['ignore', log, log, 'ipc'],
  });
  closeSync(log);
  let exited: { code: number | null; signal: NodeJS.Signals | null } | null = null;
  const exit = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exited = { code, signal };
      resolve();
    }),
  );
  const waiting = new Map<string, (message: Message) => void>();
  child.on('message', (message: Message) => {
    if (message?.type !== 'bench-recorded' && message?.type !== 'bench-idle') return;
    waiting.get(message.id)?.(message);
    waiting.delete(message.id);
  });
  const reply = (id: string, what: string, timeoutMs: number) =>
    new Promise<Message>((resolve, reject) => {
      const timer = setTimeout(() => {
        waiting.delete(id);
        reject(new Error(`the app did not answer in time: ${what}`));
      }, timeoutMs);
      waiting.set(id, (message) => {
        clearTimeout(timer);
        resolve(message);
      });
    });

  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (exited)
      throw new Error(
        `The app exited during start-up (${JSON.stringify(exited)}):\n${tail(options.logFile)}`,
      );
    try {
      const response = await fetch(`${url}/api/health`);
      await response.arrayBuffer();
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`The app did not answer /api/health in time:\n${tail(options.logFile)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }

  return {
    url,
    async record(pathAndQuery, headers = {}) {
      const id = randomUUID();
      const recorded = reply(id, `the statements of ${pathAndQuery}`, 60_000);
      recorded.catch(() => undefined); // Awaited below, unless the request itself fails first.
      const response = await fetch(`${url}${pathAndQuery}`, {
        headers: { ...headers, 'x-bench-record': id },
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${pathAndQuery} answered ${response.status}: ${body.slice(0, 300)}`);
      const {
        type: _type,
        id: _id,
        ...message
      } = (await recorded) as Recorded & { type: string; id: string };
      return { ...message, body };
    },
    async idle() {
      const id = randomUUID();
      const answered = reply(id, 'waiting for requests in flight', 300_000);
      child.send({ type: 'bench-wait-idle', id });
      await answered;
    },
    async stop() {
      if (exited) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 30_000);
      await exit;
      clearTimeout(timer);
    },
  };
}
