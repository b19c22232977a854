import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Logger } from 'pino';
import { ConfigError, loadEnv, type Env } from './env';
import { createLogger } from './logger';
import { runPrimary } from './cluster';
import { startServer } from './start-server';

let env: Env;
try {
  env = loadEnv();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const logger = createLogger(env.LOG_LEVEL);
if (env.processes > 1 && cluster.isPrimary) await runPrimary(env, logger);
else await serve(env, logger);

/** One server process: alone, or one of a cluster's (whose primary prepared the database). */
async function serve(env: Env, logger: Logger) {
  // The build puts the client next to the server (dist/client beside dist/server); from source, Vite serves it.
  const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../client');
  const server = await startServer(env, logger, {
    ...(existsSync(path.join(clientDir, 'index.html')) ? { clientDir } : {}),
    prepared: cluster.isWorker,
  });

  let stopping = false;
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.on(signal, () => {
      if (stopping) return;
      stopping = true;
      logger.info({ signal }, 'shutting down');
      // Whatever still hangs after 10 seconds does not keep the process: orchestrators kill it soon after.
      setTimeout(() => {
        logger.error('shutdown took longer than 10 seconds: exiting');
        process.exit(1);
      }, 10_000).unref();
      server.stop().then(
        () => process.exit(0),
        (error: unknown) => {
          logger.error({ err: error }, 'shutdown failed');
          process.exit(1);
        },
      );
    });
  }
}
