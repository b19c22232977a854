import { inArray, sql } from 'drizzle-orm';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { PLANS, PLAN_DETAILS } from '@common/catalog';
import type { ListingCard, PhotoView } from '@common/schemas/listings';
import { ratingOf } from '@common/schemas/rating';
import { listings, users } from '../db/schema';
import { isStoredPhoto } from '../photos/store-photo';
import type { Storage } from '../storage/storage';

/**
 * A listing's card and its photos as the API shows them: the one shape every page of listings uses
 * (browse, For you, a seller's page, favourites, the dashboard), and the photo view conversations and
 * posts use too. Other features import this module only, never the listings service.
 */

type ListingRow = typeof listings.$inferSelect;

/** What a card shows (and fitment reads): a page of cards never carries descriptions or search documents. */
const CARD_FIELDS = [
  'id',
  'title',
  'priceCents',
  'category',
  'condition',
  'make',
  'model',
  'yearStart',
  'yearEnd',
  'location',
  'photos',
  'isSold',
  'createdAt',
  'listedAt',
  'boostedUntil',
  'rank',
  'hiddenAt',
  'pendingBuyerId',
  'partId',
] as const;
export const cardColumns = Object.fromEntries(CARD_FIELDS.map((field) => [field, listings[field]])) as {
  [Field in (typeof CARD_FIELDS)[number]]: (typeof listings)[Field];
};
export type CardRow = Pick<ListingRow, keyof typeof cardColumns>;

/** The plans whose members show the verified-seller badge (the catalog's rule). */
const VERIFIED_PLANS = PLANS.filter((plan) => PLAN_DETAILS[plan].verifiedBadge);
/**
 * Whether the listing's seller shows the badge, looked up for a page's rows only (a join could read every
 * seller when matches are few).
 */
export const sellerFacts = sql<{
  verified: boolean;
  sum: number;
  count: number;
}>`(select json_build_object('verified', ${inArray(users.plan, VERIFIED_PLANS)}, 'sum', ${users.ratingSum}, 'count', ${users.ratingCount}) from ${users} where ${users.id} = ${listings.userId})`;

/** A card with what it shows of its seller: the verified badge and their stars. */
export function cardOf(
  storage: Storage,
  row: { listing: CardRow; seller: { verified: boolean; sum: number; count: number } | null },
  now: Date,
): ListingCard {
  return {
    ...toCard(storage, row.listing, now),
    sellerVerified: row.seller?.verified ?? false,
    sellerRating: ratingOf(row.seller?.sum ?? 0, row.seller?.count ?? 0),
  };
}

export function photoView(storage: Storage, photo: StoredPhoto): PhotoView {
  // A photo that is not one the pipeline made (older data, a bad write) shows as "no photo": one bad
  // photo never fails a page.
  const usable = isStoredPhoto(photo);
  return {
    key: photo.key,
    width: photo.width,
    height: photo.height,
    sources: (usable ? photo.variants : []).map((width) => ({
      url: storage.publicUrl(photoVariantKey(photo, width)),
      width: Math.min(width, photo.width),
    })),
  };
}

/** A listing's card as shown at `now` (a boost that has run out by then is not shown). */
export function toCard(storage: Storage, row: CardRow, now: Date): ListingCard {
  const first = row.photos[0];
  return {
    id: row.id,
    title: row.title,
    priceCents: row.priceCents,
    category: row.category,
    condition: row.condition,
    make: row.make,
    model: row.model,
    yearStart: row.yearStart,
    yearEnd: row.yearEnd,
    location: row.location,
    ...(row.partId ? { partNumber: row.partId } : {}),
    photo: first ? photoView(storage, first) : null,
    // A hidden listing is off the market like a sold one; its owner is told which.
    isSold: row.isSold && !row.hiddenAt,
    ...(row.hiddenAt ? { hidden: true } : {}),
    ...(row.pendingBuyerId && !row.isSold ? { pending: true } : {}),
    createdAt: row.createdAt.toISOString(),
    boostedUntil: row.boostedUntil && row.boostedUntil > now ? row.boostedUntil.toISOString() : null,
  };
}
