import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { text } from 'node:stream/consumers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The same behaviour from every store: files on disk, and objects in an S3-compatible bucket. */
let s3: S3Server;
let dir: string;
beforeAll(async () => {
  s3 = await startS3Server();
  dir = await mkdtemp(path.join(tmpdir(), 'modmarket-storage-'));
});
afterAll(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const stores: [string, () => Storage][] = [
  ['disk', () => createLocalStorage(dir)],
  ['an S3 bucket', () => createS3Storage(s3.settings())],
];

describe.each(stores)('storage on %s', (_name, make) => {
  it('keeps a file whole, with its type and size, and answers null for one it does not have', async () => {
    const storage = make();
    const bytes = Buffer.from('RIFF....WEBPVP8 a photo');
    await storage.put('listings/member-1/photo-a/640.webp', bytes, 'image/webp');
    const file = await storage.get('listings/member-1/photo-a/640.webp');
    expect(file).not.toBeNull();
    expect(file!.contentType).toBe('image/webp');
    expect(file!.size).toBe(bytes.length);
    expect(await text(file!.body)).toBe(bytes.toString());
    expect(await storage.get('listings/member-1/photo-a/1280.webp')).toBeNull();
  });

  it('removes everything under a folder and nothing beside it', async () => {
    const storage = make();
    for (const key of ['listings/m2/p/320.webp', 'listings/m2/p/640.webp', 'listings/m2/pq/320.webp'])
      await storage.put(key, Buffer.from(key), 'image/webp');
    await storage.deletePrefix('listings/m2/p/');
    expect(await storage.get('listings/m2/p/320.webp')).toBeNull();
    expect(await storage.get('listings/m2/p/640.webp')).toBeNull();
    expect(await storage.get('listings/m2/pq/320.webp')).not.toBeNull();
    // Removing what is not there is not an error.
    await storage.deletePrefix('listings/m2/nothing/');
  });

  it('lists every file it holds by key', async () => {
    const storage = make();
    const kept = ['listings/m3/p/320.webp', 'listings/m3/p/640.webp', 'community/m3/q/640.webp'];
    for (const key of kept) await storage.put(key, Buffer.from(key), 'image/webp');
    const listed = [];
    for await (const key of storage.keys()) listed.push(key);
    expect(listed).toEqual(expect.arrayContaining(kept));
    expect(listed.every((key) => /^[a-z0-9-]+(\/[a-zA-Z0-9._-]+)+$/.test(key))).toBe(true);
    await storage.deletePrefix('listings/m3/');
    const after = [];
    for await (const key of storage.keys()) after.push(key);
    expect(after).toContain('community/m3/q/640.webp');
    expect(after).not.toContain('listings/m3/p/320.webp');
  });

  it('refuses keys the app would never make', async () => {
    const storage = make();
    await expect(storage.put('../etc/passwd', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    await expect(storage.put('listings/../../x', Buffer.from('x'), 'text/plain')).rejects.toThrow();
    expect(() => storage.publicUrl('/absolute')).toThrow();
  });
});

describe('URLs of files in a bucket', () => {
  it('go through the app when the bucket is private, and to the bucket or its CDN when it is public', async () => {
    expect(createS3Storage(s3.settings()).publicUrl('listings/m/p/320.webp')).toBe(
      '/media/listings/m/p/320.webp',
    );
    const base = `${s3.endpoint}/${s3.bucket}`;
    const storage = createS3Storage(s3.settings({ publicUrl: base }));
    await storage.put('listings/m3/p/320.webp', Buffer.from('public bytes'), 'image/webp');
    const url = storage.publicUrl('listings/m3/p/320.webp');
    expect(url).toBe(`${base}/listings/m3/p/320.webp`);
    const response = await fetch(url);
    expect(response.status).toBe(200);
    expect(await response.text()).toBe('public bytes');
  });
});
