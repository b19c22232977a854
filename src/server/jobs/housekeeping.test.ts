import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { housekeeping } from './housekeeping';

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
});

describe('housekeeping', () => {
  it('drops expired sessions and links and old failed jobs’ payloads, and keeps what is current', async () => {
    const { db } = database;
    await db.execute(sql`insert into "user" (id, name, email) values ('m1', 'M', 'm1@example.com')`);
    await db.execute(sql`insert into session (id, token, user_id, expires_at, ip_address) values
      ('old', 'old-token', 'm1', now() - interval '1 day', '198.51.100.1'),
      ('live', 'live-token', 'm1', now() + interval '1 day', '198.51.100.2')`);
    await db.execute(sql`insert into verification (id, identifier, value, expires_at) values
      ('v-old', 'reset-password:m1', 'h1', now() - interval '1 hour'),
      ('v-live', 'reset-password:m1', 'h2', now() + interval '1 hour')`);
    await db.execute(sql`insert into jobs (kind, payload, failed_at) values
      ('mail', '{"email":"old@example.com"}', now() - interval '8 days'),
      ('mail', '{"email":"recent@example.com"}', now() - interval '1 day'),
      ('mail', '{"email":"waiting@example.com"}', null)`);
    await housekeeping(db);
    await housekeeping(db);

    const ids = async (table: string) =>
      (await db.execute<{ id: string }>(sql.raw(`select id from ${table} order by id`))).rows.map(
        (r) => r.id,
      );
    expect(await ids('session')).toEqual(['live']);
    expect(await ids('verification')).toEqual(['v-live']);
    const payloads = await db.execute<{ payload: unknown }>(sql`select payload from jobs order by id`);
    expect(payloads.rows.map((r) => r.payload)).toEqual([
      {},
      { email: 'recent@example.com' },
      { email: 'waiting@example.com' },
    ]);
  });
});
