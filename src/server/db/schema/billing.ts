import { sql } from 'drizzle-orm';
import { bigserial, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from './auth';

/**
 * A member's link to the billing provider (Stripe's customer and subscription). `grace_until` is set
 * when a payment fails: the paid plan is kept until then, and housekeeping lapses it to Bronze after.
 */
export const billingAccounts = pgTable(
  'billing_accounts',
  {
    userId: text('user_id')
      .primaryKey()
      .references(() => users.id, { onDelete: 'cascade' }),
    customerId: text('customer_id'),
    subscriptionId: text('subscription_id'),
    graceUntil: timestamp('grace_until', { withTimezone: true }),
    /** When Stripe created the newest event applied to this member's billing: older ones are ignored. */
    lastEventAt: timestamp('last_event_at', { withTimezone: true }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('billing_accounts_grace_idx')
      .on(table.graceUntil)
      .where(sql`${table.graceUntil} is not null`),
  ],
);

/** Every plan change, who or what made it (demo, stripe), for support and audits. */
export const planChanges = pgTable(
  'plan_changes',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    source: text('source').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('plan_changes_user_idx').on(table.userId, table.createdAt)],
);

/** Webhook events already applied: Stripe may deliver one more than once. */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  type: text('type').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
