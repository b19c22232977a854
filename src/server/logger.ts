import pino, { type DestinationStream, type Logger } from 'pino';

interface ErrorLike {
  name?: unknown;
  message?: unknown;
  code?: unknown;
  severity?: unknown;
  constraint?: unknown;
  query?: unknown;
  params?: unknown;
  cause?: unknown;
  stack?: unknown;
}

/**
 * One link of an error's chain in words the log may keep. A failed query (Drizzle) says only that: its
 * text carries the SQL and every value it was given (a member's message, a name, a token's hash). A
 * database error keeps its SQLSTATE, its message and the constraint it names, and drops its detail
 * ("Key (email)=(…) already exists") and its context; a data exception (class 22, such as "invalid
 * input syntax for type uuid: …") quotes the value it refused, so only its code is kept.
 */
function describeOne(error: ErrorLike): string {
  if ('query' in error && 'params' in error) return 'query failed';
  const message = typeof error.message === 'string' ? error.message : String(error.message);
  if (typeof error.code === 'string' && typeof error.severity === 'string') {
    const text = error.code.startsWith('22') ? 'data exception' : message;
    const constraint = typeof error.constraint === 'string' ? ` (constraint ${error.constraint})` : '';
    return `database error ${error.code}: ${text}${constraint}`;
  }
  const name = typeof error.name === 'string' ? error.name : 'Error';
  return `${name}: ${message}`;
}

/** An error and its causes, as one line without the values of any query (see `describeOne`). */
export function describeError(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 5; depth++) {
    if (typeof current !== 'object') {
      parts.push(String(current));
      break;
    }
    parts.push(describeOne(current as ErrorLike));
    current = (current as ErrorLike).cause;
  }
  return parts.join(' <- ');
}

/**
 * How an error is written to the log (under `err` or `error`): its type, its code, its message as
 * `describeError` gives it, and the stack's frames (the stack's first line repeats the raw message).
 */
function serializeError(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  const error = value as ErrorLike;
  const type = (value as { constructor?: { name?: string } }).constructor?.name ?? 'Error';
  const message = describeError(value);
  const frames =
    typeof error.stack === 'string'
      ? error.stack
          .split('\n')
          .filter((line) => /^\s+at /.test(line))
          .join('\n')
      : '';
  return {
    type,
    message,
    ...(typeof error.code === 'string' || typeof error.code === 'number' ? { code: error.code } : {}),
    ...(frames ? { stack: `${type}: ${message}\n${frames}` } : {}),
  };
}

/** Fields a log line never shows, at its top or one level down (`{ body: { password } }`). */
const SECRET_FIELDS = new Set(['password', 'token', 'authorization', 'cookie']);
const REDACTED = '[redacted]';

/**
 * A log line's fields with every secret one written as `[redacted]`; the same object when there is
 * none, which is every line but a mistake's. Pino's own redaction (paths with `*`) copied each line
 * whole to look: 10 KB of garbage and 3 µs a request line (issue 37's profile).
 */
export function withoutSecrets(fields: Record<string, unknown>): Record<string, unknown> {
  let copy: Record<string, unknown> | undefined;
  for (const key in fields) {
    const value = fields[key];
    let shown = value;
    if (SECRET_FIELDS.has(key)) shown = REDACTED;
    else if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
      let inner: Record<string, unknown> | undefined;
      for (const field in value)
        if (SECRET_FIELDS.has(field)) (inner ??= { ...(value as Record<string, unknown>) })[field] = REDACTED;
      if (inner) shown = inner;
    }
    if (shown !== value) (copy ??= { ...fields })[key] = shown;
  }
  return copy ?? fields;
}

/** How often lines waiting in the log's buffer are written out when fewer than 2 KB are waiting. */
export const LOG_FLUSH_MS = 1000;
/** The most the log writes at once: a write to a pipe this size is atomic (PIPE_BUF). */
const LOG_BATCH_BYTES = 4096;

/**
 * Standard output as the log writes it: lines together, each batch in one system call on the calling
 * thread. A line a request written on its own cost the request a system call (about a tenth of health's
 * CPU at the `info` level, issue 37's profile); lines now wait until 2 KB are waiting or a second has
 * passed, and go out in writes of at most 4 KB, which two processes sharing one pipe (the cluster's
 * workers) cannot interleave. The write is synchronous, as Node's own `process.stdout` is to a pipe or
 * a file on Linux: handing 2 KB to libuv's thread pool instead cost 35-45 µs of CPU a write, against 4-7
 * µs for the call itself. What is waiting is written at exit and by `logger.flush()`.
 */
export function logDestination(fd = 1): DestinationStream {
  const destination = pino.destination({
    dest: fd,
    sync: true,
    minLength: LOG_BATCH_BYTES / 2,
    maxWrite: LOG_BATCH_BYTES,
    periodicFlush: LOG_FLUSH_MS,
  });
  // Pino writes a destination's waiting lines at exit only when it is asynchronous: this one's are
  // written here, on any exit but SIGKILL (the "shutting down" line of a stop, an error's last words).
  const atExit = () => {
    try {
      destination.flushSync();
    } catch {
      // Standard output is gone (a closed pipe): there is nowhere left to write them.
    }
  };
  process.once('exit', atExit);
  destination.once('close', () => process.removeListener('exit', atExit));
  return destination;
}

/**
 * JSON lines (to stdout unless `destination` is given, see `logDestination`); fields that could carry
 * secrets are redacted, and errors are written without the values of the queries that failed.
 */
export function createLogger(level: string, destination?: DestinationStream): Logger {
  const options = {
    level,
    base: undefined,
    serializers: { err: serializeError, error: serializeError },
    // A child logger's own fields are not looked at (pino formats a child's bindings as given): the one
    // child, the request's, binds its id alone, a UUID or a checked `x-request-id`.
    formatters: { log: withoutSecrets },
  };
  return pino(options, destination ?? logDestination());
}
