import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
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
import { users } from './auth';
import { conversations, listings } from './listings';

/** Open: not found, not hidden by a moderator (expiry is a time, compared in each query). */
const open = sql`found_at is null and hidden_at is null`;

/** A part a member hunts ("WTB"), open 30 days from its posting or last renewal (docs/wanted.md). */
export const wantedPosts = pgTable(
  'wanted_posts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    category: text('category').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearStart: integer('year_start'),
    yearEnd: integer('year_end'),
    /** As the member wrote them. */
    partNumbers: text('part_numbers')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** The same numbers as they are compared (`partNumberKey`), in the same order. */
    partNumberKeys: text('part_number_keys')
      .array()
      .notNull()
      .default(sql`'{}'`),
    /** Acceptable conditions; empty: any. */
    conditions: text('conditions')
      .array()
      .notNull()
      .default(sql`'{}'`),
    maxPriceCents: integer('max_price_cents'),
    zip: text('zip'),
    location: text('location'),
    latitude: doublePrecision('latitude'),
    longitude: doublePrecision('longitude'),
    /** Miles around the ZIP code's position that a listing to collect may be. */
    radius: integer('radius'),
    /** A listing that ships matches wherever it is. */
    shipsToMe: boolean('ships_to_me').notNull().default(true),
    photo: jsonb('photo').$type<StoredPhoto | null>(),
    foundAt: timestamp('found_at', { withTimezone: true }),
    /** A moderator hid it (a report), or its member is suspended. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // `/parts-wanted`, newest first, keyset on (created_at, id).
    index('wanted_posts_open_newest_idx')
      .on(table.createdAt.desc().nullsFirst(), table.id.desc().nullsFirst())
      .where(open),
    // A published listing's part number finds the posts that name it.
    index('wanted_posts_open_part_numbers_idx').using('gin', table.partNumberKeys).where(open),
    // A published listing's category, make and model find the posts of that fitment.
    index('wanted_posts_open_fitment_idx')
      .on(table.category, table.make, sql`lower(${table.model})`)
      .where(open),
    index('wanted_posts_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);

/** A listing that matched a wanted post: its owner was told once, and the seller sees the demand. */
export const wantedMatches = pgTable(
  'wanted_matches',
  {
    wantedId: uuid('wanted_id')
      .notNull()
      .references(() => wantedPosts.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.wantedId, table.listingId] }),
    index('wanted_matches_listing_idx').on(table.listingId),
  ],
);

/**
 * "I have this": a seller answered a wanted post with one of their listings, opening a conversation.
 * Counted per calendar month against the seller's plan; kept (without its post) when the post is
 * deleted, so a month's count never goes down.
 */
export const wantedAnswers = pgTable(
  'wanted_answers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    wantedId: uuid('wanted_id').references(() => wantedPosts.id, { onDelete: 'set null' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    conversationId: uuid('conversation_id').references(() => conversations.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('wanted_answers_post_seller_idx').on(table.wantedId, table.sellerId),
    index('wanted_answers_seller_month_idx').on(table.sellerId, table.createdAt),
  ],
);
