import { sql } from 'drizzle-orm';
import {
  bigint,
  bigserial,
  boolean,
  customType,
  doublePrecision,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { StoredPhoto } from '@common/photos';
import type { OfferEvent } from '@common/schemas/offers';
import { users } from './auth';

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' });

/** A part for sale, with every field of the create form. */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** US cents, a whole number: every amount of money is (docs/decisions.md, "Money in cents"). */
    priceCents: integer('price_cents').notNull(),
    category: text('category').notNull(),
    condition: text('condition').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearStart: integer('year_start'),
    yearEnd: integer('year_end'),
    location: text('location'),
    /** A US ZIP code; `location` then reads "City, ST", and the position is the ZIP's. */
    zip: text('zip'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Price negotiable: members may make offers (docs/trust.md, "Offers"). */
    negotiable: boolean('negotiable').notNull().default(true),
    /** Offers below this are declined at once, for the seller; null: none. */
    offerFloorCents: integer('offer_floor_cents'),
    /** An offer was accepted: the listing is held for this buyer until sold or released. */
    pendingBuyerId: text('pending_buyer_id').references(() => users.id, { onDelete: 'set null' }),
    /** Marked sold to this buyer (one of its conversations'): the two may review each other. */
    soldToId: text('sold_to_id').references(() => users.id, { onDelete: 'set null' }),
    soldAt: timestamp('sold_at', { withTimezone: true }),
    referralAmountCents: integer('referral_amount_cents'),
    /** Shipping offered at this price (docs/payments.md, "Delivery"); null: the seller does not ship it. */
    shippingCents: integer('shipping_cents'),
    /** The buyer may collect it in person, with the order's hand-off code. */
    localPickup: boolean('local_pickup').notNull().default(true),
    /** "Payment held until delivery", a Gold seller's choice per listing (Platinum sellers always hold). */
    holdPayment: boolean('hold_payment').notNull().default(false),
    /** The seller takes the part back within 7 days of delivery (docs/payments.md, "Returns"). */
    acceptsReturns: boolean('accepts_returns').notNull().default(false),
    partId: text('part_id'),
    /**
     * The part number as numbers are compared (`partNumberKey` in src/common/part-numbers.ts): upper
     * case, without spaces, dashes or dots, so "23710-JF00A" and "23710 jf00a" are one number.
     */
    partNumberKey: text('part_number_key').generatedAlwaysAs(
      sql`nullif(upper(regexp_replace(part_id, '[[:space:].-]', '', 'g')), '')`,
    ),
    partBrand: text('part_brand'),
    partBrandOther: text('part_brand_other'),
    productUrl: text('product_url'),
    receiptImage: jsonb('receipt_image').$type<StoredPhoto | null>(),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default([]),
    /**
     * Off the market: sold, or hidden (`hiddenAt`). A hidden listing leaves every browse, search and
     * sitemap exactly as a sold one does (they all serve `is_sold = false`), and `hiddenAt` tells the two
     * apart for its owner and the moderators.
     */
    isSold: boolean('is_sold').notNull().default(false),
    /** When a moderator hid it, or its seller was suspended or is closing their account; null: not hidden. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    /**
     * `moderation` (hidden on a report), `suspension` (back on the market when the seller is) or
     * `closing` (the seller asked to delete their account; back if they sign in within 30 days).
     */
    hiddenReason: text('hidden_reason', { enum: ['moderation', 'suspension', 'closing'] }),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /**
     * Where the listing stands in newest-first: when it was listed (the database sets it to `created_at`
     * on insert), or last boosted (a boost bumps it).
     */
    listedAt: timestamp('listed_at', { withTimezone: true }).notNull().defaultNow(),
    /** Boosted until then ("Boosted" on the card, first in Best match); null when not boosted. */
    boostedUntil: timestamp('boosted_until', { withTimezone: true }),
    /**
     * The "Best match" order without typed words (docs/decisions.md): placement (2 boosted, 1 a Gold or
     * Platinum seller's listing with more than 5 photos, 0 the rest) times 2^42, plus `listed_at` in
     * milliseconds. Kept by the database (`listing_rank`, migration 0024) on every write that changes
     * one of its inputs, the owner's plan included.
     */
    rank: bigint('rank', { mode: 'number' }).notNull().default(0),
    /**
     * What search matches: the title and what the part fits, is and is called (title, make, model,
     * category, brand, part number) weighted A, the description D. Built by the SQL function
     * `listing_search_document` (migration 0019), which also indexes codes written with inner
     * punctuation joined up (`GT-R` as `gtr`, `2JZ-GTE` as `2jzgte`) and short codes written apart
     * (`240 SX` as `240sx`, migration 0043). 'simple': no stemming, any language.
     */
    search: tsvector('search').generatedAlwaysAs(
      sql`listing_search_document(title, make, model, category, part_brand, part_id, description)`,
    ),
  },
  (table) => [
    index('listings_search_idx').using('gin', table.search),
    index('listings_unsold_price_idx')
      .on(table.priceCents, table.id)
      .where(sql`${table.isSold} = false`),
    // DESC here means PostgreSQL's default NULLS FIRST, the order `ORDER BY … DESC` asks for: an index
    // in another null order cannot serve it (the columns are NOT NULL, but the planner does not know).
    // The filters' indexes serve the default order, Best match (rank, then id); newest-first walks
    // the newest index and tests the filters.
    index('listings_unsold_make_idx')
      .on(table.make, table.rank.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    // Fitment ("Fits my vehicle") and the model filter: make and model as browse compares them. Migration
    // 0020 adds INCLUDE (id, model, year_start, year_end) for index-only walks, and the make-model statistics.
    index('listings_unsold_make_model_idx')
      .on(table.make, sql`lower(${table.model})`, table.rank.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    // "Fits my vehicles" newest first: the same walks in newest-first order (migration 0024 adds the
    // INCLUDE columns as 0020 does above).
    index('listings_unsold_make_model_newest_idx')
      .on(table.make, sql`lower(${table.model})`, table.listedAt.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    // Category and make together (a common pair of filters).
    index('listings_unsold_category_make_idx')
      .on(table.category, table.make, table.rank.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    index('listings_unsold_category_idx')
      .on(table.category, table.rank.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    // Home and newest-first read unsold listings newest first, keyset on (listed_at, id).
    index('listings_unsold_newest_idx')
      .on(table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    // Best match without words, keyset on (rank, id).
    index('listings_unsold_best_idx')
      .on(table.rank.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
    index('listings_user_newest_idx').on(table.userId, table.createdAt.desc().nullsFirst()),
    // A search that is exactly a part number: the unsold listings with it.
    index('listings_unsold_part_number_idx')
      .on(table.partNumberKey)
      .where(sql`${table.isSold} = false and ${table.partNumberKey} is not null`),
    // "Near" a ZIP code: unsold listings' positions (x the longitude, y the latitude) in an R-tree, which
    // finds those inside a distance's bounding box (docs/search.md). Migration 0031 adds INCLUDE
    // (latitude, longitude), so the exact distance is tested in the index (index-only counts).
    index('listings_unsold_position_idx')
      .using('gist', sql`point(${table.longitude}, ${table.latitude})`)
      .where(sql`${table.isSold} = false`),
    // "For you" on the home page: the newest of each preferred make and category, read a few at a time
    // per pair.
    index('listings_unsold_make_category_newest_idx')
      .on(table.make, table.category, table.listedAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(sql`${table.isSold} = false`),
  ],
);

/**
 * The search vocabulary: every word of unsold listings' search documents (with a letter in it) and how
 * many unsold listings have it, kept current by statement triggers on `listings` (migration 0019). Small
 * next to the listings, so a typed word that is not in it can be mapped to its nearest known words
 * through the trigram index without touching a listing.
 */
export const searchWords = pgTable(
  'search_words',
  {
    word: text('word').primaryKey(),
    listings: integer('listings').notNull(),
    /** Of those, how many have it in the title or fitment (weight A). */
    titleListings: integer('title_listings').notNull(),
  },
  (table) => [index('search_words_trgm_idx').using('gin', sql`${table.word} gin_trgm_ops`)],
);

/** Every boost of a listing: what a member's monthly allowance is counted on. */
export const listingBoosts = pgTable(
  'listing_boosts',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('listing_boosts_user_idx').on(table.userId, table.createdAt)],
);

/** Every price a listing has had, newest last: the first row is the price it was listed at. */
export const listingPriceHistory = pgTable(
  'listing_price_history',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    priceCents: integer('price_cents').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('listing_price_history_listing_idx').on(table.listingId, table.createdAt)],
);

/** One row per visitor, listing and day: a view counts once a day, never the owner's own. */
export const listingViews = pgTable(
  'listing_views',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    viewerKey: text('viewer_key').notNull(),
    day: date('day').notNull(),
  },
  (table) => [primaryKey({ columns: [table.listingId, table.viewerKey, table.day] })],
);

/**
 * One conversation per (listing, buyer); the seller is the listing's owner. When the listing is
 * deleted the conversation stays for both members: `listing_id` becomes null and the listing's title,
 * price and first photo are kept as they were.
 */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title'),
    listingPriceCents: integer('listing_price_cents'),
    listingPhoto: jsonb('listing_photo').$type<StoredPhoto>(),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastMessageAt: timestamp('last_message_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('conversations_listing_buyer_idx').on(table.listingId, table.buyerId),
    // A member's inbox, a keyset page at a time: one walk per side, in the inbox's order.
    index('conversations_buyer_recent_idx').on(
      table.buyerId,
      table.lastMessageAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
    index('conversations_seller_recent_idx').on(
      table.sellerId,
      table.lastMessageAt.desc().nullsFirst(),
      table.id.desc().nullsFirst(),
    ),
  ],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    senderId: text('sender_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    receiverId: text('receiver_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    content: text('content').notNull(),
    /** The sender's idempotency key: a retried send with the same key stores nothing new. */
    clientId: text('client_id'),
    readAt: timestamp('read_at', { withTimezone: true }),
    /** Removed by a moderator: the content is emptied and the thread says so. */
    removedAt: timestamp('removed_at', { withTimezone: true }),
    /** A step of an offer, shown as an event card; `content` is then the step's note (may be empty). */
    offer: jsonb('offer').$type<OfferEvent>(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // A thread's pages, read backwards from the newest (or from a page's edge).
    index('messages_conversation_time_idx').on(table.conversationId, table.createdAt, table.id),
    index('messages_receiver_idx').on(table.receiverId, table.createdAt.desc().nullsFirst()),
    uniqueIndex('messages_sender_client_idx')
      .on(table.senderId, table.clientId)
      .where(sql`${table.clientId} is not null`),
    index('messages_unread_idx')
      .on(table.receiverId, table.conversationId)
      .where(sql`${table.readAt} is null`),
  ],
);

/**
 * A listing's day in numbers, for its seller's analytics (docs/decisions.md, "Seller analytics"): views
 * (once per visitor and day, never the owner's), new favourites and new conversations are added by
 * triggers in the transaction of the event (migration 0025); search impressions (appearing on a results
 * page) are counted in memory and added every few seconds.
 */
export const listingDailyStats = pgTable(
  'listing_daily_stats',
  {
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
    impressions: integer('impressions').notNull().default(0),
    favourites: integer('favourites').notNull().default(0),
    conversations: integer('conversations').notNull().default(0),
  },
  (table) => [
    primaryKey({ columns: [table.listingId, table.day] }),
    index('listing_daily_stats_user_day_idx').on(table.userId, table.day),
  ],
);
