import { boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** A member's marketplace profile, one row per user. */
export const profiles = pgTable('profiles', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  displayName: text('display_name'),
  /** buyer, seller or both. */
  role: text('role'),
  onboardingCompleted: boolean('onboarding_completed').notNull().default(false),
  zip: text('zip'),
  radiusMiles: integer('radius_miles'),
  prefMakes: text('pref_makes').array(),
  prefCategories: text('pref_categories').array(),
  shipOk: boolean('ship_ok').notNull().default(false),
  localOk: boolean('local_ok').notNull().default(false),
  sellerCategories: text('seller_categories').array(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
