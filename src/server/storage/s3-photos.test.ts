import { and, eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { jobs, uploads } from '../db/schema';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { tcpProxy } from '../../test/tcp-proxy';
import type { TestBrowser } from '../../test/test-browser';
import { createS3Storage } from './s3-storage';
import { REMOVE_FILES_JOB } from './removals';
import type { Storage } from './storage';
import { readAnswer, expectStatus, okBody } from '../../test/test-browser';

/** Photos end to end with the files in an S3-compatible bucket, reached through a link a test can cut. */
let s3: S3Server;
let link: Awaited<ReturnType<typeof tcpProxy>>;
let t: TestApp;
/** Cuts the link to the bucket after this many more files are written (null: never). */
let cutAfterPuts: number | null = null;

beforeAll(async () => {
  s3 = await startS3Server();
  link = await tcpProxy({ host: '127.0.0.1', port: s3.port });
  const settings = s3.settings({ endpoint: `http://127.0.0.1:${link.port}` });
  const real = createS3Storage({ ...settings, publicUrl: undefined });
  const storage: Storage = {
    ...real,
    async put(key, body, contentType) {
      await real.put(key, body, contentType);
      if (cutAfterPuts !== null && --cutAfterPuts === 0) await link.down();
    },
  };
  t = await createTestApp({ storage });
});
afterAll(async () => {
  await t.close();
  await link.close();
  await s3.close();
});

const jpeg = () =>
  sharp({ create: { width: 1600, height: 900, channels: 3, background: { r: 30, g: 90, b: 160 } } })
    .jpeg()
    .toBuffer();

async function upload(browser: TestBrowser) {
  const photo = new File([new Uint8Array(await jpeg())], 'car.jpg', { type: 'image/jpeg' });
  // A raw multipart upload, as the photo picker sends it.
  return browser.upload<StoredPhoto & { error?: { code: string; message: string } }>('/api/photos', photo, {
    'Accept-Language': 'es',
  });
}

/** The bucket's keys under a folder, read straight from the S3 server. */
async function keysUnder(prefix: string): Promise<string[]> {
  const listed = await fetch(`${s3.endpoint}/${s3.bucket}?list-type=2&prefix=${encodeURIComponent(prefix)}`);
  return [...(await listed.text()).matchAll(/<Key>([^<]+)<\/Key>/g)].map((match) => match[1]!);
}

describe('photos in an S3 bucket', () => {
  it('are written to the bucket, served through the app from it, and removed from it with their listing', async () => {
    const { browser, id } = await signedInMember(t, { plan: 'gold' });
    const uploaded = await upload(browser);
    expect(uploaded.status).toBe(201);
    expect(await keysUnder(`${uploaded.body.key}/`)).toHaveLength(3);
    // A private bucket: browsers load the photo through /media, which reads the bucket.
    const served = await t.app.request(`/media/${photoVariantKey(uploaded.body, 640)}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(640);

    const listing = await readAnswer(
      browser.api.listings.$post({
        json: {
          title: 'Bucket-borne wheel',
          priceCents: 10000,
          category: 'wheels',
          condition: 'good',
          make: 'Honda',
          model: 'Civic',
          photos: [uploaded.body],
        },
      }),
    );
    expectStatus(listing, 201);
    expect(listing.body.photos[0]!.sources[0]!.url).toBe(`/media/${photoVariantKey(uploaded.body, 320)}`);
    expect((await browser.api.listings[':id'].$delete({ param: { id: listing.body.id } })).status).toBe(200);
    expect(await keysUnder(`listings/${id}/`)).toEqual([]);
  });

  it('leave nothing behind when the bucket fails part way through an upload, and the member is told', async () => {
    const { browser, id } = await signedInMember(t);
    // The first size is written, then the bucket cannot be reached.
    cutAfterPuts = 1;
    const failed = await upload(browser);
    cutAfterPuts = null;
    expect(failed.status).toBe(503);
    expect(failed.body.error).toEqual({
      code: 'PHOTO_NOT_STORED',
      message:
        'No hemos podido guardar tu foto en este momento y no se ha conservado nada de ella. Inténtalo de nuevo en unos instantes.',
    });
    expect(await t.database.db.select().from(uploads).where(eq(uploads.userId, id))).toEqual([]);
    // The written size could not be removed while the bucket was out of reach: a job will.
    expect(await keysUnder(`listings/${id}/`)).toHaveLength(1);
    const queued = await t.database.db
      .select()
      .from(jobs)
      .where(and(eq(jobs.kind, REMOVE_FILES_JOB), sql`${jobs.payload}::text like ${`%listings/${id}/%`}`));
    expect(queued).toHaveLength(1);

    await link.up();
    await t.runJobs();
    expect(await keysUnder(`listings/${id}/`)).toEqual([]);
    // And the next upload works.
    expect((await upload(browser)).status).toBe(201);
  });

  it('are loaded from the bucket when it is public, which the content policy allows', async () => {
    const base = `${s3.endpoint}/${s3.bucket}`;
    const shop = await createTestApp({
      env: {
        S3_BUCKET: s3.bucket,
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_ENDPOINT: s3.endpoint,
        S3_FORCE_PATH_STYLE: 'true',
        S3_PUBLIC_URL: base,
      },
    });
    try {
      const { browser } = await signedInMember(shop);
      const uploaded = (await upload(browser)).body;
      const listing = await okBody(
        browser.api.listings.$post({
          json: {
            title: 'Public bucket wheel',
            priceCents: 10000,
            category: 'wheels',
            condition: 'good',
            make: 'Honda',
            model: 'Civic',
            photos: [uploaded],
          },
        }),
      );
      const url = listing.photos[0]!.sources[0]!.url;
      expect(url).toBe(`${base}/${photoVariantKey(uploaded, 320)}`);
      const image = await fetch(url);
      expect(image.status).toBe(200);
      expect((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).width).toBe(320);
      const policy = (await shop.app.request('/')).headers.get('content-security-policy');
      expect(policy).toContain(`img-src 'self' data: blob: ${s3.endpoint};`);
    } finally {
      await shop.close();
    }
  });
});
