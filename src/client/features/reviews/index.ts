export { ReviewPanel, SoldToDialog } from './review-ui';
export { LeaveReviewCard } from './leave-review-card';
export { reviewQueries } from './api';
export { SellerRating, Stars } from './stars';
