import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { listings } from './listings';
import { orders } from './orders';

/**
 * A sale between two members: the seller marked the listing sold to a buyer who messaged about it
 * (`awaiting`), and the buyer answered "Did you buy this?" (`confirmed` or `declined`); a sale still
 * awaiting when the listing goes back on the market is `withdrawn`. Only a confirmed sale opens the
 * 30 days in which its two members may review each other (`window_ends_at`). A listing has one sale
 * per time it was sold; the same buyer has at most one confirmed sale of a listing.
 */
export const sales = pgTable(
  'sales',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** Null once the listing is deleted; its title is kept. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The order it closed, when the deal was made on ModMarket (confirmed by completing it). */
    orderId: uuid('order_id').references(() => orders.id, { onDelete: 'set null' }),
    status: text('status', { enum: ['awaiting', 'confirmed', 'declined', 'withdrawn'] })
      .notNull()
      .default('awaiting'),
    /** When the seller marked it sold; the buyer may answer until `REVIEW_DAYS` after. */
    markedAt: timestamp('marked_at', { withTimezone: true }).notNull().defaultNow(),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    /** Set when the buyer confirms: until then nobody reviews. */
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }),
  },
  (table) => [
    index('sales_listing_idx').on(table.listingId, table.markedAt.desc()),
    index('sales_buyer_idx').on(table.buyerId),
    // The same pair reviews each other once per listing: re-listing and selling to the same buyer
    // again is that same sale.
    uniqueIndex('sales_confirmed_once_idx')
      .on(table.listingId, table.buyerId)
      .where(sql`${table.status} = 'confirmed'`),
  ],
);

/**
 * A review after a sale: the buyer of the seller, or the seller of the buyer, once each, within 30 days
 * of the sale. Hidden until both have written or the window closes (`published_at`).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The confirmed sale it is about (null only for reviews written before sales were recorded). */
    saleId: uuid('sale_id').references(() => sales.id, { onDelete: 'cascade' }),
    /** Null once the listing is deleted; its title is kept. */
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    listingTitle: text('listing_title').notNull(),
    /** Null once the reviewer deleted their account (the review stays, from "Deleted member"). */
    reviewerId: text('reviewer_id').references(() => users.id, { onDelete: 'set null' }),
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    role: text('role', { enum: ['buyer', 'seller'] }).notNull(),
    rating: smallint('rating').notNull(),
    text: text('text').notNull(),
    reply: text('reply'),
    repliedAt: timestamp('replied_at', { withTimezone: true }),
    windowEndsAt: timestamp('window_ends_at', { withTimezone: true }).notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One review each per sale.
    uniqueIndex('reviews_sale_reviewer_idx').on(table.saleId, table.reviewerId),
    // A member's published reviews, newest first (their seller page).
    index('reviews_subject_published_idx')
      .on(table.subjectId, table.publishedAt.desc())
      .where(sql`${table.publishedAt} is not null`),
    // The hourly publishing of reviews whose window closed.
    index('reviews_unpublished_idx')
      .on(table.windowEndsAt)
      .where(sql`${table.publishedAt} is null`),
  ],
);
