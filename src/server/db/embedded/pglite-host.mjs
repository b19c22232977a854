// Plain JavaScript on purpose: this module also runs as a worker thread's entry, which Node loads
// without any TypeScript transform, from the source tree and from the build alike.
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/**
 * Opens PGlite and serves it on a Unix socket, so the app talks to it through `pg` exactly as it talks
 * to a PostgreSQL server.
 * `startFrom`, a dump of another database (`dump()`), opens a copy of it instead of an empty one.
 * `sharedBuffers`, PostgreSQL's `shared_buffers` (its default, 128MB, when not given).
 * @param {{ dataDir: string, socketPath: string, startFrom?: Uint8Array, sharedBuffers?: string }} options
 * @returns {Promise<{ close(): Promise<void>, dump(): Promise<Uint8Array> }>}
 */
export async function startPgliteHost(options) {
  const db = await PGlite.create(options.dataDir, {
    extensions: { pg_trgm },
    ...(options.startFrom ? { loadDataDir: new Blob([options.startFrom]) } : {}),
    ...(options.sharedBuffers
      ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${options.sharedBuffers}`] }
      : {}),
  });
  // The app's pool holds one connection (PGlite is one session), but `pg` drops a connection after a
  // failed query and opens a new one at once, before the server has let go of the old: with room for
  // one only, that new connection was refused and the next query failed too.
  const server = new PGLiteSocketServer({ db, path: options.socketPath, maxConnections: 4 });
  await server.start();
  return {
    /**
     * A copy of the whole database as a gzipped tar of its data folder (PGlite's own format), taken
     * between two statements: what a restore opens as it is, committed transactions included.
     */
    async dump() {
      await db.query('checkpoint');
      const archive = await db.dumpDataDir('gzip');
      return new Uint8Array(await archive.arrayBuffer());
    },
    async close() {
      await server.stop();
      await db.close();
    },
  };
}
