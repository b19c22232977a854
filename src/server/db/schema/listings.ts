import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, numeric, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import type { StoredPhoto } from '@common/photos';
import { users } from './auth';

/** A part for sale (spec/marketplace.md section 3), with every field of the create form. */
export const listings = pgTable(
  'listings',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    /** Dollars with cents; numeric so sums are exact. Read back as a string by the driver. */
    price: numeric('price', { precision: 12, scale: 2 }).notNull(),
    category: text('category').notNull(),
    condition: text('condition').notNull(),
    make: text('make').notNull(),
    model: text('model').notNull(),
    yearStart: integer('year_start'),
    yearEnd: integer('year_end'),
    location: text('location'),
    negotiable: boolean('negotiable').notNull().default(true),
    referralAmount: numeric('referral_amount', { precision: 12, scale: 2 }),
    partId: text('part_id'),
    partBrand: text('part_brand'),
    partBrandOther: text('part_brand_other'),
    productUrl: text('product_url'),
    receiptImage: jsonb('receipt_image').$type<StoredPhoto | null>(),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default([]),
    isSold: boolean('is_sold').notNull().default(false),
    views: integer('views').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    // Home and browse read unsold listings newest first, keyset on (created_at, id).
    index('listings_unsold_newest_idx')
      .on(table.createdAt.desc(), table.id.desc())
      .where(sql`${table.isSold} = false`),
    index('listings_user_newest_idx').on(table.userId, table.createdAt.desc()),
  ],
);
