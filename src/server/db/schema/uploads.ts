import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * Every photo a member uploaded, as the server stored it. Listings and posts name a photo by its key;
 * its size and variants always come from here, never from the client. `attachedAt` is set once a
 * listing or post uses it; uploads never attached are swept after a day.
 */
export const uploads = pgTable(
  'uploads',
  {
    /** `listings/<member id>/<upload id>`: where its variants live in storage. */
    key: text('key').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    variants: jsonb('variants').$type<number[]>().notNull(),
    bytes: integer('bytes').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
  },
  (table) => [index('uploads_user_idx').on(table.userId), index('uploads_created_idx').on(table.createdAt)],
);
