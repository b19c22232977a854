import { systemClock, type Clock } from '../../clock';
import { and, eq, sql } from 'drizzle-orm';
import type { StoredPhoto } from '@common/photos';
import { PLAN_DETAILS } from '@common/catalog';
import type { ListingInputSchema } from '@common/schemas/listings';
import { publicName } from '@common/labels';
import { placeLabel } from '@common/schemas/places';
import type { SessionUser } from '@common/schemas/auth';
import type { z } from 'zod';
import { lookupZip } from '../../geo/zip';
import type { Db, Tx } from '../../db/client';
import { conversations, listingPriceHistory, listings } from '../../db/schema';
import { lockMembers } from '../../db/member-state';
import { assertWithinQuota, type Quota } from '../../db/member-quota';
import { resolvePhotos } from '../../photos/uploads';
import type { Storage } from '../../storage/storage';
import { removeFiles } from '../../storage/removals';
import { ApiError } from '../../http/api-error';
import { assertNoOpenOrder } from '../orders/orders.service';
import { isUuid } from '../../http/ids';

type ListingRow = typeof listings.$inferSelect;

/** What other features do when a listing changes, queued in the same transaction (alerts, notifications). */
export interface ListingEvents {
  published(tx: Tx, listingId: string): Promise<void>;
  priceChanged(tx: Tx, listingId: string, oldPriceCents: number, priceCents: number): Promise<void>;
  sold(tx: Tx, listingId: string): Promise<void>;
  /**
   * Sold to a member who messaged about it: records the sale for its buyer to confirm. Answers what
   * to do after the transaction commits, or null.
   */
  soldTo(
    tx: Tx,
    sale: { listingId: string; title: string; sellerId: string; sellerName: string | null; buyerId: string },
  ): Promise<(() => Promise<void>) | null>;
  /** Back on the market: a sale not yet confirmed by its buyer is withdrawn. */
  relisted(tx: Tx, listingId: string): Promise<void>;
}

export type ListingValues = z.output<typeof ListingInputSchema>;

/**
 * The listing row's columns from the form's values. A ZIP code sets the location ("City, ST") and
 * the position; an unknown one is refused on its field.
 */
function columns(input: ListingValues) {
  const { verification: _verification, ...fields } = input;
  const place = fields.zip ? lookupZip(fields.zip) : null;
  if (fields.zip && !place) throw new ApiError(400, 'VALIDATION_ERROR', {}, { zip: 'validation.zipUnknown' });
  return {
    ...fields,
    ...(place
      ? { location: placeLabel(place), latitude: place.latitude, longitude: place.longitude }
      : { latitude: null, longitude: null }),
    referralAmountCents: fields.referralAmountCents ?? null,
    shippingCents: fields.shippingCents ?? null,
    // A floor means nothing on a firm price: no offers are taken then.
    offerFloorCents: fields.negotiable ? (fields.offerFloorCents ?? null) : null,
    partBrand: fields.partBrand ?? null,
    receiptImage: fields.receiptImage ?? null,
    yearStart: fields.yearStart ?? null,
    yearEnd: fields.yearEnd ?? null,
  };
}

/**
 * The listing's photos and receipt as the server stored them (see `resolvePhotos`): this member's
 * uploads, or ones the listing already had (`kept`).
 */
async function withStoredPhotos(
  tx: Tx,
  userId: string,
  input: ListingValues,
  kept: StoredPhoto[] = [],
): Promise<ListingValues> {
  const photos = await resolvePhotos(tx, userId, input.photos, kept);
  const receiptImage = input.receiptImage
    ? (await resolvePhotos(tx, userId, [input.receiptImage], kept))[0]
    : undefined;
  return { ...input, photos, ...(receiptImage ? { receiptImage } : {}) };
}

/** A member's unsold listings, capped by their plan. */
function activeListingsQuota(user: SessionUser): Quota {
  return {
    table: listings,
    owner: listings.userId,
    userId: user.id,
    limit: PLAN_DETAILS[user.plan].activeListings,
    error: 'PLAN_LIMIT',
    counts: sql`${listings.isSold} = false`,
  };
}

/** The member's own listing, locked for the rest of the transaction; anyone else's answers 404. */
async function lockOwn(tx: Tx, userId: string, id: string): Promise<ListingRow> {
  if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
  const rows = await tx
    .select()
    .from(listings)
    .where(and(eq(listings.id, id), eq(listings.userId, userId)))
    .for('update');
  if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
  return rows[0];
}

/**
 * A member's writes to their listings: create, edit, sold or available again, delete. Each is one
 * transaction with what follows from it (price history, the events' jobs), the plan's limit checked inside.
 */
export function createListingWrites(deps: {
  db: Db;
  storage: Storage;
  events: ListingEvents;
  /** Tells the job worker that jobs are waiting (after the transaction that queued them). */
  wakeJobs: () => void;
  /** The time a sale and an edit are stamped with (the system's when not given). */
  clock?: Clock;
}) {
  const { db, storage, events, wakeJobs } = deps;
  const clock = deps.clock ?? systemClock;
  return {
    /**
     * Lists a part: the listing, its first price and the saved-search match job in one transaction,
     * with the plan's active-listing limit checked inside it.
     */
    async create(user: SessionUser, input: ListingValues): Promise<string> {
      const id = await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: user.id });
        await assertWithinQuota(tx, activeListingsQuota(user));
        const photos = await withStoredPhotos(tx, user.id, input);
        const rows = await tx
          .insert(listings)
          .values({ ...columns(photos), userId: user.id })
          .returning({ id: listings.id });
        const id = rows[0]!.id;
        await tx.insert(listingPriceHistory).values({ listingId: id, priceCents: input.priceCents });
        await events.published(tx, id);
        return id;
      });
      wakeJobs();
      return id;
    },

    /** Saves every field, the price history and the price-drop job together; then drops removed photos. */
    async update(userId: string, id: string, input: ListingValues): Promise<void> {
      const before = await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: userId });
        const listing = await lockOwn(tx, userId, id);
        const kept = [...listing.photos, ...(listing.receiptImage ? [listing.receiptImage] : [])];
        const stored = await withStoredPhotos(tx, userId, input, kept);
        await tx
          .update(listings)
          .set({ ...columns(stored), updatedAt: clock() })
          .where(eq(listings.id, id));
        if (listing.priceCents !== input.priceCents) {
          await tx.insert(listingPriceHistory).values({ listingId: id, priceCents: input.priceCents });
          await events.priceChanged(tx, id, listing.priceCents, input.priceCents);
        }
        return listing;
      });
      wakeJobs();
      // Photos taken out of the listing are deleted from storage once the listing no longer names them.
      await removeFiles(
        db,
        storage,
        before.photos
          .filter((old) => !input.photos.some((p) => p.key === old.key))
          .map((old) => `${old.key}/`),
      );
    },

    /**
     * Sold (to one of its conversations' buyers, who may then review the seller and be reviewed) or
     * available again (within the plan's limit, checked in the same transaction).
     */
    async setSold(user: SessionUser, id: string, isSold: boolean, buyerId?: string): Promise<void> {
      const afterCommit = await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: user.id });
        const listing = await lockOwn(tx, user.id, id);
        if (listing.hiddenAt) throw new ApiError(403, 'LISTING_HIDDEN');
        if (listing.isSold === isSold) return null;
        // An order on its way settles the listing itself (sold when it completes, back when cancelled).
        await assertNoOpenOrder(tx, id);
        if (!isSold) await assertWithinQuota(tx, activeListingsQuota(user));
        if (isSold && buyerId) {
          const [asked] = await tx
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(eq(conversations.listingId, id), eq(conversations.buyerId, buyerId)));
          if (!asked)
            throw new ApiError(
              400,
              'VALIDATION_ERROR',
              {},
              { buyerId: 'validation.buyerNotInConversations' },
            );
        }
        // Sold ends what an accepted offer held it for; the offer stays accepted in the conversation.
        await tx
          .update(listings)
          .set({
            isSold,
            pendingBuyerId: null,
            soldToId: isSold ? (buyerId ?? null) : null,
            soldAt: isSold ? clock() : null,
            updatedAt: clock(),
          })
          .where(eq(listings.id, id));
        if (!isSold) {
          await events.relisted(tx, id);
          return null;
        }
        await events.sold(tx, id);
        return buyerId
          ? events.soldTo(tx, {
              listingId: id,
              title: listing.title,
              sellerId: user.id,
              sellerName: publicName(user.firstName ?? null, user.lastName ?? null),
              buyerId,
            })
          : null;
      });
      wakeJobs();
      await afterCommit?.();
    },

    /**
     * Deletes a listing: gone from browse, search, favourites and the sitemap. Its conversations stay
     * for both members, keeping the title, price and first photo as they were (that photo's files stay).
     */
    async remove(userId: string, id: string): Promise<void> {
      const { listing, kept } = await db.transaction(async (tx) => {
        const listing = await lockOwn(tx, userId, id);
        await assertNoOpenOrder(tx, id);
        const first = listing.photos[0] ?? null;
        const kept = await tx
          .update(conversations)
          .set({ listingTitle: listing.title, listingPriceCents: listing.priceCents, listingPhoto: first })
          .where(eq(conversations.listingId, id))
          .returning({ id: conversations.id });
        await tx.delete(listings).where(eq(listings.id, id));
        return { listing, kept: kept.length > 0 };
      });
      const files = [
        ...listing.photos.slice(kept ? 1 : 0),
        ...(listing.receiptImage ? [listing.receiptImage] : []),
      ];
      await removeFiles(
        db,
        storage,
        files.map((photo) => `${photo.key}/`),
      );
    },
  };
}
