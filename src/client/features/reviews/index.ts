export { ReviewPanel, SoldToDialog } from './review-ui';
export { reviewQueries } from './api';
export { SellerRating, Stars } from './stars';
