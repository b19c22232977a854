import crypto from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';
import type { S3Settings } from '@server/storage/s3-storage';

/**
 * s3rver seals its listings' continuation tokens with single DES, which OpenSSL 3 no longer offers (a
 * listing of more than one page fails with InternalError). Triple DES with the same key three times
 * over is the very same cipher: it stands in for it, in this process, for `des` only.
 */
function offerSingleDes() {
  const marked = crypto as typeof crypto & { singleDesOffered?: boolean };
  if (marked.singleDesOffered) return;
  marked.singleDesOffered = true;
  const tripled = (key: crypto.CipherKey) => Buffer.concat([key as Buffer, key as Buffer, key as Buffer]);
  const cipher = crypto.createCipheriv.bind(crypto);
  const decipher = crypto.createDecipheriv.bind(crypto);
  Object.assign(crypto, {
    createCipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
      algorithm === 'des' ? cipher('des-ede3-cbc', tripled(key), iv) : cipher(algorithm, key, iv),
    createDecipheriv: (algorithm: string, key: crypto.CipherKey, iv: crypto.BinaryLike | null) =>
      algorithm === 'des' ? decipher('des-ede3-cbc', tripled(key), iv) : decipher(algorithm, key, iv),
  });
}

/**
 * An S3-compatible server (s3rver) on a free local port, with one empty bucket, its objects in a
 * temporary folder: what the S3 storage is tested against.
 */
export async function startS3Server(bucket = 'modmarket-test') {
  offerSingleDes();
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
