import { z } from 'zod';
import type { Executor } from '../db/client';
import { enqueueJob, type JobHandler } from '../jobs/queue';
import type { Storage } from './storage';

/** The job that removes files the store could not remove at once. */
export const REMOVE_FILES_JOB = 'storage.remove-files';

const PayloadSchema = z.object({ prefixes: z.array(z.string()).min(1) });

/**
 * Removes the files under each prefix (`listings/<member>/<photo>/`) now; when the store cannot be
 * reached (a bucket down, a network cut), queues their removal instead, which the job worker retries
 * with its backoff. Whatever the store does, nothing a member deleted stays behind for good.
 */
export async function removeFiles(db: Executor, storage: Storage, prefixes: string[]): Promise<void> {
  if (!prefixes.length) return;
  try {
    for (const prefix of prefixes) await storage.deletePrefix(prefix);
  } catch {
    await enqueueJob(db, REMOVE_FILES_JOB, { prefixes });
  }
}

export function removalJobHandlers(storage: Storage): Record<string, JobHandler> {
  return {
    [REMOVE_FILES_JOB]: async (payload) => {
      for (const prefix of PayloadSchema.parse(payload).prefixes) await storage.deletePrefix(prefix);
    },
  };
}
