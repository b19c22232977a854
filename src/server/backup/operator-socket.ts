import { chmod, rm } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import type { Logger } from 'pino';

/**
 * The running app's door for its operator, on this machine only: a Unix socket in DATA_DIR that only the
 * app's own user may open (nothing on the network). Operator commands (`npm run backup`, `npm run admin`)
 * go through it for the embedded database, which no other process may open while the app has it.
 */
export function operatorSocketPath(dataDir: string): string {
  return path.join(dataDir, 'operator.sock');
}

export interface OperatorHandlers {
  /** The whole embedded database (PGlite's gzipped tar of its data folder). */
  dumpDatabase(): Promise<Buffer>;
  /** Grants or revokes the moderation desk; false when no member has the address. */
  setAdmin(email: string, isAdmin: boolean): Promise<boolean>;
}

export async function startOperatorSocket(
  dataDir: string,
  handlers: OperatorHandlers,
  logger: Logger,
): Promise<{ close(): Promise<void> }> {
  const socketPath = operatorSocketPath(dataDir);
  // A socket left by a process that did not stop cleanly.
  await rm(socketPath, { force: true });
  const answer = async (request: http.IncomingMessage): Promise<{ status: number; body: Buffer }> => {
    if (request.method === 'GET' && request.url === '/database') {
      const bytes = await handlers.dumpDatabase();
      logger.info({ bytes: bytes.length }, 'database dumped for a backup');
      return { status: 200, body: bytes };
    }
    if (request.method === 'POST' && request.url === '/admin') {
      const chunks: Buffer[] = [];
      for await (const chunk of request) chunks.push(chunk as Buffer);
      const { email, grant } = JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
        email: string;
        grant: boolean;
      };
      const found = await handlers.setAdmin(email, grant);
      logger.info({ grant, found }, 'moderation desk access changed by the operator');
      return { status: found ? 200 : 404, body: Buffer.alloc(0) };
    }
    return { status: 404, body: Buffer.alloc(0) };
  };
  const server = http.createServer((request, response) => {
    answer(request).then(
      ({ status, body }) => response.writeHead(status, { 'Content-Length': body.length }).end(body),
      (error: unknown) => {
        logger.error({ err: error }, 'operator request failed');
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
 * A request to the app running on `dataDir`, or null when none is running there (no socket, or nobody
 * answering it).
 */
export function askRunningApp(
  dataDir: string,
  method: 'GET' | 'POST',
  requestPath: string,
  body?: unknown,
): Promise<{ status: number; body: Buffer } | null> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const request = http.request(
      {
        socketPath: operatorSocketPath(dataDir),
        path: requestPath,
        method,
        headers: payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {},
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks) }));
        response.on('error', reject);
      },
    );
    request.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT' || error.code === 'ECONNREFUSED') resolve(null);
      else reject(error);
    });
    request.end(payload);
  });
}
