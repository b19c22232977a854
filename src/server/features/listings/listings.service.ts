import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { PLAN_DETAILS, isPlan } from '@common/catalog';
import {
  COUNT_LIMIT,
  BROWSE_PAGE_SIZE,
  publicName,
  type BrowseQuery,
  type BrowseResponse,
  type ListingInputSchema,
  type ListingCard,
  type ListingDetail,
  type PhotoView,
} from '@common/schemas/listings';
import type { Db, Tx } from '../../db/client';
import { conversations, listingPriceHistory, listings, listingViews, users } from '../../db/schema';
import { assertWithinQuota, type Quota } from '../../db/member-quota';
import { isStoredPhoto } from '../../photos/store-photo';
import { resolvePhotos } from '../../photos/uploads';
import type { SessionUser } from '@common/schemas/auth';
import type { z } from 'zod';
import type { Storage } from '../../storage/storage';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import type { Vehicle } from '@common/schemas/vehicles';
import { fitFor, fitsAnyCondition, yearWithinListing } from '../fleet/fleet.service';

type ListingRow = typeof listings.$inferSelect;

const TYPO_THRESHOLD = 0.45;

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

export function toCard(storage: Storage, row: ListingRow): ListingCard {
  const first = row.photos[0];
  return {
    id: row.id,
    title: row.title,
    price: row.price,
    category: row.category,
    condition: row.condition,
    make: row.make,
    model: row.model,
    yearStart: row.yearStart,
    yearEnd: row.yearEnd,
    location: row.location,
    photo: first ? photoView(storage, first) : null,
    isSold: row.isSold,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `turbo kit` → `turbo:* & kit:*`: every word, each also as a prefix. Null when no word is left. */
export function prefixQuery(search: string): string | null {
  const words = search
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)
    .slice(0, 8);
  return words.length ? words.map((w) => `${w}:*`).join(' & ') : null;
}

interface Cursor {
  value: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

function decodeCursor(raw: string | undefined): Cursor | null {
  if (!raw) return null;
  try {
    const [value, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof value !== 'string' || typeof id !== 'string' || !isUuid(id)) return null;
    return { value, id };
  } catch {
    return null;
  }
}

/** The WHERE of a browse: unsold listings matching every filter given. */
function browseConditions(query: Partial<BrowseQuery>, fleet: Vehicle[] | null): SQL[] {
  const conditions: SQL[] = [eq(listings.isSold, false)];
  if (query.search) {
    const tsquery = prefixQuery(query.search);
    // Full-text words (and prefixes), or a title that is close to the words typed (a typo, a missing
    // space): pg_trgm's word similarity, served by the trigram index.
    conditions.push(
      tsquery
        ? sql`(${listings.search} @@ to_tsquery('simple', ${tsquery}) or ${query.search} <% ${listings.title})`
        : sql`${query.search} <% ${listings.title}`,
    );
  }
  if (query.category) conditions.push(eq(listings.category, query.category));
  // Makes come from one list, so an exact match can use the (make, created_at) index.
  if (query.make) conditions.push(eq(listings.make, query.make));
  if (query.model) conditions.push(sql`lower(${listings.model}) = lower(${query.model})`);
  if (query.year !== undefined) conditions.push(yearWithinListing(query.year));
  if (query.minPrice !== undefined) conditions.push(sql`${listings.price} >= ${query.minPrice}`);
  if (query.maxPrice !== undefined) conditions.push(sql`${listings.price} <= ${query.maxPrice}`);
  if (query.condition) conditions.push(eq(listings.condition, query.condition));
  // Visitors have no fleet: the filter is ignored for them.
  if (query.fits && fleet)
    conditions.push(
      fitsAnyCondition(query.fits === 'any' ? fleet : fleet.filter((v) => v.id === query.fits)),
    );
  return conditions;
}

/** What other features do when a listing changes, queued in the same transaction (alerts, notifications). */
export interface ListingEvents {
  published(tx: Tx, listingId: string): Promise<void>;
  priceChanged(tx: Tx, listingId: string, oldPrice: string, price: number): Promise<void>;
  sold(tx: Tx, listingId: string): Promise<void>;
}

type ListingValues = z.output<typeof ListingInputSchema>;

/** The listing row's columns from the form's values. */
function columns(input: ListingValues) {
  const { verification: _verification, ...fields } = input;
  return {
    ...fields,
    price: String(fields.price),
    referralAmount: fields.referralAmount === undefined ? null : String(fields.referralAmount),
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
    limit: PLAN_DETAILS[isPlan(user.plan) ? user.plan : 'bronze'].activeListings,
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

export function createListingsService(deps: {
  db: Db;
  storage: Storage;
  events: ListingEvents;
  /** Tells the job worker that jobs are waiting (after the transaction that queued them). */
  wakeJobs: () => void;
}) {
  const { db, storage, events, wakeJobs } = deps;

  return {
    /** One page of unsold listings, keyset-paginated on the sort key and the id, with a bounded count. */
    async browse(query: BrowseQuery, fleet: Vehicle[] | null = null): Promise<BrowseResponse> {
      const sort = query.sort ?? 'newest';
      const limit = query.limit ?? BROWSE_PAGE_SIZE;
      const conditions = browseConditions(query, fleet);
      const cursor = decodeCursor(query.cursor);
      const page = [...conditions];
      if (cursor) {
        if (sort === 'newest')
          page.push(
            sql`(${listings.createdAt}, ${listings.id}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)`,
          );
        else if (sort === 'price_asc')
          page.push(
            sql`(${listings.price}, ${listings.id}) > (${cursor.value}::numeric, ${cursor.id}::uuid)`,
          );
        else
          page.push(
            sql`(${listings.price}, ${listings.id}) < (${cursor.value}::numeric, ${cursor.id}::uuid)`,
          );
      }
      const order =
        sort === 'newest'
          ? [desc(listings.createdAt), desc(listings.id)]
          : sort === 'price_asc'
            ? [asc(listings.price), asc(listings.id)]
            : [desc(listings.price), desc(listings.id)];

      const { rows, counted } = await db.transaction(async (tx) => {
        const setting = (name: string, value: string) =>
          tx.execute(sql`select set_config(${name}, ${value}, true)`);
        if (query.search) {
          // How close a title must be to the words typed: 0.45 lets "exaust" find "exhaust" (0.5).
          await setting('pg_trgm.word_similarity_threshold', String(TYPO_THRESHOLD));
          // Count through the text indexes, not by testing rows one by one.
          await setting('enable_seqscan', 'off');
        }
        // Counting stops after COUNT_LIMIT + 1 matches: never an exact count over a big result.
        const counted = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from ${listings} where ${and(...conditions)} limit ${COUNT_LIMIT + 1}) matched`,
        );
        if (query.search) {
          await setting('enable_seqscan', 'on');
          // Few matches: collect them from the text indexes and sort them (a walk down the date index
          // would test every listing). Many matches: the walk finds a page at once.
          if ((counted.rows[0]?.n ?? 0) <= COUNT_LIMIT) await setting('enable_indexscan', 'off');
        }
        const rows = await tx
          .select()
          .from(listings)
          .where(and(...page))
          .orderBy(...order)
          .limit(limit + 1);
        return { rows, counted };
      });
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      // The verified badge: one look-up for the page's sellers (a primary-key read of at most 48 rows).
      const sellerIds = [...new Set(items.map((row) => row.userId))];
      const verified = new Set(
        sellerIds.length
          ? (
              await db
                .select({ id: users.id })
                .from(users)
                .where(and(inArray(users.id, sellerIds), sql`${users.plan} in ('gold', 'platinum')`))
            ).map((row) => row.id)
          : [],
      );
      const more = rows.length > limit && last;
      const n = counted.rows[0]?.n ?? 0;
      return {
        items: items.map((row) => ({
          ...toCard(storage, row),
          sellerVerified: verified.has(row.userId),
          ...(fleet ? { fits: fitFor(fleet, row) } : {}),
        })),
        nextCursor: more
          ? encodeCursor({
              value: sort === 'newest' ? last.createdAt.toISOString() : last.price,
              id: last.id,
            })
          : null,
        count: { value: Math.min(n, COUNT_LIMIT), more: n > COUNT_LIMIT },
      };
    },

    /**
     * How many unsold listings match, at most `cap` (never an exact count over a big result);
     * optionally only those listed after `since`, or only the listing `listingId` (does it match?).
     */
    async countMatching(
      query: Partial<BrowseQuery>,
      fleet: Vehicle[] | null,
      options: { since?: Date; listingId?: string; cap?: number } = {},
    ): Promise<number> {
      const cap = options.cap ?? COUNT_LIMIT;
      const conditions = browseConditions(query, fleet);
      if (options.since)
        conditions.push(sql`${listings.createdAt} > ${options.since.toISOString()}::timestamptz`);
      if (options.listingId) conditions.push(eq(listings.id, options.listingId));
      return db.transaction(async (tx) => {
        if (query.search) {
          await tx.execute(
            sql`select set_config('pg_trgm.word_similarity_threshold', ${String(TYPO_THRESHOLD)}, true)`,
          );
          await tx.execute(sql`select set_config('enable_seqscan', 'off', true)`);
        }
        const counted = await tx.execute<{ n: number }>(
          sql`select count(*)::int as n from (select 1 from ${listings} where ${and(...conditions)} limit ${cap}) matched`,
        );
        return counted.rows[0]?.n ?? 0;
      });
    },

    async find(id: string): Promise<ListingRow | null> {
      if (!isUuid(id)) return null;
      const rows = await db.select().from(listings).where(eq(listings.id, id)).limit(1);
      return rows[0] ?? null;
    },

    /** The listing page's data, with the seller's public name. */
    async detail(id: string, viewerId: string | null): Promise<ListingDetail | null> {
      if (!isUuid(id)) return null;
      const rows = await db
        .select({ listing: listings, firstName: users.firstName, lastName: users.lastName, plan: users.plan })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId))
        .where(eq(listings.id, id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const l = row.listing;
      const isOwner = viewerId === l.userId;
      return {
        ...toCard(storage, l),
        description: l.description,
        photos: l.photos.map((p) => photoView(storage, p)),
        negotiable: l.negotiable,
        referralAmount: l.referralAmount,
        partId: l.partId,
        partBrand: l.partBrand,
        partBrandOther: l.partBrandOther,
        productUrl: l.productUrl,
        receiptImage: isOwner && l.receiptImage ? photoView(storage, l.receiptImage) : null,
        views: l.views,
        seller: { name: publicName(row.firstName, row.lastName), verified: row.plan !== 'bronze' },
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

    /**
     * Lists a part: the listing, its first price and the saved-search match job in one transaction,
     * with the plan's active-listing limit checked inside it.
     */
    async create(user: SessionUser, input: ListingValues): Promise<string> {
      const id = await db.transaction(async (tx) => {
        await assertWithinQuota(tx, activeListingsQuota(user));
        const photos = await withStoredPhotos(tx, user.id, input);
        const rows = await tx
          .insert(listings)
          .values({ ...columns(photos), userId: user.id })
          .returning({ id: listings.id });
        const id = rows[0]!.id;
        await tx.insert(listingPriceHistory).values({ listingId: id, price: String(input.price) });
        await events.published(tx, id);
        return id;
      });
      wakeJobs();
      return id;
    },

    /** Saves every field, the price history and the price-drop job together; then drops removed photos. */
    async update(userId: string, id: string, input: ListingValues): Promise<void> {
      const before = await db.transaction(async (tx) => {
        const listing = await lockOwn(tx, userId, id);
        const kept = [...listing.photos, ...(listing.receiptImage ? [listing.receiptImage] : [])];
        const stored = await withStoredPhotos(tx, userId, input, kept);
        await tx
          .update(listings)
          .set({ ...columns(stored), updatedAt: new Date() })
          .where(eq(listings.id, id));
        if (Number(listing.price) !== input.price) {
          await tx.insert(listingPriceHistory).values({ listingId: id, price: String(input.price) });
          await events.priceChanged(tx, id, listing.price, input.price);
        }
        return listing;
      });
      wakeJobs();
      // Photos taken out of the listing are deleted from storage once the listing no longer names them.
      for (const old of before.photos)
        if (!input.photos.some((p) => p.key === old.key)) await storage.deletePrefix(`${old.key}/`);
    },

    /** Sold or available again (within the plan's limit, checked in the same transaction). */
    async setSold(user: SessionUser, id: string, isSold: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const listing = await lockOwn(tx, user.id, id);
        if (listing.isSold === isSold) return;
        if (!isSold) await assertWithinQuota(tx, activeListingsQuota(user));
        await tx.update(listings).set({ isSold, updatedAt: new Date() }).where(eq(listings.id, id));
        if (isSold) await events.sold(tx, id);
      });
      wakeJobs();
    },

    /**
     * Deletes a listing: gone from browse, search, favourites and the sitemap. Its conversations stay
     * for both members, keeping the title, price and first photo as they were (that photo's files stay).
     */
    async remove(userId: string, id: string): Promise<void> {
      const { listing, kept } = await db.transaction(async (tx) => {
        const listing = await lockOwn(tx, userId, id);
        const first = listing.photos[0] ?? null;
        const kept = await tx
          .update(conversations)
          .set({ listingTitle: listing.title, listingPrice: listing.price, listingPhoto: first })
          .where(eq(conversations.listingId, id))
          .returning({ id: conversations.id });
        await tx.delete(listings).where(eq(listings.id, id));
        return { listing, kept: kept.length > 0 };
      });
      const files = [
        ...listing.photos.slice(kept ? 1 : 0),
        ...(listing.receiptImage ? [listing.receiptImage] : []),
      ];
      for (const photo of files) await storage.deletePrefix(`${photo.key}/`);
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
