// Loaded into the built app by the benchmark (`node --import …/recorder.mjs dist/server/index.js`),
// never by the app itself. It records the SQL that one HTTP request runs, so the benchmark can replay
// exactly that SQL straight through the driver (the "floor" beside each case), whatever the SQL is today.
//
// A request carrying the `x-bench-record: <id>` header runs inside an async context; every statement a
// `pg` client sends within that context is kept with its parameters (as the driver serialises them) and
// how long it took, and sent to the parent process over the IPC channel once the response has gone out.
// Requests without the header take the plain path: a header look-up and an in-flight count. In a
// cluster (WEB_CONCURRENCY), each process records its own requests and the primary relays.
//
// Plain JavaScript on purpose: Node loads it before the bundle, without any TypeScript transform.
import { AsyncLocalStorage, AsyncResource } from 'node:async_hooks';
import cluster from 'node:cluster';
import http from 'node:http';
import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';

const HEADER = 'x-bench-record';
/** Statements a request starts without awaiting them still get this long after the response. */
const SETTLE_MS = 100;

/** @type {AsyncLocalStorage<{ statements: object[] }>} */
const recording = new AsyncLocalStorage();

// A pool hands a client to a waiting caller from whichever caller released it last: bind the callback
// to the waiting caller's context, or its statements would be counted against the wrong request.
// Only within a recorded request: binding costs a few microseconds, too much for every request.
const connect = pg.Pool.prototype.connect;
pg.Pool.prototype.connect = function (callback) {
  if (typeof callback !== 'function' || !recording.getStore()) return connect.call(this, callback);
  return connect.call(this, AsyncResource.bind(callback));
};

const query = pg.Client.prototype.query;
pg.Client.prototype.query = function (config, values) {
  const store = recording.getStore();
  // Skip what is not a plain statement (a cursor or stream object submits itself).
  if (!store || !config || typeof config.submit === 'function') return query.apply(this, arguments);
  const text = typeof config === 'string' ? config : config.text;
  const params = Array.isArray(values) ? values : Array.isArray(config.values) ? config.values : [];
  const entry = {
    text,
    values: params.map((value) => serialise(pgUtils.prepareValue(value))),
    rowMode: typeof config === 'object' && config.rowMode === 'array' ? 'array' : undefined,
    name: typeof config === 'object' && typeof config.name === 'string' ? config.name : undefined,
    ms: null,
  };
  store.statements.push(entry);
  const started = performance.now();
  const done = () => {
    entry.ms = performance.now() - started;
  };
  const args = [...arguments];
  const last = args.findIndex((arg) => typeof arg === 'function');
  if (last >= 0) {
    const original = args[last];
    args[last] = function (...results) {
      done();
      return original.apply(this, results);
    };
  }
  const result = query.apply(this, args);
  if (result && typeof result.then === 'function') result.then(done, done);
  return result;
};

/** A parameter as JSON can carry it: text and null as they are, bytes tagged. */
function serialise(value) {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value)) return { bytes: value.toString('base64') };
  return String(value);
}

// Requests still being answered. A load generator that stops leaves its last requests running in the
// app (a slow search keeps the embedded database busy for seconds): the benchmark waits for them.
let inFlight = 0;
/** @type {string[]} */
let idleWaiters = [];
function settled() {
  inFlight--;
  if (inFlight > 0 || idleWaiters.length === 0) return;
  for (const id of idleWaiters) process.send?.({ type: 'bench-idle', id });
  idleWaiters = [];
}
process.on('message', (message) => {
  if (message?.type !== 'bench-wait-idle') return;
  const workers = Object.values(cluster.workers ?? {});
  if (cluster.isPrimary && workers.length) {
    // A cluster's primary answers no request: its processes are idle once each of them says so.
    let left = workers.length;
    for (const worker of workers) {
      const onIdle = (reply) => {
        if (reply?.type !== 'bench-idle' || reply.id !== message.id) return;
        worker.off('message', onIdle);
        left -= 1;
        if (!left) process.send?.({ type: 'bench-idle', id: message.id });
      };
      worker.on('message', onIdle);
      worker.send(message);
    }
    return;
  }
  if (inFlight === 0) process.send?.({ type: 'bench-idle', id: message.id });
  else idleWaiters.push(message.id);
});
// A cluster's processes record their requests; the primary passes what they recorded on.
if (cluster.isPrimary)
  cluster.on('message', (_worker, message) => {
    if (message?.type === 'bench-recorded') process.send?.(message);
  });
// The IPC channel must not keep the app alive when it shuts down.
process.channel?.unref();

const emit = http.Server.prototype.emit;
http.Server.prototype.emit = function (event, request, response) {
  if (event !== 'request' || !process.send) return emit.apply(this, arguments);
  inFlight++;
  response.once('close', settled);
  const id = request.headers[HEADER];
  if (typeof id !== 'string') return emit.apply(this, arguments);
  const store = { statements: [] };
  const started = performance.now();
  response.once('close', () => {
    const ms = performance.now() - started;
    setTimeout(() => {
      process.send?.({
        type: 'bench-recorded',
        id,
        url: request.url,
        status: response.statusCode,
        ms,
        statements: store.statements,
      });
    }, SETTLE_MS);
  });
  return recording.run(store, () => emit.apply(this, arguments));
};
