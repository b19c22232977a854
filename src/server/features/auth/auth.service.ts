import { systemClock, type Clock } from '../../clock';
import { and, eq, not } from 'drizzle-orm';
import { z } from 'zod';
import { languageOrDefault, type Language } from '@common/i18n/languages';
import type { Db } from '../../db/client';
import { accounts, sessions, users } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import {
  dummyPasswordHash,
  hashPassword,
  hashToken,
  needsRehash,
  verifyPassword,
} from '../../security/secrets';
import { issueLink, consumeLink, peekLink, type LinkCheck } from './one-time-links';
import {
  completeRegistration,
  createRegistration,
  CREDENTIAL_PROVIDER,
  dropRegistrations,
  findRegistration,
  issueRegistrationLink,
  newestRegistration,
  registrationOfBrowser,
  registrationOfLink,
  type Registration,
} from './registrations';
import { notSuspended, revokeAllSessions } from './sessions';
import { SOCIAL_LINKED_JOB } from './social';

export { CREDENTIAL_PROVIDER };

export interface AuthServiceDeps {
  db: Db;
  mailer: TemplateMailer;
  publicUrl: string;
  /** Tells this instance's job worker that work is waiting. */
  wakeJobs: () => void;
  /** Sessions of a member ended: their open realtime sockets are closed. */
  sessionsEnded: (userId: string) => Promise<void>;
  /** The time links and sign-ups expire by (the system's when not given). */
  clock?: Clock;
}

/** Job payloads name rows, never a secret: the sign-up's details stay in its own table. */
const SignUpJob = z.object({ registrationId: z.string() });
const EmailJob = z.object({ email: z.string(), language: z.string().optional() });
const SocialLinkedJob = z.object({ userId: z.string(), provider: z.string() });

const PROVIDER_NAMES: Record<string, string> = { google: 'Google', facebook: 'Facebook', apple: 'Apple' };

export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer } = deps;
  const clock = deps.clock ?? systemClock;
  const link = (path: string, token?: string) =>
    `${deps.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  async function findUserByEmail(email: string) {
    const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return rows[0];
  }

  async function sendConfirmation(registration: Registration) {
    const token = await issueRegistrationLink(db, registration, clock());
    await mailer.send(
      mailer.compose('confirmSignup', {
        to: registration.email,
        language: languageOrDefault(registration.locale),
        name: registration.firstName,
        link: link('/confirm-signup', token),
      }),
    );
  }

  async function enqueue(kind: string, payload: unknown) {
    await enqueueJob(db, kind, payload);
    deps.wakeJobs();
  }

  /** The work behind each request that must not reveal whether an account exists. */
  const jobHandlers: Record<string, JobHandler> = {
    'auth.sign-up': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const registration = await findRegistration(db, SignUpJob.parse(raw).registrationId, clock());
      if (!registration) return;
      const existing = await findUserByEmail(registration.email);
      if (existing) {
        await dropRegistrations(db, registration.email);
        await mailer.send(
          mailer.compose('accountExists', {
            to: existing.email,
            language: languageOrDefault(existing.locale),
            name: existing.firstName,
            link: `${deps.publicUrl}/auth?mode=signin`,
          }),
        );
        return;
      }
      await sendConfirmation(registration);
    },

    'auth.resend-confirmation': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const registration = await newestRegistration(db, EmailJob.parse(raw).email, clock());
      if (registration) await sendConfirmation(registration);
    },

    [SOCIAL_LINKED_JOB]: async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const job = SocialLinkedJob.parse(raw);
      const rows = await db.select().from(users).where(eq(users.id, job.userId));
      const user = rows[0];
      if (!user) return;
      await mailer.send(
        mailer.compose('socialLinked', {
          to: user.email,
          language: languageOrDefault(user.locale),
          name: user.firstName,
          link: `${deps.publicUrl}/dashboard`,
          params: { provider: PROVIDER_NAMES[job.provider] ?? job.provider },
        }),
      );
    },

    'auth.password-reset': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const job = EmailJob.parse(raw);
      const user = await findUserByEmail(job.email);
      if (!user) return;
      const token = await issueLink(db, 'reset-password', user.id, clock());
      await mailer.send(
        mailer.compose('resetPassword', {
          to: user.email,
          // The account's own language, whatever the page that asked was in (the member's choice).
          language: languageOrDefault(user.locale),
          name: user.firstName,
          link: link('/reset-password', token),
        }),
      );
    },
  };

  return {
    jobHandlers,

    /**
     * Takes a sign-up. Every request does the same work (hash the password, store the sign-up, queue a
     * job) and gets the same answer, whether or not the email has an account; the job decides what to
     * send. Nothing here touches an account: a sign-up becomes one only when confirmed.
     */
    async signUp(input: {
      email: string;
      password: string;
      language: Language;
      keepSignedIn: boolean;
    }): Promise<{ browserToken: string }> {
      const passwordHash = await hashPassword(input.password);
      // The sign-up and the job that emails its link commit together: never one without the other.
      const registration = await db.transaction(async (tx) => {
        const stored = await createRegistration(
          tx,
          {
            email: input.email,
            passwordHash,
            locale: input.language,
            keepSignedIn: input.keepSignedIn,
          },
          clock(),
        );
        await enqueueJob(tx, 'auth.sign-up', { registrationId: stored.id });
        return stored;
      });
      deps.wakeJobs();
      return { browserToken: registration.browserToken };
    },

    /** Signs a member out everywhere: every session ends, and every open socket closes. */
    async endAllSessions(userId: string): Promise<void> {
      await revokeAllSessions(db, userId);
      await deps.sessionsEnded(userId);
    },

    /** Ends one session (a browser signing in again replaces its previous one). */
    async endSession(sessionId: string): Promise<void> {
      const ended = await db
        .delete(sessions)
        .where(eq(sessions.id, sessionId))
        .returning({ userId: sessions.userId });
      if (ended[0]) await deps.sessionsEnded(ended[0].userId);
    },

    /** Whether a member is suspended now (they cannot sign in until it ends). */
    async isSuspended(userId: string): Promise<boolean> {
      const found = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, userId), not(notSuspended(clock()))))
        .limit(1);
      return found.length > 0;
    },

    /** Jobs were queued in a transaction of the caller's (a linked identity's email): run them soon. */
    jobsQueued(): void {
      deps.wakeJobs();
    },

    /**
     * The address of the sign-up this browser made (its cookie) while it still waits for its link:
     * null when there is none (never made here, expired, or already confirmed).
     */
    async waitingSignUpEmail(browserToken: string | undefined): Promise<string | null> {
      const registration = browserToken ? await registrationOfBrowser(db, browserToken, clock()) : undefined;
      return registration && !registration.confirmedUserId ? registration.email : null;
    },

    async resendConfirmation(email: string): Promise<void> {
      await enqueue('auth.resend-confirmation', { email });
    },

    async requestPasswordReset(email: string): Promise<void> {
      await enqueue('auth.password-reset', { email });
    },

    /**
     * Checks a password; a missing account costs the same time as a wrong password. With no account
     * yet, a sign-up whose emailed link this browser opened (`openedLink`) becomes the account here:
     * the browser has shown both the address and the password. Otherwise a matching sign-up answers
     * "not confirmed".
     */
    async checkCredentials(
      email: string,
      password: string,
      openedLink?: string,
    ): Promise<
      { status: 'ok'; userId: string } | { status: 'invalid'; userId?: string } | { status: 'unconfirmed' }
    > {
      const rows = await db
        .select({ id: users.id, emailVerified: users.emailVerified, password: accounts.password })
        .from(users)
        .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)))
        .where(eq(users.email, email))
        .limit(1);
      const row = rows[0];
      if (row) {
        const matches = await verifyPassword(password, row.password ?? (await dummyPasswordHash()));
        if (!row.password || !matches) return { status: 'invalid', userId: row.id };
        if (!row.emailVerified) return { status: 'unconfirmed' };
        if (needsRehash(row.password))
          await db
            .update(accounts)
            .set({ password: await hashPassword(password), updatedAt: clock() })
            .where(and(eq(accounts.userId, row.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
        return { status: 'ok', userId: row.id };
      }
      const opened = openedLink ? await registrationOfLink(db, openedLink, clock()) : undefined;
      const confirmed =
        opened?.status === 'valid' && opened.registration.email === email ? opened.registration : undefined;
      const registration = confirmed ?? (await newestRegistration(db, email, clock()));
      const matches = await verifyPassword(
        password,
        registration?.passwordHash ?? (await dummyPasswordHash()),
      );
      if (!registration || !matches) return { status: 'invalid' };
      if (!confirmed) return { status: 'unconfirmed' };
      const userId = await completeRegistration(db, confirmed);
      return userId ? { status: 'ok', userId } : { status: 'invalid' };
    },

    /**
     * What an emailed confirmation link leads to. Opened in the browser that signed up (its cookie,
     * `browserToken`), which typed the password, it makes the account at once (`created`); anywhere
     * else it creates nothing by itself: the password must follow in that browser.
     */
    async openConfirmationLink(
      token: string,
      browserToken: string | undefined,
    ): Promise<
      | {
          status: 'valid';
          email: string;
          created: string | null;
          /** The browser that signed up opened the link: the new member, to sign in there. */
          signIn: { userId: string; persistent: boolean } | null;
        }
      | { status: 'invalid' }
      | { status: 'expired' }
    > {
      const result = await registrationOfLink(db, token, clock());
      if (result.status !== 'valid') return result;
      const { registration } = result;
      const sameBrowser =
        browserToken !== undefined && hashToken(browserToken) === registration.browserTokenHash;
      const created = sameBrowser ? await completeRegistration(db, registration, { keepLink: true }) : null;
      const signIn = created ? { userId: created, persistent: registration.keepSignedIn } : null;
      return { status: 'valid', email: registration.email, created, signIn };
    },

    /**
     * Where this browser's sign-up stands. Once it became the account it signs in here, wherever the
     * link was opened: the account is made only by someone who showed both the emailed link and this
     * sign-up's password (this browser opening the link, or another browser that opened it giving the
     * password), and this browser is the one that typed that password. An address's owner who opens a
     * stranger's sign-up link cannot finish it without the stranger's password, so nothing is handed over.
     */
    async signUpStatus(
      browserToken: string,
    ): Promise<{ status: 'waiting' } | { status: 'signed-in'; userId: string; persistent: boolean }> {
      const registration = await registrationOfBrowser(db, browserToken, clock());
      if (!registration?.confirmedUserId) return { status: 'waiting' };
      return {
        status: 'signed-in',
        userId: registration.confirmedUserId,
        persistent: registration.keepSignedIn,
      };
    },

    checkResetLink(token: string): Promise<LinkCheck> {
      return peekLink(db, 'reset-password', token, clock());
    },

    /**
     * Sets a new password from a reset link: the link is used up, every session of the member ends,
     * and the email counts as confirmed (the member just proved they read it).
     */
    async resetPassword(token: string, password: string): Promise<LinkCheck> {
      const passwordHash = await hashPassword(password);
      const check = await consumeLink(db, 'reset-password', token, clock());
      if (check.status !== 'valid') return check;
      const userId = check.userId;
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(accounts)
          .set({ password: passwordHash, updatedAt: clock() })
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)))
          .returning({ id: accounts.id });
        if (updated.length === 0) {
          // A member who signed up through Google, say, gains a password this way.
          await tx.insert(accounts).values({
            id: crypto.randomUUID(),
            userId,
            accountId: userId,
            providerId: CREDENTIAL_PROVIDER,
            password: passwordHash,
          });
        }
        await tx.update(users).set({ emailVerified: true, updatedAt: clock() }).where(eq(users.id, userId));
      });
      await revokeAllSessions(db, userId);
      await deps.sessionsEnded(userId);
      return check;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
