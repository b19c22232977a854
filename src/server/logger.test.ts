import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createLogger, logDestination, LOG_FLUSH_MS, withoutSecrets } from './logger';

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

let dir: string | undefined;
afterEach(async () => {
  vi.restoreAllMocks();
  if (dir) await rm(dir, { recursive: true, force: true });
});

/** A log writing into a new file, and that file's lines. */
async function fileLog() {
  dir = await mkdtemp(path.join(tmpdir(), 'modmarket-log-'));
  const file = path.join(dir, 'out.log');
  const destination = logDestination(fs.openSync(file, 'a')) as ReturnType<typeof logDestination> & {
    end(): void;
  };
  return {
    logger: createLogger('info', destination),
    lines: async () => (await readFile(file, 'utf8')).split('\n').filter(Boolean),
    close: () => destination.end(),
  };
}

it('writes lines logged one request at a time together', async () => {
  const log = await fileLog();
  const writes = vi.spyOn(fs, 'writeSync');
  const handedToThreadPool = vi.spyOn(fs, 'write');
  // Sixty request lines of about 100 bytes, each in its own turn of the event loop, as requests come.
  for (let i = 0; i < 60; i++) {
    log.logger.info({ method: 'GET', path: '/api/health', status: 200, i }, 'request');
    await nextTurn();
  }
  // A write for every 2 KB; a line a write had been about sixty (24 on a fast machine). Each is one
  // system call here: through libuv's thread pool a write cost several times as much CPU.
  expect(writes.mock.calls.length).toBeGreaterThanOrEqual(1);
  expect(writes.mock.calls.length).toBeLessThanOrEqual(3);
  expect(handedToThreadPool).not.toHaveBeenCalled();
  await vi.waitFor(async () => expect(await log.lines()).toHaveLength(60), { timeout: LOG_FLUSH_MS * 3 });
  expect((await log.lines()).map((line) => (JSON.parse(line) as { i: number }).i)).toEqual(
    Array.from({ length: 60 }, (_, i) => i),
  );
  log.close();
});

it('writes a line left waiting within a second, without another line or the process exiting', async () => {
  const log = await fileLog();
  log.logger.warn({ code: 'X' }, 'a lone line');
  for (let i = 0; i < 5; i++) await nextTurn();
  expect(await log.lines()).toEqual([]);
  await vi.waitFor(async () => expect(await log.lines()).toHaveLength(1), { timeout: LOG_FLUSH_MS * 3 });
  log.close();
});

it('writes a line at once when asked to (the server says it is listening that way)', async () => {
  const log = await fileLog();
  log.logger.info({ url: 'http://localhost:3000' }, 'ModMarket is listening');
  await new Promise<void>((resolve, reject) =>
    log.logger.flush((error) => (error ? reject(error) : resolve())),
  );
  expect((await log.lines()).join()).toContain('ModMarket is listening');
  log.close();
});

it('writes the lines still waiting when the process exits', () => {
  // A process that logs a line (under 2 KB, so it waits) and exits at once, as a stop or a crash does.
  const child = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      '--input-type=module',
      '-e',
      `import { createLogger } from ${JSON.stringify(path.resolve(import.meta.dirname, 'logger.ts'))};
       createLogger('info').info('last words'); process.exit(0);`,
    ],
    { encoding: 'utf8', timeout: 30_000 },
  );
  expect(child.status, child.stderr).toBe(0);
  expect(child.stdout).toContain('"msg":"last words"');
});

describe('secrets in a log line', () => {
  /** A logger writing into an array, one parsed line an entry. */
  function capture() {
    const lines: Record<string, unknown>[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(JSON.parse(line)) });
    return { logger, lines };
  }

  it("are written as [redacted], at the top of the line, one level down and in a child logger's lines", () => {
    const { logger, lines } = capture();
    logger.info({ password: 'hunter2', body: { token: 'abc', kept: 1 }, path: '/api/auth' }, 'sign in');
    logger.child({ requestId: 'r-123456' }).warn({ headers: { authorization: 'Bearer q' } }, 'odd');
    expect(lines[0]).toMatchObject({
      password: '[redacted]',
      body: { token: '[redacted]', kept: 1 },
      path: '/api/auth',
      msg: 'sign in',
    });
    expect(lines[1]).toMatchObject({ requestId: 'r-123456', headers: { authorization: '[redacted]' } });
    expect(JSON.stringify(lines)).not.toMatch(/hunter2|abc|Bearer/);
  });

  it("leave the logger's own fields as they were given", () => {
    const given = { body: { token: 'abc' } };
    capture().logger.info(given, 'kept');
    expect(given.body.token).toBe('abc');
  });

  it('cost a line that has none nothing: its fields are not copied', () => {
    const fields = { method: 'GET', path: '/api/health', status: 200, memberId: null, nested: { a: 1 } };
    expect(withoutSecrets(fields)).toBe(fields);
  });
});
