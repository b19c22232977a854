import http from 'node:http';
import { describe, expect, it } from 'vitest';
import pino from 'pino';
import { sql } from 'drizzle-orm';
import { createTestDatabase } from '../test/test-database';
import { enqueueJob, startJobWorker } from './jobs/queue';
import { createTestApp } from '../test/test-app';
import { signedInMember } from '../test/members';
import { TestSocket } from '../test/test-socket';
import { startChildServer } from '../test/child-server';

describe('stopping with SIGTERM', () => {
  it('finishes the request in flight, refuses new connections and exits within 10 seconds', async () => {
    const { child, port, exited } = await startChildServer();
    const body = JSON.stringify({
      name: 'Ines',
      email: 'ines@example.com',
      topic: 'other',
      message: 'My order has not arrived yet, can you help?',
    });
    // A request whose body is still on its way when the signal comes.
    const answer = new Promise<{ status: number; connection: string | undefined }>((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/contact',
          headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on('end', () => resolve({ status: res.statusCode ?? 0, connection: res.headers.connection }));
        },
      );
      req.on('error', reject);
      req.write(body.slice(0, 20));
      setTimeout(() => {
        child.kill('SIGTERM');
        setTimeout(() => req.end(body.slice(20)), 500);
      }, 200);
    });
    const started = Date.now();
    expect(await answer).toEqual({ status: 201, connection: 'close' });
    // Once stopping, it takes no new connection.
    await expect(
      new Promise((resolve, reject) =>
        http.get({ host: '127.0.0.1', port, path: '/api/health', agent: false }, resolve).on('error', reject),
      ),
    ).rejects.toThrow(/ECONNREFUSED/);
    expect(await exited).toBe(0);
    expect(Date.now() - started).toBeLessThan(10_000);
  }, 60_000);

  it('closes WebSockets with 1012, which the tabs reconnect on', async () => {
    const t = await createTestApp();
    try {
      const host = await t.listen();
      const member = await signedInMember(t);
      const socket = await TestSocket.open(host, member.browser);
      const closed = new Promise<number>((resolve) => socket.socket.once('close', (code) => resolve(code)));
      await t.app.realtime.close();
      expect(await closed).toBe(1012);
    } finally {
      await t.close();
    }
  });

  it('finishes the running job, or hands it back to the queue when it takes too long', async () => {
    const database = await createTestDatabase();
    const { db } = database;
    try {
      let release: () => void = () => undefined;
      const done: string[] = [];
      const handlers = {
        quick: async () => {
          await new Promise((resolve) => setTimeout(resolve, 50));
          done.push('quick');
        },
        stuck: () => new Promise<void>((resolve) => (release = resolve)),
      };
      const logger = pino({ level: 'silent' });

      await enqueueJob(db, 'quick', {});
      const first = startJobWorker(db, handlers, logger, 10);
      first.wake();
      await new Promise((resolve) => setTimeout(resolve, 20));
      await first.stop(2_000);
      expect(done).toEqual(['quick']);
      expect((await db.execute(sql`select count(*)::int as n from jobs`)).rows[0]).toEqual({ n: 0 });

      await enqueueJob(db, 'stuck', {});
      const second = startJobWorker(db, handlers, logger, 10);
      second.wake();
      await new Promise((resolve) => setTimeout(resolve, 100));
      await second.stop(100);
      const left = await db.execute<{ due: boolean; attempts: number }>(
        sql`select run_at <= now() as due, attempts from jobs where kind = 'stuck'`,
      );
      // Due again at once, for the next worker, and not counted as a failed attempt.
      expect(left.rows).toEqual([{ due: true, attempts: 0 }]);
      release();
    } finally {
      await database.close();
    }
  });
});
