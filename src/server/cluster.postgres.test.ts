import http from 'node:http';
import { expect, it, vi } from 'vitest';
import { migratedServerDatabase } from '../test/test-database';
import { startChildServer } from '../test/child-server';

// Runs only against a PostgreSQL server (TEST_DATABASE_URL): the embedded database opens in one process.

/** The process ids that have logged "ModMarket is listening", in order. */
const listening = (output: string[]) =>
  output
    .filter((line) => line.includes('"msg":"ModMarket is listening"'))
    .map((line) => (JSON.parse(line) as { pid: number }).pid);

/**
 * A health check on a new connection (a kept-alive one could be to a process just killed), given up
 * after `timeoutMs`: a test waiting on a lost connection fails saying so, not by its own timeout.
 */
const health = (port: number, timeoutMs = 10_000) =>
  new Promise<number>((resolve, reject) => {
    const request = http
      .get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, (res) => {
        res.resume();
        resolve(res.statusCode ?? 0);
      })
      .on('error', reject);
    request.setTimeout(timeoutMs, () => request.destroy(new Error(`no answer in ${timeoutMs} ms`)));
  });

/**
 * Health checks until one is answered, each given a second. Node's cluster primary can hand a
 * connection accepted at the moment a process is killed to that process; such a connection is never
 * answered nor closed (node:cluster's round robin), so a client, like a load balancer, tries again.
 */
async function answeredAgain(port: number): Promise<number> {
  let last: unknown;
  for (let attempt = 0; attempt < 10; attempt++) {
    try {
      return await health(port, 1_000);
    } catch (error) {
      last = error;
    }
  }
  throw last;
}

it('serves from WEB_CONCURRENCY processes on one port, replaces one that dies, and stops them all on SIGTERM', async () => {
  const database = await migratedServerDatabase('modmarket_cluster');
  const server = await startChildServer({ DATABASE_URL: database.url, WEB_CONCURRENCY: '2' });
  try {
    await vi.waitFor(() => expect(listening(server.output)).toHaveLength(2), { timeout: 30_000 });
    const [first, second] = listening(server.output) as [number, number];
    expect(first).not.toBe(second);
    expect([first, second]).not.toContain(server.child.pid);
    // The primary prepared the database once, then started the processes.
    const starting = server.output.findIndex((line) =>
      line.includes('"msg":"starting the server processes"'),
    );
    expect(starting).toBeGreaterThan(-1);
    expect(
      server.output.findIndex((line) => line.includes('"msg":"ModMarket is listening"')),
    ).toBeGreaterThan(starting);
    expect(await health(server.port)).toBe(200);

    // A process that dies is replaced; the other answers meanwhile.
    process.kill(first, 'SIGKILL');
    expect(await answeredAgain(server.port)).toBe(200);
    await vi.waitFor(() => expect(listening(server.output)).toHaveLength(3), { timeout: 30_000 });
    const replacement = listening(server.output)[2]!;
    expect([first, second]).not.toContain(replacement);
    for (let i = 0; i < 10; i++) expect(await health(server.port)).toBe(200);

    server.child.kill('SIGTERM');
    expect(await server.exited).toBe(0);
    for (const pid of [second, replacement]) expect(() => process.kill(pid, 0)).toThrow(/ESRCH/);
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await database.drop();
  }
}, 90_000);
