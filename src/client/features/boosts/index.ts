/** Boosts: the owner's Boost action (listing page, dashboard) and the "Boosted" badge (cards, listings). */
export { BoostAction } from './boost-action';
export { BoostedBadge } from './boosted-badge';
