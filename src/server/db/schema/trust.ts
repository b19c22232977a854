import { sql } from 'drizzle-orm';
import {
  bigserial,
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
import { AUDIT_KINDS, REPORT_KINDS, REPORT_REASONS, type AuditSubject } from '@common/schemas/trust';
import { users } from './auth';

/** A member blocking another: the blocked one cannot message them; their listings may be hidden too. */
export const blocks = pgTable(
  'blocks',
  {
    blockerId: text('blocker_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    blockedId: text('blocked_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Leave the blocked member's listings out of the blocker's browse. */
    hideListings: boolean('hide_listings').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index('blocks_blocked_idx').on(table.blockedId),
  ],
);

/** A member reporting a listing, a message, a member or a post, for the moderators' queue. */
export const reports = pgTable(
  'reports',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    reporterId: text('reporter_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: REPORT_KINDS }).notNull(),
    /** The listing's, message's or post's id, or the member's. */
    targetId: text('target_id').notNull(),
    /** Whose content it is (the reported member for `member`). */
    subjectId: text('subject_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    reason: text('reason', { enum: REPORT_REASONS }).notNull(),
    note: text('note').notNull().default(''),
    status: text('status', { enum: ['open', 'dismissed', 'actioned'] })
      .notNull()
      .default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
  },
  (table) => [
    // The queue: open reports, oldest first.
    index('reports_open_idx')
      .on(table.createdAt, table.id)
      .where(sql`${table.status} = 'open'`),
    // One open report per member and thing reported.
    uniqueIndex('reports_open_once_idx')
      .on(table.reporterId, table.kind, table.targetId)
      .where(sql`${table.status} = 'open'`),
    index('reports_target_idx').on(table.kind, table.targetId),
  ],
);

/** Every moderator action, kept for good: who did what to what, why, and until when. */
export const moderationActions = pgTable(
  'moderation_actions',
  {
    id: bigserial('id', { mode: 'number' }).primaryKey(),
    adminId: text('admin_id').references(() => users.id, { onDelete: 'set null' }),
    action: text('action', {
      enum: [
        'dismiss',
        'hide-listing',
        'restore-listing',
        'remove-message',
        'remove-post',
        'hide-wanted',
        'suspend',
        'lift-suspension',
        'grant-admin',
        'revoke-admin',
        'decide-dispute',
      ],
    }).notNull(),
    reportId: uuid('report_id').references(() => reports.id, { onDelete: 'set null' }),
    kind: text('kind', { enum: AUDIT_KINDS }).notNull(),
    targetId: text('target_id').notNull(),
    reason: text('reason').notNull().default(''),
    /**
     * What was acted on as it was at the time (a listing's or post's title, a member's name and
     * address), so the log keeps it after the thing is renamed or gone. Null on entries older than it.
     */
    subject: jsonb('subject').$type<AuditSubject>(),
    until: timestamp('until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('moderation_actions_newest_idx').on(table.createdAt.desc(), table.id.desc())],
);
