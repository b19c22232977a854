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
import { CARD_FIELDS, listingJson, photoView, toCard } from '../../cards/listing-card';
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
type DetailField = (typeof DETAIL_FIELDS)[number];

const column = (of: { name: string }) => `"${of.name}"`;

/** What the page shows of the seller, after the listing's fields. */
interface SellerValues {
  firstName: string;
  lastName: string;
  plan: (typeof users.$inferSelect)['plan'];
  ratingSum: number;
  ratingCount: number;
  ships: boolean | null;
  localPickup: boolean | null;
  payouts: (typeof payoutAccounts.$inferSelect)['state'] | null;
}
/** Where each comes from: `u` is the seller's user row, `p` their profile, `pa` their payout account. */
const SELLER_VALUES: Record<keyof SellerValues, string> = {
  firstName: `u.${column(users.firstName)}`,
  lastName: `u.${column(users.lastName)}`,
  plan: `u.${column(users.plan)}`,
  ratingSum: `u.${column(users.ratingSum)}`,
  ratingCount: `u.${column(users.ratingCount)}`,
  ships: `p.${column(profiles.shipOk)}`,
  localPickup: `p.${column(profiles.localOk)}`,
  payouts: `pa.${column(payoutAccounts.state)}`,
};
const SELLER_KEYS = Object.keys(SELLER_VALUES) as (keyof SellerValues)[];

/**
 * The page's one statement: the listing, its seller, their profile's choices and their payouts, as one
 * JSON array (the listing's fields in `DETAIL_FIELDS`' order, then `SELLER_VALUES`'). The driver reads
 * one value where it read 49 columns, each described anew on every run (its per-column work was most of
 * the driver's 50 µs a request), and the page is made from plain values without Drizzle mapping them.
 * Prepared by name: each connection parses and plans it once (a lookup by primary key, one plan for
 * every id), where planning alone had been 1.4 ms of 2.1 ms at a million listings.
 */
const sellerId = `"listings".${column(listings.userId)}`;
const DETAIL_STATEMENT = {
  name: 'listing_detail',
  text: `select json_build_array(${[...DETAIL_FIELDS.map((field) => listingJson.field(field)), ...Object.values(SELLER_VALUES)].join(', ')})
      from "${getTableName(listings)}" "listings"
      join "${getTableName(users)}" u on u.${column(users.id)} = ${sellerId}
      left join "${getTableName(profiles)}" p on p.${column(profiles.userId)} = ${sellerId}
      left join "${getTableName(payoutAccounts)}" pa on pa.${column(payoutAccounts.userId)} = ${sellerId}
      where "listings".${column(listings.id)} = $1`,
};

/** The page's row from the statement's one value. */
function detailFromJson(values: unknown[]): { listing: Pick<ListingRow, DetailField> } & SellerValues {
  const seller = {} as Record<keyof SellerValues, unknown>;
  SELLER_KEYS.forEach((key, i) => (seller[key] = values[DETAIL_FIELDS.length + i]));
  return Object.assign(seller as SellerValues, { listing: listingJson.read(DETAIL_FIELDS, values) });
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
      // The card made for this request, its page's fields added to it, and the optional ones set after:
      // a literal spreading the card (whose optional fields make it one of several shapes) and more
      // fields was built field by field in V8's slow path, 15 KB and 20-40 µs a page (issue 37's
      // profile), where adding to one object is a fraction of that.
      const page: ListingDetail = Object.assign(toCard(storage, l, clock()), {
        description: l.description,
        photos: l.photos.map((p) => photoView(storage, p)),
        negotiable: l.negotiable,
        referralAmountCents: l.referralAmountCents,
        checkout: {
          offered: checkoutOffered(payments, row.payouts),
          shippingCents: l.shippingCents,
          localPickup: l.localPickup,
          held: paymentHeld(row.plan, l.holdPayment),
          demo: payments === 'demo',
          acceptsReturns: l.acceptsReturns,
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
      });
      if (isOwner) {
        page.offerFloorCents = l.offerFloorCents;
        page.checkout.holdPayment = l.holdPayment;
        page.storedPhotos = l.photos;
        page.storedReceipt = l.receiptImage ?? null;
      } else if (viewerId) Object.assign(page, await forMember(l.id, viewerId));
      return page;
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
