import type { Feature, Infrastructure } from '../feature';
import type { ListingsService } from '../listings/listings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { createReviewsService } from './reviews.service';
import { reviewsRoutes } from './reviews.routes';
import { reviewAskJobs } from './review-asks';

/**
 * Confirmed sales and the reviews written on them, and asking both sides to write them. The sale
 * steps a listing's change sets off (`sales.ts`) are built by the listings feature, which comes first.
 */
export function reviewsFeature(
  deps: Pick<Infrastructure, 'db' | 'clock' | 'limit' | 'wakeJobs' | 'mailer' | 'env'> & {
    listings: ListingsService;
    notifications: NotificationsService;
  },
) {
  const reviews = createReviewsService({
    db: deps.db,
    listings: deps.listings,
    notifications: deps.notifications,
    wakeJobs: deps.wakeJobs,
    clock: deps.clock,
  });
  return {
    service: reviews,
    routes: reviewsRoutes({ reviews, limit: deps.limit }),
    jobHandlers: reviewAskJobs({
      db: deps.db,
      notifications: deps.notifications,
      mailer: deps.mailer,
      publicUrl: deps.env.PUBLIC_URL,
      clock: deps.clock,
    }),
  } satisfies Feature;
}
