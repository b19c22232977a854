import path from 'node:path';
import type { Env } from '../env';
import { createLocalStorage } from './local-storage';
import { createS3Storage } from './s3-storage';
import type { Storage } from './storage';

/** The configured store: the S3 bucket when the S3_ settings are given, else `<DATA_DIR>/uploads`. */
export function createStorage(env: Pick<Env, 's3'>, dataDir: string): Storage {
  return env.s3 ? createS3Storage(env.s3) : createLocalStorage(path.join(dataDir, 'uploads'));
}
