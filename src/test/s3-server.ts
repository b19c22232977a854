import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '@server/storage/s3-storage';

/**
 * An S3-compatible server (s3rver) on a free local port, with one empty bucket, its objects in a
 * temporary folder: what the S3 storage is tested against.
 */
export async function startS3Server(bucket = 'modmarket-test') {
  const directory = await mkdtemp(path.join(tmpdir(), 'modmarket-s3-'));
  const server = new S3rver({
    port: 0,
    address: '127.0.0.1',
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    port,
    bucket,
    endpoint,
    /** Settings for this bucket; s3rver takes any keys and addresses buckets in the path. */
    settings(overrides: Partial<S3Settings> = {}): S3Settings {
      return {
        bucket,
        endpoint,
        region: 'us-east-1',
        accessKeyId: 'S3RVER',
        secretAccessKey: 'S3RVER',
        forcePathStyle: true,
        ...overrides,
      };
    },
    async close() {
      await server.close();
      await rm(directory, { recursive: true, force: true });
    },
  };
}

export type S3Server = Awaited<ReturnType<typeof startS3Server>>;
