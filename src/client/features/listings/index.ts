/** Listings: browse, a listing, create and edit; the card and status actions other screens reuse. */
export { ListingCard, ListingCardSkeleton, ListingGrid } from './listing-card';
export { useListingStatus } from './use-listing-status';
export { listingQueries } from './api';
export { PendingBadge } from './listing-badges';
