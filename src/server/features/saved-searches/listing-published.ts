import type { Executor } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';

/** The job that matches a newly published listing against every saved search with alerts on. */
export const MATCH_JOB = 'saved-searches.match';

/**
 * A listing went live: its matching against the saved searches is queued, in the listing's own
 * transaction, so the job exists exactly when the listing does. This needs nothing but that transaction:
 * the listings feature calls it without the saved-searches service, which is built after listings
 * (the match job, handled there, counts matches with the listings service).
 */
export async function listingPublished(executor: Executor, listingId: string): Promise<void> {
  await enqueueJob(executor, MATCH_JOB, { listingId });
}
