import type { Feature, Infrastructure } from '../feature';
import type { FleetService } from '../fleet/fleet.service';
import type { ListingsService } from '../listings/listings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { createSavedSearchesService } from './saved-searches.service';
import { savedSearchesRoutes } from './saved-searches.routes';

/**
 * Saved searches and their alerts. Built after listings, whose service counts the matches; listings
 * queue a published listing's match through `listing-published.ts`, which needs nothing from here.
 */
export function savedSearchesFeature(
  deps: Pick<Infrastructure, 'env' | 'db' | 'mailer' | 'wakeJobs'> & {
    listings: ListingsService;
    fleet: FleetService;
    notifications: NotificationsService;
  },
) {
  const savedSearches = createSavedSearchesService({
    db: deps.db,
    listings: deps.listings,
    fleet: deps.fleet,
    notifications: deps.notifications,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL,
    wakeJobs: deps.wakeJobs,
  });
  return {
    service: savedSearches,
    routes: savedSearchesRoutes(savedSearches),
    jobHandlers: savedSearches.jobHandlers,
  } satisfies Feature;
}
