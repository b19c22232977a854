export { ListingOffer, OfferAnswer, OfferEventCard, OwnerPending, PendingBadge } from './offer-ui';
