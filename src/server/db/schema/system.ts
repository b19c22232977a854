import { bigserial, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';

/**
 * Background work (emails now; alerts and notifications later). Workers claim due rows with
 * `FOR UPDATE SKIP LOCKED`, so several app instances share one queue safely. A finished job is
 * deleted; one that keeps failing stays with `failed_at` set for an operator to read.
 */
export const jobs = pgTable(
  'jobs',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    kind: text('kind').notNull(),
    payload: jsonb('payload').notNull(),
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /** At most one live job per key (e.g. one pending email per conversation and receiver). */
    dedupeKey: text('dedupe_key'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('jobs_dedupe_idx')
      .on(table.dedupeKey)
      .where(sql`dedupe_key is not null and failed_at is null`),
    index('jobs_due_idx')
      .on(table.runAt)
      .where(sql`failed_at is null`),
  ],
);

/** Mail kept in the database when no SMTP server is configured; read at the dev mailbox. */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('mail_outbox_to_idx').on(table.to, table.id)],
);

/** Fixed-window counters for abuse limits, shared by every instance through the database. */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  count: integer('count').notNull(),
  resetAt: timestamp('reset_at', { withTimezone: true }).notNull(),
});

/**
 * The keys of emails already sent by jobs: a job run again (after its worker died, or its database
 * went away before the job was marked done) finds its email here and does not send it twice.
 * Pruned after 30 days with the rate limits.
 */
export const mailSent = pgTable('mail_sent', {
  key: text('key').primaryKey(),
  sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
});
