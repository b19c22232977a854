import { index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from './auth';

/** The member's own vehicles: what "Fits your …" and the "Fits my vehicle" filter match against. */
export const vehicles = pgTable(
  'vehicles',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** A 17-character VIN, or a Japanese chassis frame number (JZA80-1234567). */
    vin: text('vin'),
    /** From a frame number: the chassis code (JZA80), a fitment identifier. */
    chassisCode: text('chassis_code'),
    licensePlate: text('license_plate'),
    make: text('make').notNull(),
    model: text('model').notNull(),
    year: integer('year').notNull(),
    color: text('color'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('vehicles_user_idx').on(table.userId, table.createdAt)],
);
