import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backupRoundTrip } from '../../test/backup-round-trip';
import { startS3Server, type S3Server } from '../../test/s3-server';
import { createTestDatabase, postgresServerUrl } from '../../test/test-database';
import { createS3Storage } from '../storage/s3-storage';

// Runs only against a PostgreSQL server (TEST_DATABASE_URL): pg_dump and pg_restore, with the photos in
// an S3-compatible bucket.
let dir: string;
let s3: S3Server;
let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'modmarket-backup-'));
  s3 = await startS3Server();
  database = await createTestDatabase();
});
afterAll(async () => {
  await database.close();
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

describe('backup and restore, PostgreSQL and an S3 bucket', () => {
  it('restores every listing, photo and message into a recreated database and an emptied bucket', async () => {
    const url = database.url!;
    const name = new URL(url).pathname.slice(1);
    await backupRoundTrip({
      settings: {
        DATA_DIR: path.join(dir, 'data'),
        DATABASE_URL: url,
        S3_BUCKET: s3.bucket,
        S3_ENDPOINT: s3.endpoint,
        S3_REGION: 'us-east-1',
        S3_ACCESS_KEY_ID: 'S3RVER',
        S3_SECRET_ACCESS_KEY: 'S3RVER',
        S3_FORCE_PATH_STYLE: 'true',
      },
      folder: path.join(dir, 'backup'),
      dumpedBy: /database: dumped with pg_dump/,
      wipe: async () => {
        const admin = new pg.Client({ connectionString: postgresServerUrl() });
        await admin.connect();
        await admin.query(`drop database ${name} with (force)`);
        await admin.query(`create database ${name}`);
        await admin.end();
        const bucket = createS3Storage(s3.settings());
        for await (const key of bucket.keys())
          await bucket.deletePrefix(key.split('/').slice(0, 2).join('/'));
        const left = [];
        for await (const key of bucket.keys()) left.push(key);
        expect(left).toEqual([]);
      },
    });
  }, 120_000);
});
