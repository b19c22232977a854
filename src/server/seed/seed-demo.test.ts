import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORIES, PLAN_DETAILS, type Plan } from '@common/catalog';
import { photoVariantKey } from '@common/photos';
import type { Database } from '../db/client';
import { accounts, listings, users, wantedPosts } from '../db/schema';
import { createLocalStorage } from '../storage/local-storage';
import type { Storage } from '../storage/storage';
import { createTestDatabase } from '../../test/test-database';
import { isDatabaseEmpty, seedDemoCatalog } from './seed-demo';

describe('the demo catalogue', () => {
  let database: Database;
  let storage: Storage;
  let dir: string;
  beforeAll(async () => {
    database = await createTestDatabase();
    dir = await mkdtemp(path.join(tmpdir(), 'modmarket-seed-'));
    storage = createLocalStorage(dir);
    expect(await isDatabaseEmpty(database.db)).toBe(true);
    await seedDemoCatalog({
      db: database.db,
      storage,
      logger: pino({ level: 'silent' }),
      maxPhotosPerListing: 1,
    });
  }, 120_000);
  afterAll(async () => {
    await database.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('fills an empty marketplace with realistic listings from several sellers', async () => {
    expect(await isDatabaseEmpty(database.db)).toBe(false);
    const rows = await database.db.select().from(listings);
    expect(rows.length).toBeGreaterThanOrEqual(60);
    expect(new Set(rows.map((r) => r.userId)).size).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.category))).toEqual(new Set(CATEGORIES));
    expect(rows.every((r) => !r.isSold && r.priceCents > 0 && r.photos.length > 0)).toBe(true);
    // Each in a city by its ZIP code, so "Near" finds them on a fresh install.
    expect(
      rows.every(
        (r) => /^\d{5}$/.test(r.zip ?? '') && r.latitude !== null && /, [A-Z]{2}$/.test(r.location ?? ''),
      ),
    ).toBe(true);
    expect(new Set(rows.map((r) => r.location)).size).toBeGreaterThanOrEqual(5);
    for (const make of ['Nissan', 'BMW', 'Ford'])
      expect(
        rows.some((r) => r.make === make),
        make,
      ).toBe(true);
  });

  it('keeps every seller within the plan limit and gives none a password', async () => {
    const counts = await database.db.execute<{ plan: Plan; n: number }>(
      sql`select u.plan, count(l.id)::int as n from ${users} u join ${listings} l on l.user_id = u.id group by u.id, u.plan`,
    );
    for (const row of counts.rows) {
      const limit = PLAN_DETAILS[row.plan].activeListings;
      if (limit !== null) expect(row.n).toBeLessThanOrEqual(limit);
    }
    expect(await database.db.select().from(accounts)).toEqual([]);
  });

  it('stores each photo as small WebP variants', async () => {
    const [listing] = await database.db.select().from(listings).limit(1);
    const photo = listing!.photos[0]!;
    expect(photo.variants).toEqual([320, 640, 1280]);
    const file = await storage.get(photoVariantKey(photo, 320));
    expect(file?.contentType).toBe('image/webp');
    const chunks: Buffer[] = [];
    for await (const chunk of file!.body) chunks.push(chunk as Buffer);
    const meta = await sharp(Buffer.concat(chunks)).metadata();
    expect(meta.format).toBe('webp');
    expect(meta.width).toBe(320);
    expect(meta.exif).toBeUndefined();
  });

  it('has members hunting parts, some of which demo listings match', async () => {
    const posts = await database.db.select().from(wantedPosts);
    expect(posts.length).toBeGreaterThanOrEqual(4);
    expect(posts.every((post) => post.expiresAt > new Date())).toBe(true);
    // By part number: the key is the listing's, written another way.
    const matched = await database.db.execute<{ title: string }>(sql`
      select w.title from wanted_posts w join listings l on l.part_number_key = any(w.part_number_keys)`);
    expect(matched.rows.map((row) => row.title)).toContain('HKS cat-back for an R33');
  });
});
