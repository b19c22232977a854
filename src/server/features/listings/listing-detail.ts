import { systemClock, type Clock } from '../../clock';
import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { PLAN_DETAILS } from '@common/catalog';
import { paymentHeld } from '@common/fees';
import type { ListingDetail } from '@common/schemas/listings';
import { publicName } from '@common/labels';
import { ratingOf } from '@common/schemas/rating';
import type { Db } from '../../db/client';
import { listings, listingViews, offers, payoutAccounts, profiles, users } from '../../db/schema';
import { isUuid } from '../../http/ids';
import { checkoutOffered, type PaymentsMode } from '../orders/payments-mode';
import type { Storage } from '../../storage/storage';
import { newestOffer } from '../offers/offer-view';
import { buyerReviewOpenUntil } from '../reviews/review-asks';
import { photoView, toCard } from '../../cards/listing-card';

type ListingRow = typeof listings.$inferSelect;

/**
 * The listing's columns its page reads: all but its search vector, the words of its title and
 * description indexed, which is as long as they are and which the page never shows.
 */
const { search: _search, ...shownColumns } = getTableColumns(listings);

/** One listing: its row, its page (what the viewer may see of it) and its views. */
export function createListingDetail(deps: {
  db: Db;
  /** Where the listing page reads (a replica when there are some). */
  reads?: Db | undefined;
  storage: Storage;
  /** The time the page is shown at (the system's when not given). */
  clock?: Clock;
  /** How deals are paid (payments-mode.ts): checkout is offered only when not `off`. */
  payments?: PaymentsMode;
}) {
  const { db, storage } = deps;
  const clock = deps.clock ?? systemClock;
  const reads = deps.reads ?? db;
  const payments = deps.payments ?? 'off';

  /**
   * The page's one statement, built once and prepared by name: each connection parses and plans it
   * once, where an unnamed statement was planned on every request (1.4 ms of its 2.1 ms at a million
   * listings, against 0.2 ms to run), and Drizzle no longer builds its SQL per request.
   */
  const detailRow = (from: Db) =>
    from
      .select({
        listing: shownColumns,
        firstName: users.firstName,
        lastName: users.lastName,
        plan: users.plan,
        ratingSum: users.ratingSum,
        ratingCount: users.ratingCount,
        ships: profiles.shipOk,
        localPickup: profiles.localOk,
        payouts: payoutAccounts.state,
      })
      .from(listings)
      .innerJoin(users, eq(users.id, listings.userId))
      .leftJoin(profiles, eq(profiles.userId, listings.userId))
      .leftJoin(payoutAccounts, eq(payoutAccounts.userId, listings.userId))
      .where(eq(listings.id, sql.placeholder('id')))
      .limit(1)
      .prepare('listing_detail');
  const detailOnReads = detailRow(reads);
  const detailOnPrimary = reads === db ? detailOnReads : detailRow(db);

  /** What only a signed-in member other than its owner sees: their offer, and their review to write. */
  async function forMember(listingId: string, viewerId: string) {
    const [myOffer, reviewOpenUntil] = await Promise.all([
      newestOffer(reads, and(eq(offers.listingId, listingId), eq(offers.buyerId, viewerId)), viewerId),
      buyerReviewOpenUntil(reads, listingId, viewerId, clock()),
    ]);
    return { myOffer, reviewOpenUntil };
  }

  return {
    async find(id: string): Promise<ListingRow | null> {
      if (!isUuid(id)) return null;
      const rows = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The listing page's data, with the seller's public name. */
    async detail(
      id: string,
      viewerId: string | null,
      options: { afterWrite?: boolean } = {},
    ): Promise<ListingDetail | null> {
      if (!isUuid(id)) return null;
      // Right after this request's own write, only the primary is sure to have it.
      const rows = await (options.afterWrite ? detailOnPrimary : detailOnReads).execute({ id });
      const row = rows[0];
      if (!row) return null;
      const l = row.listing;
      const isOwner = viewerId === l.userId;
      // Hidden by a moderator (or with its seller suspended): gone for everyone but its owner.
      if (l.hiddenAt && !isOwner) return null;
      return {
        ...toCard(storage, l, clock()),
        description: l.description,
        photos: l.photos.map((p) => photoView(storage, p)),
        negotiable: l.negotiable,
        ...(isOwner ? { offerFloorCents: l.offerFloorCents } : {}),
        ...(viewerId && !isOwner ? await forMember(l.id, viewerId) : {}),
        referralAmountCents: l.referralAmountCents,
        checkout: {
          offered: checkoutOffered(payments, row.payouts),
          shippingCents: l.shippingCents,
          localPickup: l.localPickup,
          held: paymentHeld(row.plan, l.holdPayment),
          demo: payments === 'demo',
          acceptsReturns: l.acceptsReturns,
          ...(isOwner ? { holdPayment: l.holdPayment } : {}),
        },
        partId: l.partId,
        partBrand: l.partBrand,
        partBrandOther: l.partBrandOther,
        productUrl: l.productUrl,
        receiptImage: isOwner && l.receiptImage ? photoView(storage, l.receiptImage) : null,
        views: l.views,
        zip: l.zip,
        seller: {
          id: l.userId,
          name: publicName(row.firstName, row.lastName),
          verified: PLAN_DETAILS[row.plan].verifiedBadge,
          rating: ratingOf(row.ratingSum, row.ratingCount),
          // The seller's own choices from onboarding and settings.
          ships: row.ships ?? false,
          localPickup: row.localPickup ?? false,
        },
        isOwner,
        ...(isOwner ? { storedPhotos: l.photos, storedReceipt: l.receiptImage ?? null } : {}),
      };
    },

    /** Counts a view once per visitor, listing and day; never the owner's. */
    async countView(listing: ListingRow, viewerKey: string, viewerId: string | null): Promise<void> {
      if (viewerId === listing.userId) return;
      await db.transaction(async (tx) => {
        const inserted = await tx
          .insert(listingViews)
          .values({ listingId: listing.id, viewerKey, day: sql`current_date` })
          .onConflictDoNothing()
          .returning({ listingId: listingViews.listingId });
        if (inserted.length)
          await tx
            .update(listings)
            .set({ views: sql`${listings.views} + 1` })
            .where(eq(listings.id, listing.id));
      });
    },
  };
}
