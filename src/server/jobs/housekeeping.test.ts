import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/client';
import { createTestDatabase } from '../../test/test-database';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createLocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';
import { housekeeping } from './housekeeping';

let database: Database;
let storage: Storage;
let files: string;
beforeAll(async () => {
  database = await createTestDatabase();
  files = await mkdtemp(path.join(tmpdir(), 'modmarket-housekeeping-'));
  storage = createLocalStorage(files);
});
afterAll(async () => {
  await database.close();
  await rm(files, { recursive: true, force: true });
});

describe('housekeeping', () => {
  it('drops expired sessions, links, sign-ups and link requests, and old failed jobs’ payloads, and keeps what is current', async () => {
    const { db } = database;
    await db.execute(sql`insert into "user" (id, name, email) values ('m1', 'M', 'm1@example.com')`);
    await db.execute(sql`insert into session (id, token, user_id, expires_at, ip_address) values
      ('old', 'old-token', 'm1', now() - interval '1 day', '198.51.100.1'),
      ('live', 'live-token', 'm1', now() + interval '1 day', '198.51.100.2')`);
    await db.execute(sql`insert into verification (id, identifier, value, expires_at) values
      ('v-old', 'reset-password:m1', 'h1', now() - interval '1 hour'),
      ('v-live', 'reset-password:m1', 'h2', now() + interval '1 hour')`);
    await db.execute(sql`insert into pending_registration
      (id, email, first_name, last_name, password_hash, locale, browser_token_hash, expires_at) values
      ('r-old', 'a@example.com', 'A', 'B', 'x', 'en', 'b1', now() - interval '1 minute'),
      ('r-live', 'a@example.com', 'A', 'B', 'x', 'en', 'b2', now() + interval '1 day')`);
    await db.execute(sql`insert into social_link_request (token_hash, user_id, provider_id, account_id, expires_at)
      values ('s-old', 'm1', 'google', 'g1', now() - interval '1 minute'),
             ('s-live', 'm1', 'google', 'g2', now() + interval '10 minutes')`);
    await db.execute(sql`insert into jobs (kind, payload, failed_at) values
      ('mail', '{"email":"old@example.com"}', now() - interval '8 days'),
      ('mail', '{"email":"recent@example.com"}', now() - interval '1 day'),
      ('mail', '{"email":"waiting@example.com"}', null)`);
    await housekeeping(db, storage, new Date());
    await housekeeping(db, storage, new Date());

    const ids = async (table: string) =>
      (await db.execute<{ id: string }>(sql.raw(`select id from ${table} order by id`))).rows.map(
        (r) => r.id,
      );
    expect(await ids('session')).toEqual(['live']);
    expect(await ids('verification')).toEqual(['v-live']);
    expect(await ids('pending_registration')).toEqual(['r-live']);
    const links = await db.execute<{ token_hash: string }>(sql`select token_hash from social_link_request`);
    expect(links.rows.map((r) => r.token_hash)).toEqual(['s-live']);
    const payloads = await db.execute<{ payload: unknown }>(sql`select payload from jobs order by id`);
    expect(payloads.rows.map((r) => r.payload)).toEqual([
      {},
      { email: 'recent@example.com' },
      { email: 'waiting@example.com' },
    ]);
  });
});
