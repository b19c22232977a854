import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';

/** A body still unread when the answer goes out is read and dropped up to this size, else the connection closes. */
const DRAIN_LIMIT_BYTES = 1024 * 1024;
/** How long dropping the rest of a body may take before the connection is closed. */
const DRAIN_TIMEOUT_MS = 5_000;

/**
 * The Node HTTP server for the app. An answer sent before its request's body was read (401, 413,
 * 415, 429, ...) would otherwise leave the rest of the body on a keep-alive connection, where it
 * is taken for the start of the next request. Here a small rest is read and dropped, so the
 * connection carries on; a big or endless one gets `Connection: close`, as does every answer once
 * the server is shutting down.
 */
export function createHttpServer(
  fetch: (request: Request, env: object) => Response | Promise<Response>,
  timeouts: Partial<HttpTimeouts> = {},
): Server {
  const { headersTimeoutMs, requestTimeoutMs, keepAliveTimeoutMs } = { ...HTTP_TIMEOUTS, ...timeouts };
  // Our own clean-up below replaces the adapter's, which may close a connection it already kept alive.
  const listener = getRequestListener(fetch, { autoCleanupIncoming: false });
  const server = createServer(
    {
      // Slow or idle clients cannot hold connections for ever. Node checks the first two only every
      // `connectionsCheckingInterval` (30 s by default, which let a slow client keep a connection for
      // up to 50 s against a 20 s limit): checked often enough here that a limit holds within 5 %.
      headersTimeout: headersTimeoutMs,
      requestTimeout: requestTimeoutMs,
      connectionsCheckingInterval: checkingInterval(headersTimeoutMs),
      keepAliveTimeout: keepAliveTimeoutMs,
    },
    (req, res) => {
      guardConnection(server, req, res);
      void listener(req, res);
    },
  );
  return server;
}

export interface HttpTimeouts {
  /** From a request's first byte to the end of its headers. */
  headersTimeoutMs: number;
  /** From a request's first byte to the end of its body. */
  requestTimeoutMs: number;
  /** How long a keep-alive connection may wait, idle, for its next request. */
  keepAliveTimeoutMs: number;
}

/** What `docs/operations.md` promises: 20 s to send headers, 120 s for a whole request, 5 s idle. */
export const HTTP_TIMEOUTS: HttpTimeouts = {
  headersTimeoutMs: 20_000,
  requestTimeoutMs: 120_000,
  keepAliveTimeoutMs: 5_000,
};

/** How often Node looks for connections past their limits: a twentieth of the header limit, 100 ms to 1 s. */
export function checkingInterval(headersTimeoutMs: number): number {
  return Math.min(1_000, Math.max(100, Math.round(headersTimeoutMs / 20)));
}

/**
 * Decides, as the answer's head goes out, whether the connection may carry another request: not
 * when the server is shutting down, nor when a big part of the body is still unread.
 */
function guardConnection(server: Server, req: IncomingMessage, res: ServerResponse) {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse;
  res.writeHead = ((...args: unknown[]) => {
    if (!server.listening || (!req.complete && !drainable(req))) res.setHeader('Connection', 'close');
    return writeHead(...args);
  }) as typeof res.writeHead;
  res.once('finish', () => {
    if (req.complete || req.destroyed) return;
    if (!res.shouldKeepAlive) {
      req.destroy();
      return;
    }
    drain(req);
  });
}

/** Whether what is left of the body is small enough to read and drop. */
function drainable(req: IncomingMessage): boolean {
  const length = Number(req.headers['content-length']);
  return Number.isFinite(length) && length <= DRAIN_LIMIT_BYTES;
}

/** Reads the rest of the body into nothing, so the next request on the connection starts clean. */
function drain(req: IncomingMessage) {
  let bytes = 0;
  const stop = () => {
    clearTimeout(timer);
    req.socket.destroy();
  };
  const timer = setTimeout(stop, DRAIN_TIMEOUT_MS);
  timer.unref();
  // Whoever started reading the body (and stopped) no longer gets it.
  req.removeAllListeners('data');
  req.unpipe();
  req.on('data', (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > DRAIN_LIMIT_BYTES) stop();
  });
  req.once('end', () => clearTimeout(timer));
  req.resume();
}
