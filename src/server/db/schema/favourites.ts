import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';
import { listings } from './listings';

/**
 * A member's saved listings. The title is kept, so a favourite whose listing was deleted still shows
 * as "No Longer Available" instead of vanishing.
 */
export const favourites = pgTable(
  'favourites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    title: text('title').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('favourites_user_listing_idx').on(table.userId, table.listingId),
    index('favourites_listing_idx').on(table.listingId, table.id),
    index('favourites_user_idx').on(table.userId, table.createdAt.desc()),
  ],
);
