export { ListingOffer, OfferAnswer, OfferEventCard, OwnerPending } from './offer-ui';
