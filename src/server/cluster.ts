import cluster, { type Worker } from 'node:cluster';
import type { Logger } from 'pino';
import type { Env } from './env';
import { prepareDatabase } from './start-server';

/** A process that dies this often within the window is not restarted again: the whole server stops. */
const MAX_RESTARTS = 5;
const RESTART_WINDOW_MS = 60_000;
const RESTART_DELAY_MS = 1_000;
/** After a stop signal, processes get this long to finish their requests and jobs (each has its own 10 s). */
const STOP_GRACE_MS = 12_000;

/**
 * The primary of a cluster of `env.processes` server processes (node:cluster) sharing one port: it
 * prepares the database once (migrations, a first start's seed), forks the processes, starts a new one
 * in place of one that dies, and on SIGINT or SIGTERM stops them all and exits once they have.
 *
 * The processes share nothing in memory: sessions, rate limits, jobs and realtime events go through
 * PostgreSQL, as they do between instances on several machines (docs/operations.md).
 */
export async function runPrimary(env: Env, logger: Logger): Promise<void> {
  await prepareDatabase(env, logger);
  let stopping = false;
  const deaths: number[] = [];

  const fork = () => cluster.fork();
  cluster.on('exit', (worker: Worker, code, signal) => {
    if (stopping) return;
    const now = Date.now();
    deaths.push(now);
    while (deaths.length && deaths[0]! < now - RESTART_WINDOW_MS) deaths.shift();
    logger.error({ pid: worker.process.pid, code, signal }, 'a server process ended: starting another');
    if (deaths.length > MAX_RESTARTS) {
      logger.error(`${deaths.length} server processes ended within a minute: stopping`);
      stop(1);
      return;
    }
    setTimeout(() => {
      if (!stopping) fork();
    }, RESTART_DELAY_MS).unref();
  });

  function stop(exitCode: number) {
    if (stopping) return;
    stopping = true;
    const workers = Object.values(cluster.workers ?? {}).filter((worker) => worker !== undefined);
    setTimeout(() => {
      logger.error('server processes took too long to stop: exiting');
      for (const worker of workers) worker.process.kill('SIGKILL');
      process.exit(1);
    }, STOP_GRACE_MS).unref();
    let left = workers.length;
    if (!left) process.exit(exitCode);
    for (const worker of workers) {
      worker.once('exit', () => {
        left -= 1;
        if (!left) process.exit(exitCode);
      });
      worker.process.kill('SIGTERM');
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const)
    process.on(signal, () => {
      logger.info({ signal, processes: env.processes }, 'shutting down');
      stop(0);
    });

  logger.info({ processes: env.processes }, 'starting the server processes');
  for (let i = 0; i < env.processes; i++) fork();
}
