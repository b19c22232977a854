import { mkdtemp, mkdir, rm } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { startPgliteHost, type PgliteHost } from './pglite-host.mjs';

export interface EmbeddedServer {
  /** Folder holding the socket, for `pg`'s `host` option (it appends `.s.PGSQL.5432`). */
  socketDir: string;
  /** The whole database as PGlite's gzipped tar of its data folder (a backup), while it serves. */
  dump(): Promise<Buffer>;
  stop(): Promise<void>;
}

/**
 * Starts embedded PostgreSQL (PGlite) for `dataDir` (`memory://` for a throwaway one). By default it runs
 * in a worker thread; `inThread` keeps it on this thread (tests that want a quick throwaway database).
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  inThread?: boolean;
  /** In a throwaway one on this thread: a dump to start from (tests copy one migrated database). */
  startFrom?: Uint8Array;
  /** On this thread: PostgreSQL's `shared_buffers` (128MB when not given). */
  sharedBuffers?: string;
  /** How long `stop` waits for the worker to close the database (write it out) before ending it. */
  closeTimeoutMs?: number;
}): Promise<EmbeddedServer> {
  if (options.dataDir !== 'memory://') await mkdir(options.dataDir, { recursive: true });
  // A private folder: the socket has no password, so only this user may reach it.
  const socketDir = await mkdtemp(path.join(tmpdir(), 'modmarket-db-'));
  const socketPath = path.join(socketDir, '.s.PGSQL.5432');

  if (options.inThread) {
    const host: PgliteHost = await startPgliteHost({
      dataDir: options.dataDir,
      socketPath,
      startFrom: options.startFrom,
      sharedBuffers: options.sharedBuffers,
    });
    return {
      socketDir,
      dump: async () => Buffer.from(await host.dump()),
      async stop() {
        await host.close();
        await rm(socketDir, { recursive: true, force: true });
      },
    };
  }

  const worker = new Worker(workerEntry(), { workerData: { dataDir: options.dataDir, socketPath } });
  await new Promise<void>((resolve, reject) => {
    worker.once('error', reject);
    worker.once('message', (message: { type: string; error?: string }) => {
      if (message.type === 'ready') resolve();
      else reject(new Error(`Embedded database failed to start: ${message.error ?? message.type}`));
    });
  });

  /** Dumps asked for and not yet answered, in order (the worker answers them in order). */
  const dumps: { resolve(bytes: Buffer): void; reject(error: Error): void }[] = [];
  let closed: (() => void) | null = null;
  worker.on('message', (message: { type: string; bytes?: Uint8Array; error?: string }) => {
    if (message.type === 'closed') closed?.();
    if (message.type !== 'dumped') return;
    const waiting = dumps.shift();
    if (message.bytes) waiting?.resolve(Buffer.from(message.bytes));
    else waiting?.reject(new Error(`The embedded database could not be dumped: ${message.error}`));
  });

  return {
    socketDir,
    dump() {
      return new Promise<Buffer>((resolve, reject) => {
        dumps.push({ resolve, reject });
        worker.postMessage('dump');
      });
    },
    async stop() {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, options.closeTimeoutMs ?? 10_000);
        closed = () => {
          clearTimeout(timer);
          resolve();
        };
        worker.postMessage('close');
      });
      await worker.terminate();
      await rm(socketDir, { recursive: true, force: true });
    },
  };
}

/** The worker's file: bundled `pglite-worker.js` beside the server in the build, else the source. */
function workerEntry(): URL {
  const bundled = new URL('./pglite-worker.js', import.meta.url);
  if (existsSync(fileURLToPath(bundled))) return bundled;
  return new URL('./pglite-worker.mjs', import.meta.url);
}
