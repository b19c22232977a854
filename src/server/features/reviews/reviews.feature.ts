import type { Feature, Infrastructure } from '../feature';
import type { ListingsService } from '../listings/listings.service';
import { createReviewsService } from './reviews.service';
import { reviewsRoutes } from './reviews.routes';

/**
 * Confirmed sales and the reviews written on them. The sale steps a listing's change sets off
 * (`sales.ts`) are built by the listings feature, which comes first.
 */
export function reviewsFeature(
  deps: Pick<Infrastructure, 'db' | 'clock' | 'limit'> & { listings: ListingsService },
) {
  const reviews = createReviewsService({ db: deps.db, listings: deps.listings, clock: deps.clock });
  return {
    service: reviews,
    routes: reviewsRoutes({ reviews, limit: deps.limit }),
    jobHandlers: {},
  } satisfies Feature;
}
