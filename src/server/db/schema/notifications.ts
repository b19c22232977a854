import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { users } from './auth';
import { conversations } from './listings';

/**
 * What happened that a member should know: a message, a price drop, a new listing for a saved
 * search, a sale, an announcement. Titles are not stored: the client words them in the reader's
 * language from `type` and `data`. While unread, notifications with the same `group_key` (e.g. one
 * conversation) are one row that is brought up to date, so a chatty thread does not flood the list.
 */
export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    type: text('type').notNull(),
    data: jsonb('data').notNull().default({}),
    link: text('link'),
    groupKey: text('group_key'),
    /** Set by jobs: a job run again finds its notification already there and adds none. */
    idempotencyKey: text('idempotency_key'),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('notifications_user_idx').on(table.userId, table.createdAt.desc(), table.id.desc()),
    index('notifications_unread_idx')
      .on(table.userId)
      .where(sql`${table.readAt} is null`),
    uniqueIndex('notifications_group_unread_idx')
      .on(table.userId, table.groupKey)
      .where(sql`${table.readAt} is null and ${table.groupKey} is not null`),
    uniqueIndex('notifications_idempotency_idx').on(table.userId, table.idempotencyKey),
  ],
);

/** Per-member switches; a member without a row has the defaults (push off, all others on). */
export const notificationSettings = pgTable('notification_settings', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  messages: boolean('messages').notNull().default(true),
  priceDrops: boolean('price_drops').notNull().default(true),
  newListings: boolean('new_listings').notNull().default(true),
  saleUpdates: boolean('sale_updates').notNull().default(true),
  systemUpdates: boolean('system_updates').notNull().default(true),
  emailNotifications: boolean('email_notifications').notNull().default(true),
  pushNotifications: boolean('push_notifications').notNull().default(false),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Who has a live connection, shared by every instance: each instance pushes `online_until` forward
 * while a member's socket is open. Read by the missed-message email (no email to a member online).
 */
export const presence = pgTable('presence', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  onlineUntil: timestamp('online_until', { withTimezone: true }).notNull(),
});

/**
 * The missed-message email's memory per (conversation, receiver): when the last email went out and
 * the newest message it covered, so an email goes at most every 15 minutes and never twice for the
 * same messages.
 */
export const conversationEmails = pgTable(
  'conversation_emails',
  {
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull(),
    coveredUntil: timestamp('covered_until', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.conversationId, table.userId] })],
);
