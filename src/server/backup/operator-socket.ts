import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The running app's door for its operator, on this machine only: a Unix socket in DATA_DIR that only the
 * app's own user may open (nothing on the network). `npm run backup` asks it for the embedded
 * database, which no other process may open while the app has it.
 */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'operator.sock');
}

export async function startOperatorSocket(
  dataDir: string,
  dumpDatabase: () => Promise<Buffer>,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = operatorSocketPath(dataDir);
  // A socket left by a process that did not stop cleanly.
  await rm(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || request.url !== '/database') {
      response.writeHead(404).end();
      return;
    }
    dumpDatabase().then(
      (bytes) => {
        logger.info({ bytes: bytes.length }, 'database dumped for a backup');
        response.writeHead(200, { 'Content-Type': 'application/gzip', 'Content-Length': bytes.length });
        response.end(bytes);
      },
      (error: unknown) => {
        logger.error({ err: error }, 'database dump for a backup failed');
        response.writeHead(500).end();
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socketPath, resolve);
  });
  await chmod(socketPath, 0o600);
  return {
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(socketPath, { force: true });
    },
  };
}

/**
 * The embedded database from the app running on `dataDir`, or null when none is running there (no
 * socket, or nobody answering it).
 */
export function dumpFromRunningApp(dataDir: string): Promise<Buffer | null> {
  return new Promise((resolve, reject) => {
    const request = http.get({ socketPath: operatorSocketPath(dataDir), path: '/database' }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => {
        if (response.statusCode === 200) resolve(Buffer.concat(chunks));
        else reject(new Error(`the running app could not dump its database (status ${response.statusCode})`));
      });
      response.on('error', reject);
    });
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
  });
}
