import type { Feature, Infrastructure } from '../feature';
import type { FavouritesService } from '../favourites/favourites.service';
import type { FleetService } from '../fleet/fleet.service';
import type { MessagesService } from '../messages/messages.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { createSaleEvents } from '../reviews/sales';
import { listingPublished } from '../saved-searches/listing-published';
import { wantedListingPublished } from '../wanted/matching';
import type { TrustService } from '../trust/trust.service';
import { aiEndpointFromEnv, createListingWriter } from './ai-advanced';
import { createListingsService } from './listings.service';
import { listingsRoutes } from './listings.routes';
import { paymentsMode } from '../orders/payments-mode';

/**
 * Listings: browse and search, the listing page, the seller's writes and AI drafts. What a change to a
 * listing does elsewhere is built here from parts that never need the listings service: the saved-search
 * match is only queued (`listingPublished`), the sale steps need only notifications, and favourites is
 * built before listings. Saved searches and reviews, which read listings, are built after it.
 */
export function listingsFeature(
  deps: Pick<Infrastructure, 'env' | 'database' | 'db' | 'storage' | 'wakeJobs' | 'limit' | 'clock'> & {
    notifications: NotificationsService;
    favourites: FavouritesService;
    fleet: FleetService;
    messages: MessagesService;
    /** For the sellers a member hid with a block. */
    trust: TrustService;
  },
) {
  const { db, storage, favourites, trust } = deps;
  const sales = createSaleEvents({ notifications: deps.notifications });
  const listings = createListingsService({
    db,
    reads: deps.database.reads,
    storage,
    clock: deps.clock,
    payments: paymentsMode(deps.env),
    // Called inside the listing's transaction, so the job exists exactly when the change does.
    events: {
      // Saved searches' alerts and wanted posts' matches, each a job of its own.
      published: async (tx, id) => {
        await listingPublished(tx, id);
        await wantedListingPublished(tx, id);
      },
      priceChanged: (tx, id, oldPriceCents, priceCents) =>
        favourites.priceChanged(tx, id, oldPriceCents, priceCents),
      sold: (tx, id) => favourites.sold(tx, id),
      soldTo: (tx, sale) => sales.soldTo(tx, sale),
      relisted: (tx, id) => sales.relisted(tx, id),
    },
    wakeJobs: deps.wakeJobs,
  });
  return {
    service: listings,
    routes: listingsRoutes({
      db,
      storage,
      listings,
      messages: deps.messages,
      fleet: deps.fleet,
      favourites,
      limit: deps.limit,
      writer: createListingWriter({ db, endpoint: aiEndpointFromEnv(deps.env), clock: deps.clock }),
      hiddenSellers: (userId) => trust.hiddenSellers(userId),
    }),
    jobHandlers: {},
  } satisfies Feature;
}
