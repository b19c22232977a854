import { sql } from 'drizzle-orm';
import { index, pgTable, smallint, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { listings } from './listings';

/**
 * A review after a sale: the buyer of the seller, or the seller of the buyer, once each, within 30 days
 * of the sale. Hidden until both have written or the window closes (`published_at`).
 */
export const reviews = pgTable(
  'reviews',
  {
    id: uuid('id').primaryKey().defaultRandom(),
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
    uniqueIndex('reviews_listing_reviewer_idx').on(table.listingId, table.reviewerId),
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
