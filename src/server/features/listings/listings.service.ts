import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import type { Storage } from '../../storage/storage';
import { createListingsBrowse } from './listings-browse';
import { createListingDetail } from './listing-detail';
import { createListingWrites, type ListingEvents } from './listing-writes';

export { assertKnownPlace } from './browse-query';

/**
 * Listings, in three parts by job: browse and search (`listings-browse.ts`, its SQL in
 * `browse-query.ts`), one listing and its page (`listing-detail.ts`), and the owner's writes
 * (`listing-writes.ts`). Cards and photo views are `listing-card.ts`, which other features import.
 */
export function createListingsService(deps: {
  db: Db;
  /** Where browse, For you and the listing page read (a replica when there are some). */
  reads?: Db;
  storage: Storage;
  events: ListingEvents;
  /** Tells the job worker that jobs are waiting (after the transaction that queued them). */
  wakeJobs: () => void;
  /** The time cards are shown at and writes stamped with (the system's when not given). */
  clock?: Clock;
  /** How deals are paid: the listing page offers checkout only when not `off`. */
  payments?: 'stripe' | 'demo' | 'off';
}) {
  return {
    ...createListingsBrowse(deps),
    ...createListingDetail(deps),
    ...createListingWrites(deps),
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
