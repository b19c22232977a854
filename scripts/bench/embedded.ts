/**
 * The embedded database served by the benchmark itself, while the app is stopped: the build's own
 * PGlite worker (PGlite in a worker thread, on a Unix socket), as the app starts it.
 *
 * Why not beside the running app: the socket server multiplexes its connections onto PGlite's one
 * session message by message, so a second connection's statement can land between the Parse and the
 * Bind of the app's (both use the unnamed prepared statement) and break it. The data is therefore
 * generated, and the floor measured, while the app is down, through one connection as the app uses.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { ROOT } from './paths';

export interface EmbeddedHost {
  /** For `pg`'s `host` option. */
  socketDir: string;
  stop(): Promise<void>;
}

export async function startEmbeddedHost(dataDir: string): Promise<EmbeddedHost> {
  const socketDir = await mkdtemp(path.join(tmpdir(), 'modmarket-bench-db-'));
  const worker = new Worker(path.join(ROOT, 'dist/server/pglite-worker.js'), {
    workerData: { dataDir, socketPath: path.join(socketDir, '.s.PGSQL.5432') },
  });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { type: string; error?: string }) => {
      if (message.type === 'ready') resolve();
      else reject(new Error(`The embedded database did not start: ${message.error ?? message.type}`));
    });
  });
  return {
    socketDir,
    async stop() {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, 60_000);
        worker.once('message', () => {
          clearTimeout(timer);
          resolve();
        });
        worker.postMessage('close');
      });
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}
