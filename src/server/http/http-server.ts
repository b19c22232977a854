import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
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
  const connections = trackConnections();
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
      // A request that crossed the server's goodbye on an idle connection: it was never taken.
      if (connections.closing.has(req.socket)) {
        req.socket.destroy();
        return;
      }
      connections.started(req, res);
      guardConnection(server, req, res);
      void listener(req, res);
    },
  );
  server.on('connection', connections.opened);
  // Node's own version (which `server.close()` calls too) destroys every connection its parser holds no
  // request on, including one whose next request is already in the kernel's buffer, unread: the client
  // gets a reset in the middle of sending it. This one closes only connections that stayed quiet.
  server.closeIdleConnections = connections.closeQuiet;
  return server;
}

/** How long a connection must stay quiet, through at least one turn of reading, to count as idle. */
const QUIET_MS = 50;
/** How long a connection told goodbye may take to say it back before it is cut. */
const GOODBYE_MS = 2_000;

interface ConnectionState {
  /** Requests taken and not yet answered in full. */
  busy: number;
  /** `bytesRead` when it last became idle: more since means a request is on its way. */
  quietAt: number;
}

/**
 * Which connections are truly idle: none of their requests unanswered, and not a byte read since the
 * last was. Idle ones are closed gently: FIN first (the client sees the connection end cleanly, and
 * makes its next request on a new one), then the socket once the client has closed its side.
 */
function trackConnections() {
  const states = new Map<Socket, ConnectionState>();
  const closing = new WeakSet<Socket>();
  const considering = new Set<Socket>();
  const idle = (socket: Socket, state: ConnectionState) =>
    state.busy === 0 && socket.bytesRead === state.quietAt && !socket.destroyed && !closing.has(socket);

  const goodbye = (socket: Socket) => {
    closing.add(socket);
    socket.end();
    const cut = setTimeout(() => socket.destroy(), GOODBYE_MS);
    cut.unref();
    socket.once('close', () => clearTimeout(cut));
  };

  return {
    closing,
    opened(socket: Socket) {
      states.set(socket, { busy: 0, quietAt: socket.bytesRead });
      socket.once('close', () => states.delete(socket));
    },
    started(req: IncomingMessage, res: ServerResponse) {
      const state = states.get(req.socket);
      if (!state) return;
      state.busy++;
      res.once('close', () => {
        state.busy--;
        // What is left of the body (being read and dropped) is this request's, not a new one.
        if (req.complete || req.destroyed) state.quietAt = req.socket.bytesRead;
        else req.once('end', () => (state.quietAt = req.socket.bytesRead));
      });
    },
    /**
     * Closes, gently, the connections idle now and still idle, with nothing more read, a moment later:
     * by then whatever a client had already sent has been read, and its request is answered instead.
     */
    closeQuiet() {
      const candidates = [...states].filter(
        ([socket, state]) => !considering.has(socket) && idle(socket, state),
      );
      if (!candidates.length) return;
      for (const [socket] of candidates) considering.add(socket);
      const marks = candidates.map(([socket, state]) => [socket, state, socket.bytesRead] as const);
      setTimeout(() => {
        for (const [socket, state, bytes] of marks) {
          considering.delete(socket);
          if (idle(socket, state) && socket.bytesRead === bytes) goodbye(socket);
        }
      }, QUIET_MS).unref();
    },
  };
}

/**
 * Stops the server: no new connections; requests in flight are answered (with `Connection: close`),
 * idle keep-alive connections are closed once truly idle, and after `graceMs` whatever is left is cut.
 * Resolves once every connection has closed.
 */
export function stopHttpServer(server: Server, graceMs: number): Promise<void> {
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  // Connections busy now become idle once answered (unless Connection: close ends them first).
  const idle = setInterval(() => server.closeIdleConnections(), 100);
  const cut = setTimeout(() => server.closeAllConnections(), graceMs);
  return closed.finally(() => {
    clearInterval(idle);
    clearTimeout(cut);
  });
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
