import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { PLAN_DETAILS, isPlan } from '@common/catalog';
import {
  COUNT_LIMIT,
  BROWSE_PAGE_SIZE,
  publicName,
  type BrowseQuery,
  type BrowseResponse,
  type ListingCard,
  type ListingDetail,
  type PhotoView,
} from '@common/schemas/listings';
import type { Db } from '../../db/client';
import { listingPriceHistory, listings, listingViews, users } from '../../db/schema';
import type { Storage } from '../../storage/storage';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import type { Vehicle } from '@common/schemas/vehicles';
import { fitFor, fitsAnyCondition } from '../fleet/fleet.service';

type ListingRow = typeof listings.$inferSelect;

const TYPO_THRESHOLD = 0.45;

export function photoView(storage: Storage, photo: StoredPhoto): PhotoView {
  return {
    key: photo.key,
    width: photo.width,
    height: photo.height,
    sources: photo.variants.map((width) => ({
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
  if (query.year !== undefined) {
    conditions.push(sql`${listings.yearStart} <= ${query.year}`);
    conditions.push(sql`${listings.yearEnd} >= ${query.year}`);
  }
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

export function createListingsService(deps: { db: Db; storage: Storage }) {
  const { db, storage } = deps;

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

    /** Throws PLAN_LIMIT when the member already has as many unsold listings as the plan allows. */
    async assertUnderPlanLimit(userId: string, plan: string): Promise<void> {
      const limit = PLAN_DETAILS[isPlan(plan) ? plan : 'bronze'].activeListings;
      if (limit === null) return;
      const rows = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${listings} where ${listings.userId} = ${userId} and ${listings.isSold} = false`,
      );
      if ((rows.rows[0]?.n ?? 0) >= limit) throw new ApiError(403, 'PLAN_LIMIT', { count: limit });
    },

    async recordPrice(listingId: string, price: string | number): Promise<void> {
      await db.insert(listingPriceHistory).values({ listingId, price: String(price) });
    },
  };
}

export type ListingsService = ReturnType<typeof createListingsService>;
