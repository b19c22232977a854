import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-database';
import { startS3Server, type S3Server } from '../../test/s3-server';
import type { Database } from '../db/client';
import { sweepOrphanFiles } from '../photos/uploads';
import { sweepExpiredExports } from '../features/account/data-export';
import { housekeeping } from '../jobs/housekeeping';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** What housekeeping removes from the file store, and what it leaves, on disk and in a bucket. */
let s3: S3Server;
let dir: string;
let database: Database;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), 'modmarket-sweeps-'));
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const HOUR = 3600_000;
const later = (hours: number) => new Date(Date.now() + hours * HOUR);

async function keysUnder(storage: Storage, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const file of storage.list(prefix)) keys.push(file.key);
  return keys.sort();
}

async function putPhoto(storage: Storage, key: string) {
  for (const width of [320, 640, 1280])
    await storage.put(`${key}/${width}.webp`, Buffer.from(`${key} ${width}`), 'image/webp');
}

const stores: [string, () => Storage][] = [
  ['disk', () => createLocalStorage(path.join(dir, 'uploads'))],
  // Two keys a page: every listing below takes several pages, each asked for with the last one's token.
  ['an S3 bucket', () => createS3Storage({ ...s3.settings(), listPageSize: 2 })],
];

describe.each(stores)('housekeeping of files on %s', (name, make) => {
  const member = `member-${name === 'disk' ? 'd' : 's'}`;
  beforeAll(async () => {
    await database.db.execute(
      sql`insert into "user" (id, name, email) values (${member}, 'M', ${`${member}@example.com`})`,
    );
  });

  it('removes photo files no upload owns once past the grace period, and nothing else', async () => {
    const storage = make();
    const { db } = database;
    const photo = () => `listings/${member}/${randomUUID()}`;
    const recorded = photo();
    const legacy = photo();
    const orphans = [photo(), photo(), photo(), photo()];
    const seeded = `listings/${randomUUID()}`;
    for (const key of [recorded, legacy, ...orphans, seeded]) await putPhoto(storage, key);
    // Prefixes housekeeping does not own, in the same store.
    const others = [
      'backups/2026-11-27/database.tar.gz',
      'community/m/p/640.webp',
      `exports/${member}/x.json`,
    ];
    for (const key of others) await storage.put(key, Buffer.from(key), 'application/octet-stream');
    await db.execute(sql`insert into uploads (key, user_id, width, height, variants, bytes)
      values (${recorded}, ${member}, 1280, 720, '[320,640,1280]'::jsonb, 100)`);
    // A photo from before uploads were recorded, still shown in a post.
    await db.execute(sql`insert into community_posts (user_id, title, description, photos)
      values (${member}, 'Build', 'Build', ${JSON.stringify([{ key: legacy, width: 1280, height: 720, variants: [320, 640, 1280] }])}::jsonb)`);

    // Within the grace period an orphan may be an upload in flight, about to be recorded.
    expect(await sweepOrphanFiles(db, storage)).toBe(0);
    expect(await keysUnder(storage, `listings/${member}/`)).toHaveLength(18);

    expect(await sweepOrphanFiles(db, storage, later(2))).toBe(orphans.length);
    expect(await keysUnder(storage, `listings/${member}/`)).toEqual(
      [recorded, legacy].flatMap((key) => [320, 640, 1280].map((width) => `${key}/${width}.webp`)).sort(),
    );
    expect(await keysUnder(storage, `${seeded}/`)).toHaveLength(3);
    for (const key of others) expect(await storage.get(key), key).not.toBeNull();
  });

  it('removes data exports and their records after 24 hours', async () => {
    const storage = make();
    const { db } = database;
    const key = `exports/${member}/${randomUUID()}.json`;
    await storage.put(key, Buffer.from('{}'), 'application/json');
    await db.execute(sql`insert into data_export (user_id, storage_key, ready_at, expires_at)
      values (${member}, ${key}, now(), now() + interval '24 hours')`);

    expect(await sweepExpiredExports(db, storage)).toBe(0);
    expect(await storage.get(key)).not.toBeNull();
    expect(await sweepExpiredExports(db, storage, later(25))).toBe(1);
    expect(await storage.get(key)).toBeNull();
    const rows = await db.execute(sql`select 1 from data_export where user_id = ${member}`);
    expect(rows.rows).toEqual([]);
    // The other member's photos and the rest of the store are untouched by the hourly run.
    await housekeeping(db, storage, new Date());
    expect(await storage.get('backups/2026-11-27/database.tar.gz')).not.toBeNull();
  });
});

describe('data exports in a bucket', () => {
  it('are stored private and never cached, photos public and immutable', async () => {
    const storage = createS3Storage(s3.settings());
    await storage.put('exports/m/e.json', Buffer.from('{}'), 'application/json');
    await storage.put('listings/m/p/320.webp', Buffer.from('webp'), 'image/webp');
    const head = (key: string) => fetch(`${s3.endpoint}/${s3.bucket}/${key}`, { method: 'HEAD' });
    expect((await head('exports/m/e.json')).headers.get('cache-control')).toBe('private, no-store');
    expect((await head('listings/m/p/320.webp')).headers.get('cache-control')).toBe(
      'public, max-age=31536000, immutable',
    );
  });
});
