import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jsonColumns } from '../db/columns';
import { arrayRows } from '../db/named-statements';
import { LRUCache } from 'lru-cache';
import { photoVariantKey, type StoredPhoto } from '@common/photos';
import { PLANS, PLAN_DETAILS } from '@common/catalog';
import type { ListingCard, PhotoView } from '@common/schemas/listings';
import { ratingOf } from '@common/schemas/rating';
import { listings } from '../db/schema';
import { isStoredPhoto } from '../photos/store-photo';
import type { Storage } from '../storage/storage';

/**
 * A listing's card and its photos as the API shows them: the one shape every page of listings uses
 * (browse, For you, a seller's page, favourites, the dashboard), and the photo view conversations and
 * posts use too. Other features import this module only, never the listings service.
 */

type ListingRow = typeof listings.$inferSelect;

/** What a card shows (and fitment reads): a page of cards never carries descriptions or search documents. */
export const CARD_FIELDS = [
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
export type CardRow = Pick<ListingRow, (typeof CARD_FIELDS)[number]>;

/** The plans whose members show the verified-seller badge (the catalog's rule). */
const VERIFIED_PLANS = PLANS.filter((plan) => PLAN_DETAILS[plan].verifiedBadge);

/** A listing's columns as one JSON array a row, and back: a card's, the listing page's. */
export const listingJson = jsonColumns(listings);

/**
 * A card and its seller's facts as one JSON array per row, in `CARD_FIELDS`' order then the badge and
 * the stars: the driver reads one value a row where it read 22, which was a browse page's biggest cost
 * in the app (issue 37's profile). A constant text, built once; read back with `cardFromJson`.
 */
export const cardJson = sql.raw(
  // A card shows its first photo only.
  `json_build_array(${CARD_FIELDS.map((field) => (field === 'photos' ? `${listingJson.field(field)} -> 0` : listingJson.field(field))).join(', ')}, (select json_build_array(u.plan in (${VERIFIED_PLANS.map((plan) => `'${plan}'`).join(', ')}), u.rating_sum, u.rating_count) from "user" u where u.id = "listings"."user_id"))`,
);

/** The card's row and its seller's facts from a `cardJson` value. */
function cardFromJson(values: unknown[]): { listing: CardRow; seller: SellerFacts | null } {
  const row = listingJson.read(CARD_FIELDS, values);
  // `cardJson` sent the first photo alone, or null.
  const first = row.photos as unknown as StoredPhoto | null;
  row.photos = first ? [first] : [];
  const seller = values[CARD_FIELDS.length] as [boolean, number, number] | null;
  return {
    listing: row,
    seller: seller ? { verified: seller[0], sum: seller[1], count: seller[2] } : null,
  };
}

/**
 * What a card shows of its seller: the verified badge and their stars (`cardJson` looks them up for a
 * page's rows only, where a join could read every seller when matches are few).
 */
export interface SellerFacts {
  verified: boolean;
  sum: number;
  count: number;
}

/** A card with what it shows of its seller: the verified badge and their stars. */
function cardOf(
  storage: Storage,
  row: { listing: CardRow; seller: SellerFacts | null },
  now: Date,
): ListingCard {
  // Set on the card `toCard` made rather than copied into a new one: a page builds 24 of them.
  const card = toCard(storage, row.listing, now);
  card.sellerVerified = row.seller?.verified ?? false;
  card.sellerRating = ratingOf(row.seller?.sum ?? 0, row.seller?.count ?? 0);
  return card;
}

/** What a storage's cards or photo views made so far are: `max` of them, the least recently used let go. */
function perStorage<Made extends object>(max: number): (storage: Storage) => LRUCache<string, Made> {
  const caches = new WeakMap<Storage, LRUCache<string, Made>>();
  return (storage) => {
    let cache = caches.get(storage);
    if (!cache) caches.set(storage, (cache = new LRUCache({ max })));
    return cache;
  };
}

/**
 * A card made from its `cardJson` text, with the row's fields a page reads (its cursor, the sellers'
 * impressions) and the card's JSON as UTF-8: what `pageJson` writes for it.
 */
export interface MadeCard {
  /** The `cardJson` text it was made from. */
  source: string;
  card: ListingCard;
  listing: CardRow;
  /** `JSON.stringify(card)` as UTF-8, encoded once: a page is sent as bytes put together from these. */
  json: Buffer;
  /** When the card stops being what the text makes (its boost ends then), in milliseconds. */
  until: number;
}

/**
 * Cards already made, per storage, from their `cardJson` text: a card is a function of that text alone
 * until its boost ends (`until`), and the same page is asked for again and again, so a browse page's
 * rows are parsed, made into cards and written as JSON once, not on every request (issue 37's profile:
 * a third of the app's time on a page). Every statement still runs: what it returns is the key. The
 * cards are frozen, being shared.
 */
const madeCards = perStorage<MadeCard>(4_000);
/** Where a `cardJson` text's id ends: `["` and a UUID. */
const ID_END = 2 + 36;
/** Each made card's JSON as UTF-8, for `pageJson`: a card copied or changed after is written anew. */
const cardBytes = new WeakMap<ListingCard, Buffer>();

/** The card a `cardJson` value read as text makes, shown at `now`. */
export function cardFromText(storage: Storage, text: string, now: Date): MadeCard {
  const made = madeCards(storage);
  // Looked up by the listing's id, the text's first value: a key of a few dozen characters where the
  // whole text would be hashed on every look-up, and a listing's older card is replaced, not kept.
  const key = text.slice(0, ID_END);
  const known = made.get(key);
  if (known && known.source === text && now.getTime() < known.until) return known;
  const row = cardFromJson(JSON.parse(text) as unknown[]);
  const card = Object.freeze(cardOf(storage, row, now));
  const boost = row.listing.boostedUntil;
  const fresh: MadeCard = {
    source: text,
    card,
    listing: row.listing,
    json: Buffer.from(JSON.stringify(card)),
    until: boost && boost > now ? boost.getTime() : Infinity,
  };
  cardBytes.set(card, fresh.json);
  made.set(key, fresh);
  return fresh;
}

/**
 * The cards of a select whose first column is `cardJson`, in its rows' order: the statement runs with
 * each value as its text (`arrayRows`), and a card made from the same text before is the one shown
 * (`cardFromText`), where Drizzle had mapped each of a card's 20 columns on every row.
 */
export async function readCards(
  db: Db,
  query: Parameters<typeof arrayRows>[1],
  storage: Storage,
  clock: () => Date,
): Promise<MadeCard[]> {
  const rows = await arrayRows(db, query, 'text');
  const now = clock();
  return rows.map((row) => cardFromText(storage, row[0] as string, now));
}

const OPEN_ITEMS = Buffer.from('{"items":[');
const COMMA = Buffer.from(',');
const CLOSE_ITEMS = Buffer.from(']');
const CLOSE_PAGE = Buffer.from('}');

/**
 * `JSON.stringify(page)` as UTF-8 for a page of cards, each card `cardFromText` made (and nothing changed
 * since) as the bytes it was encoded to once. The page is sent as these bytes: a page whose text is put
 * together per request is flattened, measured, hashed and encoded on every request (a title with one
 * character past Latin-1, "Akrapovič", makes it all two-byte), four passes over 16-20 KB.
 */
export function pageJson<Page extends { items: readonly ListingCard[] }>(
  page: Page,
): Uint8Array<ArrayBuffer> {
  const { items, ...rest } = page;
  const others = JSON.stringify(rest);
  const parts: Buffer[] = [OPEN_ITEMS];
  for (let i = 0; i < items.length; i++) {
    if (i) parts.push(COMMA);
    parts.push(cardBytes.get(items[i]!) ?? Buffer.from(JSON.stringify(items[i])));
  }
  parts.push(CLOSE_ITEMS, others === '{}' ? CLOSE_PAGE : Buffer.from(`,${others.slice(1)}`));
  // A buffer of its own (`concat` never hands out shared memory).
  return Buffer.concat(parts) as Uint8Array<ArrayBuffer>;
}

/**
 * Photo views already made, per storage, by the stored photo's fields: a browse page shows 24 photos,
 * most of them on the page before, and making one checks its key twice and builds three addresses. A
 * view is a function of the photo and the storage alone; the views are shared, so nothing changes one.
 */
const madeViews = perStorage<PhotoView>(20_000);

export function photoView(storage: Storage, photo: StoredPhoto): PhotoView {
  const made = madeViews(storage);
  const key = `${photo.key}\u0000${photo.width}\u0000${photo.height}\u0000${String(photo.variants)}`;
  let view = made.get(key);
  if (!view) made.set(key, (view = makePhotoView(storage, photo)));
  return view;
}

function makePhotoView(storage: Storage, photo: StoredPhoto): PhotoView {
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

/**
 * A copy of a made card with more fields (a made card is shared, so it is never changed). Not
 * `{ ...card, ...more }`: a card is one of several shapes (its optional fields), and V8 (Node 20) copies
 * such an object by spreading in its slow path, 2 µs a card (20 times `Object.assign`), and a literal
 * with more fields after the spread slower still (issue 37's profile).
 */
export function withFields<More extends object>(card: ListingCard, more: More): ListingCard & More {
  return Object.assign({}, card, more);
}

/** A listing's card as shown at `now` (a boost that has run out by then is not shown). */
export function toCard(storage: Storage, row: CardRow, now: Date): ListingCard {
  const first = row.photos[0];
  // One object, its optional fields set after: spreading them in made each card several objects.
  const card: ListingCard = {
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
    createdAt: row.createdAt.toISOString(),
    boostedUntil: row.boostedUntil && row.boostedUntil > now ? row.boostedUntil.toISOString() : null,
  };
  if (row.partId) card.partNumber = row.partId;
  if (row.hiddenAt) card.hidden = true;
  if (row.pendingBuyerId && !row.isSold) card.pending = true;
  return card;
}
