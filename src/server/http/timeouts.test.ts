import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createHttpServer, HTTP_TIMEOUTS } from './http-server';

/** Node sets it from the server's options, and its types leave it out. */
const checkedEvery = (server: Server) =>
  (server as Server & { connectionsCheckingInterval: number }).connectionsCheckingInterval;

describe('slow clients', () => {
  it('are held to the documented limits, checked often enough to hold them', () => {
    const server = createHttpServer(() => new Response('ok'));
    expect(HTTP_TIMEOUTS).toEqual({
      headersTimeoutMs: 20_000,
      requestTimeoutMs: 120_000,
      keepAliveTimeoutMs: 5_000,
    });
    expect(server.headersTimeout).toBe(20_000);
    expect(server.requestTimeout).toBe(120_000);
    expect(server.keepAliveTimeout).toBe(5_000);
    // Node's default is 30 s, which let a client trickling headers hold its connection 50 s.
    expect(checkedEvery(server)).toBe(1_000);
  });

  it('are cut off once their headers take longer than the limit, even while still sending', async () => {
    const headersTimeoutMs = 2_000;
    const server = createHttpServer(() => new Response('ok'), { headersTimeoutMs, requestTimeoutMs: 4_000 });
    expect(checkedEvery(server)).toBe(100);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const client = net.connect(port, '127.0.0.1');
      await new Promise((resolve) => client.once('connect', resolve));
      const started = Date.now();
      client.write('GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ');
      // A byte a second, never finishing the headers.
      const trickle = setInterval(() => {
        if (!client.destroyed && client.writable) client.write('a');
      }, 1_000);
      const received: Buffer[] = [];
      client.on('data', (chunk: Buffer) => received.push(chunk));
      client.on('error', () => undefined);
      const closedAfter = await new Promise<number>((resolve) =>
        client.once('close', () => resolve(Date.now() - started)),
      );
      clearInterval(trickle);
      // Not before its time, and long before Node's own 30-second check would have come round.
      expect(closedAfter).toBeGreaterThanOrEqual(headersTimeoutMs - 100);
      expect(closedAfter).toBeLessThan(10_000);
      expect(Buffer.concat(received).toString('latin1')).toMatch(/^HTTP\/1\.1 408/);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  }, 30_000);
});
