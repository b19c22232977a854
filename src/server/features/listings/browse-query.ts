import { and, asc, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { BrowseQuery, Sort } from '@common/schemas/browse';
import { DEFAULT_RADIUS_MILES } from '@common/schemas/browse';
import type { ReferenceSearch } from '@common/listing-reference';
import type { Vehicle } from '@common/schemas/vehicles';
import { EARTH_RADIUS_MILES, boundingBox, lookupZip } from '../../geo/zip';
import { CATEGORIES, MAKES } from '@common/catalog';
import { listLiteral, literal } from '../../db/named-statements';
import { listings } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { fitAlternatives, yearWithinListing } from '../fleet/fleet.service';

/**
 * The SQL of a browse, without running it: the filters' conditions, the orders, keyset cursors and
 * bounded counts (docs/search.md). The browse service (`listings-browse.ts`) puts them together.
 */

/** "Best match" unless another order was chosen (docs/search.md, docs/decisions.md). */
export function effectiveSort(sort: Sort | undefined): Sort {
  return sort ?? 'best';
}

/** A condition the planner cannot serve from an index, though it still estimates it. */
export function hidden(condition: SQL): SQL {
  return sql`(${condition}) is true`;
}

export function newestOrder(): SQL[] {
  return [desc(listings.listedAt), desc(listings.id)];
}

/** Placement, then newest (the stored rank): Best match without words, and within a tier with words. */
export function rankOrder(): SQL[] {
  return [desc(listings.rank), desc(listings.id)];
}

/** The ORDER BY of a sort that an index serves. */
export function orderFor(sort: Exclude<Sort, 'best'>): SQL[] {
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
export function searchPlan(matches: number | null, limit: number, catalogue: number): 'walk' | 'collect' {
  if (matches === null) return 'collect';
  return matches >= Math.sqrt((limit + 1) * Math.max(catalogue, 1)) ? 'walk' : 'collect';
}

/** A "Best match" cursor's tier and rank (its value is `tier|rank`; the tier is 0 without words). */
export function bestCursor(cursor: Cursor): { tier: number; rank: string } {
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
export interface Selection {
  conditions: SQL[];
  alternatives: SQL[] | null;
}

/** Each alternative's listings meeting the conditions, `order`ed, at most `take` of each, appended. */
export function eachAlternative(selection: Selection, what: SQL, order: SQL[], take: number): SQL {
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
export function boundedCount(selection: Selection, cap: number): SQL<number> {
  const rows = selection.alternatives
    ? sql`select 1 from (${eachAlternative(selection, sql`1`, [], cap)}) each_vehicle limit ${literal(cap)}`
    : sql`select 1 from ${listings} where ${and(...selection.conditions)} limit ${literal(cap)}`;
  return sql<number>`(select count(*)::int from (${rows}) matched)`;
}

/** The listings after the cursor in the page's order. */
export function afterCursor(sort: Sort, cursor: Cursor, tier: SQL): SQL {
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
export function referenceCondition(reference: ReferenceSearch): SQL {
  return 'id' in reference
    ? sql`${listings.id} = ${reference.id}::uuid`
    : sql`${listings.id} between ${reference.first}::uuid and ${reference.last}::uuid`;
}

export interface Cursor {
  value: string;
  id: string;
}

export function encodeCursor(cursor: Cursor): string {
  return Buffer.from(JSON.stringify([cursor.value, cursor.id])).toString('base64url');
}

const CURSOR_VALUES: Record<Sort, RegExp> = {
  best: /^[0-3]\|\d{1,16}$/,
  newest: /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/,
  price_asc: /^\d{1,10}$/,
  price_desc: /^\d{1,10}$/,
};

/** The words' pages after a part number's listings: `after`, the words' own cursor (none: their first). */
export function wordsCursor(after: string | null): string {
  return Buffer.from(JSON.stringify(['words', after ?? ''])).toString('base64url');
}

/** Whether a cursor is one of `wordsCursor`'s, and the words' own cursor inside it. */
export function wordsPhase(raw: string | undefined): { after: string | undefined } | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as unknown;
    if (
      !Array.isArray(parsed) ||
      parsed.length !== 2 ||
      parsed[0] !== 'words' ||
      typeof parsed[1] !== 'string'
    )
      return null;
    return { after: parsed[1] || undefined };
  } catch {
    return null;
  }
}

/** The cursor of a page in this order; one from another order or a tampered one is ignored (page 1). */
export function decodeCursor(raw: string | undefined, sort: Sort): Cursor | null {
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
export function fitsFilter(query: Partial<BrowseQuery>, fleet: Vehicle[] | null): SQL[] | null {
  if (!query.fits || !fleet) return null;
  const each = fitAlternatives(query.fits === 'any' ? fleet : fleet.filter((v) => v.id === query.fits));
  // No vehicle (or not one of theirs): nothing fits.
  return each.length ? each : [sql`false`];
}

/**
 * Within `radius` miles of the `near` ZIP code (docs/search.md): inside the circle's bounding box, which
 * the position index finds, then within the exact great-circle distance. A walk down an order index
 * tests both on each listing it passes, in one `case` the planner cannot see into. A ZIP code nobody
 * knows matches nothing (the routes refuse it before).
 */
function nearConditions(query: Partial<BrowseQuery>, how: 'index' | 'walk'): SQL[] {
  if (!query.near) return [];
  const place = lookupZip(query.near);
  if (!place) return [sql`false`];
  const miles = query.radius ?? DEFAULT_RADIUS_MILES;
  const box = boundingBox(place, miles);
  const haversine = sql`power(sin(radians(${listings.latitude} - ${place.latitude}::float8) / 2), 2)
    + cos(radians(${place.latitude}::float8)) * cos(radians(${listings.latitude}))
    * power(sin(radians(${listings.longitude} - ${place.longitude}::float8) / 2), 2)`;
  const within = sql`2 * ${EARTH_RADIUS_MILES}::float8 * asin(least(1, sqrt(${haversine}))) <= ${miles}::float8`;
  if (how === 'index')
    return [
      sql`${position} <@ box(point(${box.west}::float8, ${box.south}::float8), point(${box.east}::float8, ${box.north}::float8))`,
      within,
    ];
  // A page is walked near a place only when more than COUNT_LIMIT listings are near it. Seen as
  // comparisons, the box would be estimated from each column's statistics as if latitude and longitude
  // were independent: a city's box, which holds a share of the listings, reads as a few rows, and the
  // planner sorts every listing near it (a sequential scan: 115 ms against 1 ms at 50,000 listings). A
  // `case` is estimated at one in two, so the walk down the order index stays the plan.
  const inBox = sql`${listings.latitude} between ${box.south}::float8 and ${box.north}::float8 and ${listings.longitude} between ${box.west}::float8 and ${box.east}::float8`;
  return [sql`case when ${inBox} then ${within} else false end`];
}

/** Refuses a `near` ZIP code nobody knows, on its field (a search, a saved search). */
export function assertKnownPlace(query: Partial<BrowseQuery>): void {
  if (query.near && !lookupZip(query.near))
    throw new ApiError(400, 'VALIDATION_ERROR', {}, { near: 'validation.zipUnknown' });
}

/** `column = value`, the value written into the text when it is on `list`, else sent as a parameter. */
function equalsListed(column: AnyPgColumn, value: string, list: readonly string[]): SQL {
  const written = listLiteral(value, list);
  return written ? sql`${column} = ${written}` : sql`${column} = ${value}`;
}

/**
 * The WHERE of a browse but for the typed words and the fitment: unsold listings matching the filters.
 * `walk`: for a walk down an order index, which tests the position on each listing it passes. `text`:
 * beside words that the text index finds with the make's and category's own words (`filterWords`):
 * the make and category are tested on each match, not gathered from their indexes.
 */
export function browseConditions(
  query: Partial<BrowseQuery>,
  how: 'index' | 'walk' | 'text' = 'index',
): SQL[] {
  const conditions: SQL[] = [
    // A literal, not a parameter: the partial indexes (`where is_sold = false`) serve a statement's
    // generic plan too (a named statement's, db/named-statements.ts).
    sql`${listings.isSold} = false`,
    ...nearConditions(query, how === 'walk' ? 'walk' : 'index'),
  ];
  const tested = (condition: SQL) => (how === 'text' ? hidden(condition) : condition);
  // A category, and a make of the catalogue's list, are written into the text (`listLiteral`): a page
  // filtered by them alone is a named statement with a plan for them. Makes come from one list, so an
  // exact match can use the (make, rank) index.
  if (query.category) conditions.push(tested(equalsListed(listings.category, query.category, CATEGORIES)));
  if (query.make) conditions.push(tested(equalsListed(listings.make, query.make, MAKES)));
  if (query.model) conditions.push(sql`lower(${listings.model}) = lower(${query.model})`);
  if (query.year !== undefined) conditions.push(yearWithinListing(query.year));
  if (query.minPriceCents !== undefined)
    conditions.push(sql`${listings.priceCents} >= ${query.minPriceCents}`);
  if (query.maxPriceCents !== undefined)
    conditions.push(sql`${listings.priceCents} <= ${query.maxPriceCents}`);
  if (query.condition) conditions.push(eq(listings.condition, query.condition));
  return conditions;
}
