import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { OFFER_PARTIES, OFFER_STATUSES } from '@common/schemas/offers';
import { users } from './auth';
import { conversations, listings } from './listings';

/**
 * One negotiation between a buyer and a seller about a listing: the amount on the table, who put it
 * there (the other one answers), and where it stands. Each step is also a message in their
 * conversation (`messages.offer`), which is the history both see.
 */
export const offers = pgTable(
  'offers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    listingId: uuid('listing_id')
      .notNull()
      .references(() => listings.id, { onDelete: 'cascade' }),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    buyerId: text('buyer_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sellerId: text('seller_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    amountCents: integer('amount_cents').notNull(),
    /** Who named the amount: the other party answers it. */
    by: text('by', { enum: OFFER_PARTIES }).notNull(),
    status: text('status', { enum: OFFER_STATUSES }).notNull().default('open'),
    /** 48 hours after the amount was named; an open offer past it is expired. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // One open offer per buyer and listing.
    uniqueIndex('offers_open_once_idx')
      .on(table.listingId, table.buyerId)
      .where(sql`${table.status} = 'open'`),
    // The expiry job's walk.
    index('offers_open_expiry_idx')
      .on(table.expiresAt)
      .where(sql`${table.status} = 'open'`),
    index('offers_conversation_idx').on(table.conversationId, table.createdAt),
  ],
);
