import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { PLANS } from '../../../common/catalog';

/**
 * The tables better-auth works on (user, session, account, verification), written by hand to match its
 * documented schema: its CLI needs Node 22. `user` carries ModMarket's extra member fields.
 */

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

export const users = pgTable(
  'user',
  {
    id: text('id').primaryKey(),
    name: text('name').notNull(),
    email: text('email').notNull().unique(),
    emailVerified: boolean('email_verified').notNull().default(false),
    image: text('image'),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    /** Language for emails: en, es or zh-CN. */
    locale: text('locale').notNull().default('en'),
    /** One of the catalogue's plans (a check constraint holds the database to it). */
    plan: text('plan', { enum: PLANS }).notNull().default('bronze'),
    /**
     * Set when the member deleted their account: the row stays, emptied of everything about them, so
     * the messages they sent stay in the other member's conversation, from "Deleted member".
     */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
    /**
     * The member asked to delete their account: it is erased at this time (30 days later) unless they
     * sign in before; until then they are signed out and their listings are off the market.
     */
    deletionDueAt: timestamp('deletion_due_at', { withTimezone: true }),
    /** Runs the moderation desk (`npm run admin -- grant <email>`; never through the API). */
    isAdmin: boolean('is_admin').notNull().default(false),
    /**
     * Set by a moderator: the member cannot sign in or act until then ('infinity': for good), and their
     * listings are off the market (`listings.hidden_reason = 'suspension'`).
     */
    suspendedUntil: timestamp('suspended_until', { withTimezone: true }),
    suspensionReason: text('suspension_reason'),
    /** Published reviews about them: the sum of their stars and how many (docs/trust.md, "Reviews"). */
    ratingSum: integer('rating_sum').notNull().default(0),
    ratingCount: integer('rating_count').notNull().default(0),
    ...timestamps,
  },
  (table) => [check('user_plan_check', sql`${table.plan} IN ('bronze', 'gold', 'platinum')`)],
);

/**
 * A signed-in browser. `token` holds the SHA-256 of the cookie's secret, never the secret itself.
 * `persistent` is "Keep me signed in": a 30-day cookie rather than a browser-session one.
 */
export const sessions = pgTable(
  'session',
  {
    id: text('id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    token: text('token').notNull().unique(),
    persistent: boolean('persistent').notNull().default(false),
    ipAddress: text('ip_address'),
    userAgent: text('user_agent'),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    ...timestamps,
  },
  (table) => [index('session_user_id_idx').on(table.userId)],
);

export const accounts = pgTable(
  'account',
  {
    id: text('id').primaryKey(),
    accountId: text('account_id').notNull(),
    providerId: text('provider_id').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    accessToken: text('access_token'),
    refreshToken: text('refresh_token'),
    idToken: text('id_token'),
    accessTokenExpiresAt: timestamp('access_token_expires_at', { withTimezone: true }),
    refreshTokenExpiresAt: timestamp('refresh_token_expires_at', { withTimezone: true }),
    scope: text('scope'),
    password: text('password'),
    ...timestamps,
  },
  (table) => [
    index('account_user_id_idx').on(table.userId),
    // One member per identity at a provider: two sign-ins racing cannot attach it twice.
    uniqueIndex('account_provider_account_idx').on(table.providerId, table.accountId),
  ],
);

/**
 * One-time links (email confirmation, password reset) and pending sign-ups. `identifier` is
 * `<purpose>:<user id>`; `value` is the SHA-256 of the secret in the link. Creating one deletes the
 * others of the same identifier, so only the newest link works; using one deletes it.
 */
export const verifications = pgTable(
  'verification',
  {
    id: text('id').primaryKey(),
    identifier: text('identifier').notNull(),
    value: text('value').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (table) => [
    index('verification_identifier_idx').on(table.identifier),
    index('verification_value_idx').on(table.value),
  ],
);

/**
 * A sign-up waiting for its email to be confirmed. It is not an account: nothing a later sign-up does
 * can change it, and the account exists only once the owner of the address has both opened the
 * emailed link and given the password in the same browser. Secrets are kept as SHA-256 hashes.
 */
export const pendingRegistrations = pgTable(
  'pending_registration',
  {
    id: text('id').primaryKey(),
    email: text('email').notNull(),
    firstName: text('first_name'),
    lastName: text('last_name'),
    phone: text('phone'),
    passwordHash: text('password_hash').notNull(),
    locale: text('locale').notNull(),
    keepSignedIn: boolean('keep_signed_in').notNull().default(false),
    /** The secret in the cookie of the browser that signed up. */
    browserTokenHash: text('browser_token_hash').notNull().unique(),
    /** The secret in the newest emailed link (null until the email goes out). */
    linkTokenHash: text('link_token_hash').unique(),
    linkExpiresAt: timestamp('link_expires_at', { withTimezone: true }),
    /** The account it became; kept until expiry so the signing-up browser can learn it. */
    confirmedUserId: text('confirmed_user_id').references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('pending_registration_email_idx').on(table.email, table.createdAt),
    index('pending_registration_expires_idx').on(table.expiresAt),
  ],
);

/**
 * A provider identity waiting to be linked to the member who already has its email: it is linked
 * only when that member signs in, in the browser holding the request's cookie.
 */
export const socialLinkRequests = pgTable(
  'social_link_request',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    providerId: text('provider_id').notNull(),
    accountId: text('account_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('social_link_request_expires_idx').on(table.expiresAt)],
);

/**
 * A change of a member's email address, by emailed link. `confirm` rows carry the new address and go
 * to it (24 hours; a newer request replaces the older); `undo` rows carry the previous address and go
 * to it once the change is made (7 days). `token_hash` is the SHA-256 of the secret in the link.
 */
export const emailChanges = pgTable(
  'email_change',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: ['confirm', 'undo'] }).notNull(),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('email_change_user_idx').on(table.userId, table.kind),
    check('email_change_kind_check', sql`${table.kind} IN ('confirm', 'undo')`),
  ],
);

/**
 * A member's two-step sign-in. `secret` is the authenticator key sealed with SECRETS_KEY; it counts
 * only once `enabled_at` is set (a started enrolment waits for a code from the app). `last_time_step`
 * is the newest 30-second step a code was accepted for, so no code works twice. `recovery_codes`
 * holds the SHA-256 of each unused recovery code.
 */
export const twoFactors = pgTable('two_factor', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  secret: text('secret').notNull(),
  enabledAt: timestamp('enabled_at', { withTimezone: true }),
  lastTimeStep: bigint('last_time_step', { mode: 'number' }),
  recoveryCodes: text('recovery_codes')
    .array()
    .notNull()
    .default(sql`'{}'::text[]`),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A sign-in waiting for its second step: the password (or provider) was right, and this browser holds
 * the cookie whose SHA-256 is `token_hash`. Five minutes and five wrong codes at most.
 */
export const signInChallenges = pgTable(
  'sign_in_challenge',
  {
    id: text('id').primaryKey(),
    tokenHash: text('token_hash').notNull().unique(),
    userId: text('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    persistent: boolean('persistent').notNull().default(false),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [index('sign_in_challenge_user_idx').on(table.userId)],
);

/**
 * A member's data, gathered by a job into one JSON file in storage (`exports/<user id>/…`), which
 * only they can download, for 24 hours. One per member: a new request replaces the previous file.
 */
export const dataExports = pgTable('data_export', {
  userId: text('user_id')
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  storageKey: text('storage_key'),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  readyAt: timestamp('ready_at', { withTimezone: true }),
  expiresAt: timestamp('expires_at', { withTimezone: true }),
});
