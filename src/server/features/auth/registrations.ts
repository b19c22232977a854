import { secondsAfter } from '../../clock';
import { and, desc, eq, gt, isNull, ne } from 'drizzle-orm';
import type { Db, Executor } from '../../db/client';
import { accounts, pendingRegistrations, profiles, users } from '../../db/schema';
import { isUniqueViolation } from '../../db/errors';
import { hashToken, randomToken } from '../../security/secrets';

/** How long a sign-up waits for its owner, and how long each emailed link works. */
export const REGISTRATION_LIFETIME_SECONDS = 7 * 24 * 3600;
export const CONFIRMATION_LINK_SECONDS = 24 * 3600;

export const CREDENTIAL_PROVIDER = 'credential';

export type Registration = typeof pendingRegistrations.$inferSelect;

/** Stores a sign-up made at `now` (in the caller's transaction, with the job that emails its link). */
export async function createRegistration(
  db: Executor,
  input: {
    email: string;
    passwordHash: string;
    locale: string;
    keepSignedIn: boolean;
  },
  now: Date,
): Promise<{ id: string; browserToken: string }> {
  const id = crypto.randomUUID();
  const browserToken = randomToken();
  await db.insert(pendingRegistrations).values({
    id,
    ...input,
    browserTokenHash: hashToken(browserToken),
    expiresAt: secondsAfter(now, REGISTRATION_LIFETIME_SECONDS),
    createdAt: now,
  });
  return { id, browserToken };
}

/** Waiting at `now`: not expired, not yet an account. */
const live = (now: Date) =>
  and(gt(pendingRegistrations.expiresAt, now), isNull(pendingRegistrations.confirmedUserId));

export async function findRegistration(db: Db, id: string, now: Date): Promise<Registration | undefined> {
  const rows = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.id, id), live(now)));
  return rows[0];
}

/** The newest sign-up still waiting for this address. */
export async function newestRegistration(
  db: Db,
  email: string,
  now: Date,
): Promise<Registration | undefined> {
  const rows = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.email, email), live(now)))
    .orderBy(desc(pendingRegistrations.createdAt))
    .limit(1);
  return rows[0];
}

/** The sign-up this browser made (by its cookie), confirmed or not, while it has not expired. */
export async function registrationOfBrowser(
  db: Db,
  browserToken: string,
  now: Date,
): Promise<Registration | undefined> {
  const rows = await db
    .select()
    .from(pendingRegistrations)
    .where(
      and(
        eq(pendingRegistrations.browserTokenHash, hashToken(browserToken)),
        gt(pendingRegistrations.expiresAt, now),
      ),
    );
  return rows[0];
}

/**
 * A new link for a sign-up. Links of every other sign-up for the same address stop working, so only
 * the newest emailed link confirms it.
 */
export async function issueRegistrationLink(db: Db, registration: Registration, now: Date): Promise<string> {
  const token = randomToken();
  await db.transaction(async (tx) => {
    await tx
      .update(pendingRegistrations)
      .set({ linkTokenHash: null, linkExpiresAt: null })
      .where(
        and(eq(pendingRegistrations.email, registration.email), ne(pendingRegistrations.id, registration.id)),
      );
    await tx
      .update(pendingRegistrations)
      .set({
        linkTokenHash: hashToken(token),
        linkExpiresAt: secondsAfter(now, CONFIRMATION_LINK_SECONDS),
      })
      .where(eq(pendingRegistrations.id, registration.id));
  });
  return token;
}

export type RegistrationLink =
  { status: 'valid'; registration: Registration } | { status: 'invalid' } | { status: 'expired' };

/** What an emailed link leads to. Opening it changes nothing: the account needs the password too. */
export async function registrationOfLink(db: Db, linkToken: string, now: Date): Promise<RegistrationLink> {
  const rows = await db
    .select()
    .from(pendingRegistrations)
    .where(and(eq(pendingRegistrations.linkTokenHash, hashToken(linkToken)), live(now)));
  const registration = rows[0];
  if (!registration) return { status: 'invalid' };
  if (!registration.linkExpiresAt || registration.linkExpiresAt <= now) return { status: 'expired' };
  return { status: 'valid', registration };
}

/**
 * Turns a sign-up into a confirmed account, once. Null when it was already used or its address has an
 * account by now (a social sign-in, say): then the sign-up is simply over.
 */
export async function completeRegistration(
  db: Db,
  registration: Registration,
  options: { keepLink?: boolean } = {},
): Promise<string | null> {
  const userId = crypto.randomUUID();
  try {
    return await db.transaction(async (tx) => {
      // The sign-up's row lock: a second completion waits here, then finds it done.
      const locked = await tx
        .select({ confirmedUserId: pendingRegistrations.confirmedUserId })
        .from(pendingRegistrations)
        .where(eq(pendingRegistrations.id, registration.id))
        .for('update');
      if (!locked[0] || locked[0].confirmedUserId) return null;
      const existing = await tx
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, registration.email));
      if (existing[0]) {
        await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, registration.email));
        return null;
      }
      // Sign-ups made before names were asked later carry them; newer ones have none yet.
      const displayName = [registration.firstName, registration.lastName].filter(Boolean).join(' ').trim();
      await tx.insert(users).values({
        id: userId,
        email: registration.email,
        emailVerified: true,
        name: displayName,
        firstName: registration.firstName,
        lastName: registration.lastName,
        phone: registration.phone,
        locale: registration.locale,
      });
      await tx.insert(accounts).values({
        id: crypto.randomUUID(),
        userId,
        accountId: userId,
        providerId: CREDENTIAL_PROVIDER,
        password: registration.passwordHash,
      });
      await tx.insert(profiles).values({ userId, displayName: displayName || null });
      await tx
        .update(pendingRegistrations)
        // `keepLink`: the browser that confirmed can still be recognised by the link it holds.
        .set(
          options.keepLink
            ? { confirmedUserId: userId }
            : { confirmedUserId: userId, linkTokenHash: null, linkExpiresAt: null },
        )
        .where(eq(pendingRegistrations.id, registration.id));
      // Every other sign-up for the address is over.
      await tx
        .delete(pendingRegistrations)
        .where(
          and(
            eq(pendingRegistrations.email, registration.email),
            ne(pendingRegistrations.id, registration.id),
          ),
        );
      return userId;
    });
  } catch (error) {
    // The address got an account at the same moment (a social sign-in committed first).
    if (isUniqueViolation(error)) return null;
    throw error;
  }
}

/** Ends every sign-up waiting for an address (its owner came in another way). */
export async function dropRegistrations(db: Pick<Db, 'delete'>, email: string): Promise<void> {
  await db.delete(pendingRegistrations).where(eq(pendingRegistrations.email, email));
}
