import { systemClock, type Clock } from '../../clock';
import { and, eq, getTableName, sql } from 'drizzle-orm';
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
import { CARD_FIELDS, fieldsFromJson, jsonField, photoView, toCard } from '../../cards/listing-card';
import { namedRows } from '../../db/named-statements';

type ListingRow = typeof listings.$inferSelect;

/** What the listing page shows of the listing: its card's fields and the rest of its page. */
const DETAIL_FIELDS = [
  ...CARD_FIELDS,
  'userId',
  'description',
  'negotiable',
  'offerFloorCents',
  'referralAmountCents',
  'shippingCents',
  'localPickup',
  'holdPayment',
  'acceptsReturns',
  'partBrand',
  'partBrandOther',
  'productUrl',
  'receiptImage',
  'views',
  'zip',
] as const;

/**
 * The page's one statement: the listing, its seller, their profile's choices and their payouts, as one
 * JSON array (the listing's fields in `DETAIL_FIELDS`' order, then the seller's). The driver reads one
 * value where it read 49 columns, each described anew on every run (its per-column work was most of the
 * driver's 50 µs a request), and the page is made from plain values without Drizzle mapping them.
 * Prepared by name: each connection parses and plans it once (a lookup by primary key, one plan for
 * every id), where planning alone had been 1.4 ms of 2.1 ms at a million listings.
 */
const DETAIL_STATEMENT = {
  name: 'listing_detail',
  text: (() => {
    const name = (column: { name: string }) => `"${column.name}"`;
    const seller = `"listings".${name(listings.userId)}`;
    return `select json_build_array(${DETAIL_FIELDS.map(jsonField).join(', ')}, u.${name(users.firstName)}, u.${name(users.lastName)}, u.${name(users.plan)}, u.${name(users.ratingSum)}, u.${name(users.ratingCount)}, p.${name(profiles.shipOk)}, p.${name(profiles.localOk)}, pa.${name(payoutAccounts.state)})
      from "${getTableName(listings)}" "listings"
      join "${getTableName(users)}" u on u.${name(users.id)} = ${seller}
      left join "${getTableName(profiles)}" p on p.${name(profiles.userId)} = ${seller}
      left join "${getTableName(payoutAccounts)}" pa on pa.${name(payoutAccounts.userId)} = ${seller}
      where "listings".${name(listings.id)} = $1`;
  })(),
};

/** The page's row from the statement's one value. */
function detailFromJson(values: unknown[]) {
  const seller = DETAIL_FIELDS.length;
  return {
    listing: fieldsFromJson(DETAIL_FIELDS, values),
    firstName: values[seller] as string,
    lastName: values[seller + 1] as string,
    plan: values[seller + 2] as (typeof users.$inferSelect)['plan'],
    ratingSum: values[seller + 3] as number,
    ratingCount: values[seller + 4] as number,
    ships: values[seller + 5] as boolean | null,
    localPickup: values[seller + 6] as boolean | null,
    payouts: values[seller + 7] as (typeof payoutAccounts.$inferSelect)['state'] | null,
  };
}

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
      const [found] = await namedRows(options.afterWrite ? db : reads, DETAIL_STATEMENT, [id]);
      if (!found) return null;
      const row = detailFromJson(found[0] as unknown[]);
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
