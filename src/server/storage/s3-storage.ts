import { Readable } from 'node:stream';
import {
  DeleteObjectsCommand,
  GetObjectCommand,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  paginateListObjectsV2,
} from '@aws-sdk/client-s3';
import { assertStorageKey, PRIVATE_CACHE_CONTROL, PRIVATE_PREFIX, type Storage } from './storage';

/** An S3-compatible bucket (AWS S3, MinIO, Ceph, R2, …) and how browsers reach its files. */
export interface S3Settings {
  bucket: string;
  /** The service's address; unset for AWS S3 itself. */
  endpoint?: string | undefined;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** `https://bucket.example/…` or a CDN in front of the bucket; unset: the app serves files at /media. */
  publicUrl?: string | undefined;
  /** Addresses the bucket in the path (`endpoint/bucket/key`), as most self-hosted servers need. */
  forcePathStyle: boolean;
  /** Keys asked for per listing page (S3's own limit, 1000, when unset; tests ask for fewer). */
  listPageSize?: number | undefined;
}

/** S3 deletes at most this many objects per request. */
const DELETE_BATCH = 1000;

/**
 * Files as objects of one bucket, under the same keys as on disk. Browsers load them from the bucket's
 * public address or a CDN when one is configured; otherwise through the app's /media route (a private
 * bucket), which reads them here.
 */
export function createS3Storage(settings: S3Settings): Storage {
  const client = new S3Client({
    region: settings.region,
    ...(settings.endpoint ? { endpoint: settings.endpoint } : {}),
    forcePathStyle: settings.forcePathStyle,
    credentials: { accessKeyId: settings.accessKeyId, secretAccessKey: settings.secretAccessKey },
    // Checksums only where S3 requires them: many S3-compatible servers refuse the newer headers.
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    maxAttempts: 3,
  });
  const Bucket = settings.bucket;
  const pageSize = settings.listPageSize;
  const base = settings.publicUrl?.replace(/\/+$/, '');
  return {
    async put(key, body, contentType) {
      assertStorageKey(key);
      // One PUT: S3 stores the object whole or not at all.
      await client.send(
        new PutObjectCommand({
          Bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          ContentLength: body.length,
          // Photos never change under their key; a member's export is theirs alone and never cached.
          CacheControl: key.startsWith(PRIVATE_PREFIX)
            ? PRIVATE_CACHE_CONTROL
            : 'public, max-age=31536000, immutable',
        }),
      );
    },
    async get(key) {
      assertStorageKey(key);
      try {
        const object = await client.send(new GetObjectCommand({ Bucket, Key: key }));
        if (!(object.Body instanceof Readable)) return null;
        return {
          body: object.Body,
          contentType: object.ContentType ?? 'application/octet-stream',
          size: object.ContentLength ?? 0,
        };
      } catch (error) {
        if (error instanceof NoSuchKey || (error as { name?: string }).name === 'NoSuchKey') return null;
        throw error;
      }
    },
    async *keys() {
      for await (const page of paginateListObjectsV2({ client, pageSize }, { Bucket }))
        for (const object of page.Contents ?? []) if (object.Key) yield object.Key;
    },
    async *list(prefix) {
      const folder = `${prefix.replace(/\/+$/, '')}/`;
      assertStorageKey(`${folder}x`);
      // Page after page (each asks with the last one's ContinuationToken), in key order: a folder's
      // files come together. Only under the folder: backups or anything else in the bucket stay unseen.
      for await (const page of paginateListObjectsV2({ client, pageSize }, { Bucket, Prefix: folder }))
        for (const object of page.Contents ?? [])
          if (object.Key && object.LastModified) yield { key: object.Key, modifiedAt: object.LastModified };
    },
    async deletePrefix(prefix) {
      const folder = `${prefix.replace(/\/+$/, '')}/`;
      assertStorageKey(`${folder}x`);
      let batch: { Key: string }[] = [];
      const flush = async () => {
        if (!batch.length) return;
        await client.send(new DeleteObjectsCommand({ Bucket, Delete: { Objects: batch, Quiet: true } }));
        batch = [];
      };
      for await (const page of paginateListObjectsV2({ client, pageSize }, { Bucket, Prefix: folder })) {
        for (const object of page.Contents ?? []) {
          if (object.Key) batch.push({ Key: object.Key });
          if (batch.length === DELETE_BATCH) await flush();
        }
      }
      await flush();
    },
    publicUrl(key) {
      assertStorageKey(key);
      return base ? `${base}/${key}` : `/media/${key}`;
    },
  };
}
