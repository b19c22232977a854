export { ReviewPanel, SellerRating, SoldToDialog, Stars } from './review-ui';
export { reviewQueries } from './api';
