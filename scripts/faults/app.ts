/**
 * The built app (`dist/server/index.js`) in a process of its own, configured as production is (mail over
 * SMTP, a secrets key, no demo data), on a 127.0.0.1 port: started, killed and started again on the same
 * data folder and database by the fault cases.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { closeSync, existsSync, openSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { ROOT } from '../bench/paths';

export interface AppOptions {
  port: number;
  dataDir: string;
  /** Unset: the embedded database in `dataDir`. */
  databaseUrl?: string;
  smtpPort: number;
  /** The address in links and emails (behind nginx, nginx's). */
  publicUrl: string;
  logFile: string;
  /** Behind a proxy: how many proxies append to X-Forwarded-For. */
  trustProxy?: number;
  /** More settings (the orders case: Stripe's, pointed at a stand-in, which production refuses). */
  env?: Record<string, string>;
}

export interface AppProcess {
  readonly port: number;
  readonly pid: number | undefined;
  /** Starts (or starts again, after a kill) and waits until /api/health answers 200. */
  start(timeoutMs?: number): Promise<void>;
  /** Sends a signal; resolves once the process has exited (SIGKILL after `timeoutMs`). */
  kill(signal: NodeJS.Signals, timeoutMs?: number): Promise<{ code: number | null; signal: string | null }>;
  running(): boolean;
}

export function tail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '';
  }
}

export function appProcess(options: AppOptions): AppProcess {
  const entry = path.join(ROOT, 'dist/server/index.js');
  let child: ChildProcess | null = null;
  let exit: Promise<{ code: number | null; signal: string | null }> | null = null;

  async function start(timeoutMs = 300_000): Promise<void> {
    if (!existsSync(entry)) throw new Error('dist/server/index.js is missing: run `npm run build` first');
    if (child && child.exitCode === null && child.signalCode === null)
      throw new Error('the app is already running');
    const log = openSync(options.logFile, 'a');
    const started = spawn(process.execPath, [entry], {
      cwd: ROOT,
      // Only what the app needs: nothing from the caller's shell (a DATABASE_URL, Stripe keys) leaks in.
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(options.port),
        PUBLIC_URL: options.publicUrl,
        ALLOW_HTTP: 'true',
        SECRETS_KEY: 'fa17'.repeat(16),
        SMTP_URL: `smtp://127.0.0.1:${options.smtpPort}`,
        DATA_DIR: options.dataDir,
        SEED_DEMO: 'false',
        LOG_LEVEL: 'warn',
        // The experiments write far faster than a person: the abuse limits would answer 429.
        RATE_LIMIT_SCALE: '1000',
        TRUST_PROXY: String(options.trustProxy ?? 0),
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl, DB_POOL_MAX: '8' } : {}),
        ...options.env,
      },
      stdio: ['ignore', log, log],
    });
    closeSync(log);
    child = started;
    exit = new Promise((resolve) =>
      started.once('exit', (code, signal) => resolve({ code, signal: signal ?? null })),
    );
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`the app on port ${options.port} exited while starting:\n${tail(options.logFile)}`);
      const ok = await fetch(`http://127.0.0.1:${options.port}/api/health`, {
        signal: AbortSignal.timeout(2_000),
      })
        .then(async (response) => {
          await response.arrayBuffer();
          return response.ok;
        })
        .catch(() => false);
      if (ok) return;
      if (Date.now() > deadline) {
        started.kill('SIGKILL');
        throw new Error(`the app on port ${options.port} did not start in time:\n${tail(options.logFile)}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  return {
    port: options.port,
    get pid() {
      return child?.pid;
    },
    start,
    running: () => child !== null && child.exitCode === null && child.signalCode === null,
    async kill(signal, timeoutMs = 30_000) {
      if (!child || !exit) return { code: null, signal: null };
      if (child.exitCode === null && child.signalCode === null) child.kill(signal);
      const timer = setTimeout(() => child?.kill('SIGKILL'), timeoutMs);
      const result = await exit;
      clearTimeout(timer);
      return result;
    },
  };
}
