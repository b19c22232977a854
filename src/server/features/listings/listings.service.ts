import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { CATEGORIES, MAKES, PLANS, PLAN_DETAILS } from '@common/catalog';
import { splitOther } from '@common/schemas/profile';
import {
  COUNT_LIMIT,
  BROWSE_PAGE_SIZE,
  type BrowseQuery,
  type BrowseResponse,
  type ForYou,
  type Sort,
  type ListingInputSchema,
  type ListingCard,
  type ListingDetail,
  type PhotoView,
} from '@common/schemas/listings';
import { publicName } from '@common/labels';
import { ratingOf } from '@common/schemas/rating';
import { referenceSearch, type ReferenceSearch } from '@common/listing-reference';
import { DEFAULT_RADIUS_MILES } from '@common/schemas/auth';
import { placeLabel } from '@common/schemas/places';
import { EARTH_RADIUS_MILES, boundingBox, lookupZip } from '../../geo/zip';
import type { Db, Tx } from '../../db/client';
import {
  conversations,
  listingPriceHistory,
  listings,
  listingViews,
  offers,
  profiles,
  users,
} from '../../db/schema';
import { newestOffer } from '../offers/offer-view';
import { lockMembers } from '../../db/member-state';
import { assertWithinQuota, type Quota } from '../../db/member-quota';
import { isStoredPhoto } from '../../photos/store-photo';
import { resolvePhotos } from '../../photos/uploads';
import type { SessionUser } from '@common/schemas/auth';
import type { z } from 'zod';
import type { Storage } from '../../storage/storage';
import { removeFiles } from '../../storage/removals';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import type { Vehicle } from '@common/schemas/vehicles';
import { fitAlternatives, fitFor, yearWithinListing } from '../fleet/fleet.service';
import {
  bestMatchTier,
  tierCondition,
  tierMatch,
  tiersOf,
  createSearchVocabulary,
  estimateMatches,
  matchesSearch,
  surelyMoreThan,
} from './search';

type ListingRow = typeof listings.$inferSelect;

/** Listings with impressions waiting to be written before a write is forced (between timed flushes). */
const MAX_PENDING_IMPRESSIONS = 10_000;

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
] as const;
const cardColumns = Object.fromEntries(CARD_FIELDS.map((field) => [field, listings[field]])) as {
  [Field in (typeof CARD_FIELDS)[number]]: (typeof listings)[Field];
};
type CardRow = Pick<ListingRow, keyof typeof cardColumns>;

/** The plans whose members show the verified-seller badge (the catalog's rule). */
const VERIFIED_PLANS = PLANS.filter((plan) => PLAN_DETAILS[plan].verifiedBadge);
/**
 * Whether the listing's seller shows the badge, looked up for a page's rows only (a join could read every
 * seller when matches are few).
 */
const sellerFacts = sql<{
  verified: boolean;
  sum: number;
  count: number;
}>`(select json_build_object('verified', ${inArray(users.plan, VERIFIED_PLANS)}, 'sum', ${users.ratingSum}, 'count', ${users.ratingCount}) from ${users} where ${users.id} = ${listings.userId})`;

/** A card with what it shows of its seller: the verified badge and their stars. */
function cardOf(
  storage: Storage,
  row: { listing: CardRow; seller: { verified: boolean; sum: number; count: number } | null },
): ListingCard {
  return {
    ...toCard(storage, row.listing),
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

export function toCard(storage: Storage, row: CardRow): ListingCard {
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
    photo: first ? photoView(storage, first) : null,
    // A hidden listing is off the market like a sold one; its owner is told which.
    isSold: row.isSold && !row.hiddenAt,
    ...(row.hiddenAt ? { hidden: true } : {}),
    ...(row.pendingBuyerId && !row.isSold ? { pending: true } : {}),
    createdAt: row.createdAt.toISOString(),
    boostedUntil:
      row.boostedUntil && row.boostedUntil.getTime() > Date.now() ? row.boostedUntil.toISOString() : null,
  };
}

/** "Best match" unless another order was chosen (docs/search.md, docs/decisions.md). */
function effectiveSort(sort: Sort | undefined): Sort {
  return sort ?? 'best';
}

/** A condition the planner cannot serve from an index, though it still estimates it. */
function hidden(condition: SQL): SQL {
  return sql`(${condition}) is true`;
}

function newestOrder(): SQL[] {
  return [desc(listings.listedAt), desc(listings.id)];
}

/** Placement, then newest (the stored rank): Best match without words, and within a tier with words. */
function rankOrder(): SQL[] {
  return [desc(listings.rank), desc(listings.id)];
}

/** The ORDER BY of a sort that an index serves. */
function orderFor(sort: Exclude<Sort, 'best'>): SQL[] {
  if (sort === 'newest') return newestOrder();
  return sort === 'price_asc'
    ? [asc(listings.priceCents), asc(listings.id)]
    : [desc(listings.priceCents), desc(listings.id)];
}

/**
 * How to find a search's page (docs/search.md): `walk` an index in the page's order testing each
 * listing when matches are many (a page turns up within a few hundred), or let the text index collect
 * them all and sort them when they are few. The cost of both meets at √(page × catalogue) matches.
 */
function searchPlan(matches: number | null, limit: number, catalogue: number): 'walk' | 'collect' {
  if (matches === null) return 'collect';
  return matches >= Math.sqrt((limit + 1) * Math.max(catalogue, 1)) ? 'walk' : 'collect';
}

/** A "Best match" cursor's tier and rank (its value is `tier|rank`; the tier is 0 without words). */
function bestCursor(cursor: Cursor): { tier: number; rank: string } {
  const [tier, rank] = cursor.value.split('|');
  return { tier: Number(tier), rank: rank! };
}

/** A listing's position as the position index holds it (migration 0031): x the longitude, y the latitude. */
const position = sql`point(${listings.longitude}, ${listings.latitude})`;

/**
 * Unsold listings meeting every condition and, when `alternatives` are given (the member's vehicles, one
 * per make and model), one of them. Each alternative is read by its own walk of its index and the walks
 * appended (`union all`): an OR would have the planner gather every listing of every vehicle first.
 */
interface Selection {
  conditions: SQL[];
  alternatives: SQL[] | null;
}

/** Each alternative's listings meeting the conditions, `order`ed, at most `take` of each, appended. */
function eachAlternative(selection: Selection, what: SQL, order: SQL[], take: number): SQL {
  return sql.join(
    (selection.alternatives ?? []).map(
      (alternative) =>
        sql`(select ${what} from ${listings} where ${and(...selection.conditions, alternative)}${
          order.length ? sql` order by ${sql.join(order, sql`, `)}` : sql``
        } limit ${take})`,
    ),
    sql` union all `,
  );
}

/** How many listings the selection holds, counting at most `cap` (a scalar subquery). */
function boundedCount(selection: Selection, cap: number): SQL<number> {
  const rows = selection.alternatives
    ? sql`select 1 from (${eachAlternative(selection, sql`1`, [], cap)}) each_vehicle limit ${cap}`
    : sql`select 1 from ${listings} where ${and(...selection.conditions)} limit ${cap}`;
  return sql<number>`(select count(*)::int from (${rows}) matched)`;
}

/** The listings after the cursor in the page's order. */
function afterCursor(sort: Sort, cursor: Cursor, tier: SQL): SQL {
  if (sort === 'best') {
    const { tier: level, rank } = bestCursor(cursor);
    return sql`(${tier}, ${listings.rank}, ${listings.id}) < (${level}::int, ${rank}::bigint, ${cursor.id}::uuid)`;
  }
  if (sort === 'newest')
    return sql`(${listings.listedAt}, ${listings.id}) < (${cursor.value}::timestamptz, ${cursor.id}::uuid)`;
  if (sort === 'price_asc')
    return sql`(${listings.priceCents}, ${listings.id}) > (${cursor.value}::int, ${cursor.id}::uuid)`;
  return sql`(${listings.priceCents}, ${listings.id}) < (${cursor.value}::int, ${cursor.id}::uuid)`;
}

/**
 * The listing(s) a reference search names, on the primary key: one id, or the range of ids a reference
 * begins (an index range scan, however big the catalogue).
 */
function referenceCondition(reference: ReferenceSearch): SQL {
  return 'id' in reference
    ? sql`${listings.id} = ${reference.id}::uuid`
    : sql`${listings.id} between ${reference.first}::uuid and ${reference.last}::uuid`;
}

interface Cursor {
  value: string;
  id: string;
}

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

const CURSOR_VALUES: Record<Sort, RegExp> = {
  best: /^[0-3]\|\d{1,16}$/,
  newest: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/,
  price_asc: /^\d{1,10}$/,
  price_desc: /^\d{1,10}$/,
};

/** The cursor of a page in this order; one from another order or a tampered one is ignored (page 1). */
function decodeCursor(raw: string | undefined, sort: Sort): Cursor | null {
  if (!raw) return null;
  try {
    const [value, id] = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as [unknown, unknown];
    if (typeof value !== 'string' || typeof id !== 'string' || !isUuid(id)) return null;
    if (!CURSOR_VALUES[sort].test(value)) return null;
    return { value, id };
  } catch {
    return null;
  }
}

/**
 * The "fits my vehicles" filter as one alternative per make and model of the vehicles it names; null
 * without it. Visitors have no fleet: the filter is ignored for them.
 */
function fitsFilter(query: Partial<BrowseQuery>, fleet: Vehicle[] | null): SQL[] | null {
  if (!query.fits || !fleet) return null;
  const each = fitAlternatives(query.fits === 'any' ? fleet : fleet.filter((v) => v.id === query.fits));
  // No vehicle (or not one of theirs): nothing fits.
  return each.length ? each : [sql`false`];
}

/**
 * Within `radius` miles of the `near` ZIP code (docs/search.md): inside the circle's bounding box, which
 * the position index finds, then within the exact great-circle distance. A walk down an order index
 * tests the box on each listing instead. A ZIP code nobody knows matches nothing (the routes refuse it
 * before).
 */
function nearConditions(query: Partial<BrowseQuery>, how: 'index' | 'walk'): SQL[] {
  if (!query.near) return [];
  const place = lookupZip(query.near);
  if (!place) return [sql`false`];
  const miles = query.radius ?? DEFAULT_RADIUS_MILES;
  const box = boundingBox(place, miles);
  // As a walk tests it: plain comparisons, which no index serves and which the planner estimates from
  // the columns' statistics (it takes any box test for a tiny share of the listings).
  const inBox =
    how === 'walk'
      ? sql`${listings.latitude} between ${box.south}::float8 and ${box.north}::float8 and ${listings.longitude} between ${box.west}::float8 and ${box.east}::float8`
      : sql`${position} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`;
  const haversine = sql`power(sin(radians(${listings.latitude} - ${place.latitude}::float8) / 2), 2)
    + cos(radians(${place.latitude}::float8)) * cos(radians(${listings.latitude}))
    * power(sin(radians(${listings.longitude} - ${place.longitude}::float8) / 2), 2)`;
  const within = sql`2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(${haversine}))) <= ${miles}::float8`;
  return [inBox, within];
}

/** Refuses a `near` ZIP code nobody knows, on its field (a search, a saved search). */
export function assertKnownPlace(query: Partial<BrowseQuery>): void {
  if (query.near && !lookupZip(query.near))
    throw new ApiError(400, 'VALIDATION_ERROR', {}, { near: 'validation.zipUnknown' });
}

/**
 * The WHERE of a browse but for the typed words and the fitment: unsold listings matching the filters.
 * `walk`: for a walk down an order index, which tests the position on each listing it passes.
 */
function browseConditions(query: Partial<BrowseQuery>, how: 'index' | 'walk' = 'index'): SQL[] {
  const conditions: SQL[] = [eq(listings.isSold, false), ...nearConditions(query, how)];
  if (query.category) conditions.push(eq(listings.category, query.category));
  // Makes come from one list, so an exact match can use the (make, rank) index.
  if (query.make) conditions.push(eq(listings.make, query.make));
  if (query.model) conditions.push(sql`lower(${listings.model}) = lower(${query.model})`);
  if (query.year !== undefined) conditions.push(yearWithinListing(query.year));
  if (query.minPriceCents !== undefined)
    conditions.push(sql`${listings.priceCents} >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== undefined)
    conditions.push(sql`${listings.priceCents} <= ${query.maxPriceCents}`);
  if (query.condition) conditions.push(eq(listings.condition, query.condition));
  return conditions;
}

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

type ListingValues = z.output<typeof ListingInputSchema>;

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

export function createListingsService(deps: {
  db: Db;
  /** Where browse, For you and the listing page read (a replica when there are some). */
  reads?: Db;
  storage: Storage;
  events: ListingEvents;
  /** Tells the job worker that jobs are waiting (after the transaction that queued them). */
  wakeJobs: () => void;
}) {
  const { db, storage, events, wakeJobs } = deps;
  const reads = deps.reads ?? db;
  const vocabulary = createSearchVocabulary(db);
  /** Search impressions not yet added to the listings' days (`flushImpressions`). */
  const impressions = new Map<string, number>();

  /** Adds the counted impressions to each listing's day, in one statement. */
  async function flushImpressions(): Promise<void> {
    if (!impressions.size) return;
    const ids = [...impressions.keys()];
    const counts = ids.map((id) => impressions.get(id)!);
    impressions.clear();
    await db.execute(sql`
      insert into listing_daily_stats (listing_id, user_id, day, impressions)
      select l.id, l.user_id, current_date, seen.n
      from unnest(${sql.param(ids)}::uuid[], ${sql.param(counts)}::int[]) as seen(id, n)
      join ${listings} l on l.id = seen.id
      on conflict (listing_id, day) do update
        set impressions = listing_daily_stats.impressions + excluded.impressions`);
  }

  /** A results page showed these listings (its seller's search impressions). */
  function countImpressions(ids: string[]): void {
    for (const id of ids) impressions.set(id, (impressions.get(id) ?? 0) + 1);
    // Bounded memory between flushes: a burst of searches writes early.
    if (impressions.size > MAX_PENDING_IMPRESSIONS) void flushImpressions().catch(() => undefined);
  }

  /** How many listings the selection holds, at most `cap`, in a statement of its own. */
  async function countOnly(selection: Selection, cap = COUNT_LIMIT + 1, on: Db = db): Promise<number> {
    const counted = await on.execute<{ n: number }>(sql`select ${boundedCount(selection, cap)} as n`);
    return counted.rows[0]?.n ?? 0;
  }

  return {
    flushImpressions,

    /**
     * One page of unsold listings, keyset-paginated on the sort key and the id, with a bounded count and
     * the sellers' verified badges: one statement, no transaction (docs/search.md).
     */
    async browse(
      query: BrowseQuery,
      fleet: Vehicle[] | null = null,
      /** Sellers this member blocked with their listings hidden. */
      hiddenSellers: string[] = [],
    ): Promise<BrowseResponse> {
      assertKnownPlace(query);
      const sort = effectiveSort(query.sort);
      const limit = query.limit ?? BROWSE_PAGE_SIZE;
      const filters = browseConditions(query);
      /** The filters as a walk down an order index tests them (the distance on each listing it passes). */
      const walked = query.near ? browseConditions(query, 'walk') : filters;
      if (hiddenSellers.length) {
        const notBlocked = sql`${listings.userId} <> all(${sql.param(hiddenSellers)}::text[])`;
        filters.push(notBlocked);
        if (walked !== filters) walked.push(notBlocked);
      }
      const alternatives = fitsFilter(query, fleet);
      const cursor = decodeCursor(query.cursor, sort);

      /** The page's cards, with fitment for a member's fleet; counted as the sellers' impressions. */
      const cardsOf = (rows: Parameters<typeof cardOf>[1][]) => {
        countImpressions(rows.map(({ listing }) => listing.id));
        return rows.map((row) => ({
          ...cardOf(storage, row),
          ...(fleet ? { fits: fitFor(fleet, row.listing) } : {}),
        }));
      };

      // A search that is exactly a listing's reference, id or address finds the listing(s) it names,
      // with the filters, on one page (a reference names one listing, or very rarely a few); when no
      // listing shown here has it, the text is searched as words. Pages after the first are words.
      const reference = query.search && !cursor ? referenceSearch(query.search) : null;
      if (reference) {
        const where = [...filters, referenceCondition(reference)];
        const named = await reads
          .select({ listing: cardColumns, seller: sellerFacts })
          .from(listings)
          .where(
            alternatives
              ? sql`${listings.id} in (${eachAlternative({ conditions: where, alternatives }, sql`${listings.id}`, [], COUNT_LIMIT + 1)})`
              : and(...where),
          )
          .orderBy(...(sort === 'best' ? rankOrder() : orderFor(sort)))
          .limit(limit);
        if (named.length) {
          const n =
            named.length < limit
              ? named.length
              : await countOnly({ conditions: where, alternatives }, COUNT_LIMIT + 1, reads);
          return {
            items: cardsOf(named),
            nextCursor: null,
            count: { value: Math.min(n, COUNT_LIMIT), more: n > COUNT_LIMIT },
            didYouMean: null,
          };
        }
      }

      const search = query.search ? await vocabulary.understand(query.search) : null;
      const tier = search ? bestMatchTier(search) : sql`0`;
      const estimate = search ? estimateMatches(search) : null;
      // Near a place without words, matches may be a few around a small town or thousands in a city:
      // planned as a walk, which the bounded count below turns into collecting when they are few.
      let plan: 'walk' | 'collect' =
        !search && query.near ? 'walk' : searchPlan(estimate?.all ?? null, limit, search?.catalogue ?? 0);
      const match = search ? matchesSearch(search.terms) : null;
      /** Every condition of the search as the indexes can serve it (the count's). */
      const matching: Selection = { conditions: match ? [...filters, match] : filters, alternatives };
      const narrowing = filters.length > 1 || alternatives !== null;
      /**
       * The WHERE for a plan. A walk goes down a filter's index (or the newest one) in the page's order
       * and tests the words on each listing: the match is kept from the text index (`is true`).
       * Collecting lets the indexes find the matches (the text index, with a filter's when it helps).
       */
      const whereFor = (how: 'walk' | 'collect', words: SQL | null): SQL[] => [
        ...(how === 'walk' ? walked : filters),
        ...(words ? [how === 'walk' ? hidden(words) : words] : []),
      ];
      const countKnown = search && !narrowing && surelyMoreThan(search, COUNT_LIMIT);
      // Counting stops after COUNT_LIMIT + 1 matches (never an exact count over a big result); it is
      // computed once for the statement, beside the page.
      const countSql = boundedCount(matching, COUNT_LIMIT + 1);

      /** Up to `take` listings of the page in `order` (one statement, with the count when asked). */
      const pageRows = (take: number, where: SQL[], order: SQL[], withCount: boolean) =>
        reads
          .select({
            listing: cardColumns,
            seller: sellerFacts,
            tier: sql<number>`${sort === 'best' ? tier : sql`0`}`.mapWith(Number),
            matched: (withCount ? countSql : sql<number>`null`).mapWith(Number),
          })
          .from(listings)
          .where(
            alternatives
              ? sql`${listings.id} in (${eachAlternative({ conditions: where, alternatives }, sql`${listings.id}`, order, take)})`
              : and(...where),
          )
          .orderBy(...order)
          .limit(take);

      type Row = Awaited<ReturnType<typeof pageRows>>[number];
      // The count, when a statement that carried it returned rows.
      let counted: number | null = null;
      if (plan === 'walk' && narrowing) {
        // The words are common (or the search is near a place) but the filters may leave few listings
        // (the estimate knows the words only): the bounded count through the indexes says which, before a
        // walk that could pass thousands of listings of the make, category or elsewhere. It is also the
        // page's count.
        const matches = await countOnly(matching, COUNT_LIMIT + 1, reads);
        if (matches <= COUNT_LIMIT) plan = 'collect';
        if (!cursor) counted = matches;
      }
      const withCount = !cursor && !countKnown && counted === null;
      let rows: Row[];
      if (sort === 'best' && plan === 'walk' && estimate) {
        // "Best match" over many matches: tier by tier, each newest first, until the page is full; each
        // tier walked or collected by how many listings it has.
        rows = [];
        const tiers = tiersOf(search!);
        const from = cursor ? bestCursor(cursor) : null;
        const startTier = from ? from.tier : tiers[0]!;
        for (const t of tiers) {
          if (t > startTier || rows.length > limit) continue;
          const how = searchPlan(estimate.tiers[t], limit, search!.catalogue);
          const where = whereFor(how, tierMatch(search!, t));
          const only = tierCondition(search!, t);
          if (only) where.push(only);
          if (cursor && from && t === startTier)
            where.push(sql`(${listings.rank}, ${listings.id}) < (${from.rank}::bigint, ${cursor.id}::uuid)`);
          const first = withCount && t === tiers[0];
          const found = await pageRows(limit + 1 - rows.length, where, rankOrder(), first);
          if (first && found[0]) counted = found[0].matched;
          rows.push(...found.map((row) => ({ ...row, tier: t })));
        }
      } else {
        const where = whereFor(plan, match);
        if (cursor) where.push(afterCursor(sort, cursor, tier));
        rows = await pageRows(
          limit + 1,
          where,
          sort === 'best' ? (search ? [desc(tier), ...rankOrder()] : rankOrder()) : orderFor(sort),
          withCount,
        );
        if (withCount && rows[0]) counted = rows[0].matched;
      }
      const items = rows.slice(0, limit);
      const last = items.at(-1);
      const more = rows.length > limit && last;
      const n = cursor
        ? 0
        : countKnown
          ? COUNT_LIMIT + 1
          : (counted ?? (await countOnly(matching, COUNT_LIMIT + 1, reads)));
      return {
        items: cardsOf(items),
        nextCursor: more
          ? encodeCursor({
              value:
                sort === 'best'
                  ? `${last.tier}|${last.listing.rank}`
                  : sort === 'newest'
                    ? last.listing.listedAt.toISOString()
                    : String(last.listing.priceCents),
              id: last.listing.id,
            })
          : null,
        count: { value: Math.min(n, COUNT_LIMIT), more: n > COUNT_LIMIT },
        didYouMean: search?.didYouMean ?? null,
      };
    },

    /**
     * "For you": the newest unsold listings in the member's preferred makes and categories (either
     * alone stands for all of the other; none, and there is nothing to show). Each make and category
     * pair gives its newest few from its index, and the newest of those make the page: never more than
     * `limit` listings read per pair, however big the catalogue.
     */
    async forYou(userId: string, limit: number): Promise<ForYou> {
      const rows = await reads
        .select({ makes: profiles.prefMakes, categories: profiles.prefCategories })
        .from(profiles)
        .where(eq(profiles.userId, userId))
        .limit(1);
      const makes = splitOther(rows[0]?.makes ?? null, MAKES).choices;
      const categories = splitOther(rows[0]?.categories ?? null, CATEGORIES).choices;
      if (!makes.length && !categories.length) return { preferences: false, items: [] };
      const pick = sql`select pick.id from unnest(${sql.param(makes.length ? makes : [...MAKES])}::text[]) as m(make)
        cross join unnest(${sql.param(categories.length ? categories : [...CATEGORIES])}::text[]) as c(category)
        cross join lateral (
          select ${listings.id} as id, ${listings.listedAt} as listed_at from ${listings}
          where ${listings.isSold} = false and ${listings.make} = m.make and ${listings.category} = c.category
          order by ${sql.join(newestOrder(), sql`, `)} limit ${limit}
        ) as pick
        order by pick.listed_at desc, pick.id desc limit ${limit}`;
      const found = await reads
        .select({ listing: cardColumns, seller: sellerFacts })
        .from(listings)
        .where(sql`${listings.id} in (${pick})`)
        .orderBy(...newestOrder());
      return {
        preferences: true,
        items: found.map((row) => cardOf(storage, row)),
      };
    },

    /**
     * A seller's listings on the market, newest first, for their page: `limit` of them, and whether
     * there are more (the seller's newest-first index, walked until the page is full).
     */
    async bySeller(sellerId: string, limit: number) {
      const found = await reads
        .select({ listing: cardColumns, seller: sellerFacts })
        .from(listings)
        .where(and(eq(listings.userId, sellerId), eq(listings.isSold, false)))
        .orderBy(desc(listings.createdAt))
        .limit(limit + 1);
      return {
        items: found.slice(0, limit).map((row) => cardOf(storage, row)),
        count: { value: Math.min(found.length, limit), more: found.length > limit },
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
      const conditions = browseConditions(query);
      const alternatives = fitsFilter(query, fleet);
      // What browse finds for the text: the listing(s) a reference names when one of them is shown,
      // else the words.
      const reference = query.search ? referenceSearch(query.search) : null;
      const named = reference ? referenceCondition(reference) : null;
      if (named && (await countOnly({ conditions: [...conditions, named], alternatives }, 1)) > 0)
        conditions.push(named);
      else {
        const search = query.search ? await vocabulary.understand(query.search) : null;
        if (search) conditions.push(matchesSearch(search.terms));
      }
      if (options.since)
        conditions.push(sql`${listings.createdAt} > ${options.since.toISOString()}::timestamptz`);
      if (options.listingId) conditions.push(eq(listings.id, options.listingId));
      return countOnly({ conditions, alternatives }, options.cap ?? COUNT_LIMIT);
    },

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
      const rows = await (options.afterWrite ? db : reads)
        .select({
          listing: listings,
          firstName: users.firstName,
          lastName: users.lastName,
          plan: users.plan,
          ratingSum: users.ratingSum,
          ratingCount: users.ratingCount,
          ships: profiles.shipOk,
          localPickup: profiles.localOk,
        })
        .from(listings)
        .innerJoin(users, eq(users.id, listings.userId))
        .leftJoin(profiles, eq(profiles.userId, listings.userId))
        .where(eq(listings.id, id))
        .limit(1);
      const row = rows[0];
      if (!row) return null;
      const l = row.listing;
      const isOwner = viewerId === l.userId;
      // Hidden by a moderator (or with its seller suspended): gone for everyone but its owner.
      if (l.hiddenAt && !isOwner) return null;
      return {
        ...toCard(storage, l),
        description: l.description,
        photos: l.photos.map((p) => photoView(storage, p)),
        negotiable: l.negotiable,
        ...(isOwner ? { offerFloorCents: l.offerFloorCents } : {}),
        ...(viewerId && !isOwner
          ? {
              myOffer: await newestOffer(
                reads,
                and(eq(offers.listingId, l.id), eq(offers.buyerId, viewerId)),
                viewerId,
              ),
            }
          : {}),
        referralAmountCents: l.referralAmountCents,
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
          .set({ ...columns(stored), updatedAt: new Date() })
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
            soldAt: isSold ? new Date() : null,
            updatedAt: new Date(),
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

export type ListingsService = ReturnType<typeof createListingsService>;
