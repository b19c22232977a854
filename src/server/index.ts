import cluster from 'node:cluster';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import v8 from 'node:v8';
import type { Logger } from 'pino';
import { ConfigError, loadEnv, type Env } from './env';
import { createLogger } from './logger';
import { runPrimary } from './cluster';
import { startServer } from './start-server';

// V8 optimises a function once it has run a budget of bytecode. With Node 20's default budget a fresh
// process took 8-10 s of full load to reach its steady rate, serving the first seconds after each
// start or deploy at half speed; an eighth of it (8 KB) served browse's first 2 s 25-60% faster and
// as fast after (docs/benchmarks.md). Set before any request's code has run; a V8 that did not know
// the flag would say so on stderr and go on.
v8.setFlagsFromString('--interrupt-budget=8192');

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
