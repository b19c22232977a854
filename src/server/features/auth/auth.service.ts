import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import { isLanguage, type Language } from '@common/i18n/languages';
import type { Db } from '../../db/client';
import { accounts, profiles, users } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { Mailer } from '../../mail/mailer';
import { renderEmail } from '../../mail/templates';
import { DUMMY_PASSWORD_HASH, hashPassword, verifyPassword } from '../../security/secrets';
import { issueLink, consumeLink, deleteLinks, peekLink, type LinkCheck } from './one-time-links';
import { revokeAllSessions } from './sessions';

export const CREDENTIAL_PROVIDER = 'credential';

export interface AuthServiceDeps {
  db: Db;
  mailer: Mailer;
  publicUrl: string;
  /** Tells this instance's job worker that work is waiting. */
  wakeJobs: () => void;
}

const SignUpJob = z.object({
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  passwordHash: z.string(),
  language: z.string(),
  pendingToken: z.string(),
});
const EmailJob = z.object({ email: z.string(), language: z.string().optional() });

function language(value: string | undefined | null): Language {
  return isLanguage(value) ? value : 'en';
}

export function createAuthService(deps: AuthServiceDeps) {
  const { db, mailer } = deps;
  const link = (path: string, token?: string) =>
    `${deps.publicUrl}${path}${token ? `?token=${encodeURIComponent(token)}` : ''}`;

  async function findUserByEmail(email: string) {
    const rows = await db.select().from(users).where(eq(users.email, email)).limit(1);
    return rows[0];
  }

  async function sendConfirmation(user: {
    id: string;
    email: string;
    firstName: string | null;
    locale: string;
  }) {
    const token = await issueLink(db, 'confirm-email', user.id);
    await mailer.send(
      renderEmail('confirmSignup', {
        to: user.email,
        language: language(user.locale),
        name: user.firstName,
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
      const job = SignUpJob.parse(raw);
      const existing = await findUserByEmail(job.email);
      if (existing?.emailVerified) {
        await mailer.send(
          renderEmail('accountExists', {
            to: existing.email,
            language: language(existing.locale),
            name: existing.firstName,
            link: `${deps.publicUrl}/auth?mode=signin`,
          }),
        );
        return;
      }
      const displayName = `${job.firstName} ${job.lastName}`.trim();
      const fields = {
        name: displayName,
        firstName: job.firstName,
        lastName: job.lastName,
        phone: job.phone,
        locale: job.language,
        updatedAt: new Date(),
      };
      // An unconfirmed account is nobody's yet: a new sign-up with its email takes it over, and only
      // the owner of the address can confirm it.
      const userId = existing?.id ?? crypto.randomUUID();
      await db.transaction(async (tx) => {
        if (existing) {
          await tx.update(users).set(fields).where(eq(users.id, userId));
          await tx
            .update(accounts)
            .set({ password: job.passwordHash, updatedAt: new Date() })
            .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
          await tx.update(profiles).set({ displayName }).where(eq(profiles.userId, userId));
        } else {
          await tx.insert(users).values({ id: userId, email: job.email, ...fields });
          await tx.insert(accounts).values({
            id: crypto.randomUUID(),
            userId,
            accountId: userId,
            providerId: CREDENTIAL_PROVIDER,
            password: job.passwordHash,
          });
          await tx.insert(profiles).values({ userId, displayName });
        }
      });
      await issueLink(db, 'signup-pending', userId, job.pendingToken);
      await sendConfirmation({
        id: userId,
        email: job.email,
        firstName: job.firstName,
        locale: job.language,
      });
    },

    'auth.resend-confirmation': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const job = EmailJob.parse(raw);
      const user = await findUserByEmail(job.email);
      if (!user || user.emailVerified) return;
      await sendConfirmation(user);
    },

    'auth.password-reset': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const job = EmailJob.parse(raw);
      const user = await findUserByEmail(job.email);
      if (!user) return;
      const token = await issueLink(db, 'reset-password', user.id);
      await mailer.send(
        renderEmail('resetPassword', {
          to: user.email,
          language: job.language && isLanguage(job.language) ? job.language : language(user.locale),
          name: user.firstName,
          link: link('/reset-password', token),
        }),
      );
    },
  };

  return {
    jobHandlers,

    /**
     * Takes a sign-up. Every request does the same work (hash the password, queue a job) and gets the
     * same answer, whether or not the email has an account; the job decides what to send.
     */
    async signUp(input: {
      firstName: string;
      lastName: string;
      email: string;
      phone: string | null;
      password: string;
      language: Language;
      pendingToken: string;
    }): Promise<void> {
      const passwordHash = await hashPassword(input.password);
      await enqueue('auth.sign-up', {
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        passwordHash,
        language: input.language,
        pendingToken: input.pendingToken,
      });
    },

    async resendConfirmation(email: string): Promise<void> {
      await enqueue('auth.resend-confirmation', { email });
    },

    async requestPasswordReset(email: string, lang: Language): Promise<void> {
      await enqueue('auth.password-reset', { email, language: lang });
    },

    /** Checks a password; a missing account costs the same time as a wrong password. */
    async checkCredentials(
      email: string,
      password: string,
    ): Promise<{ status: 'ok'; userId: string } | { status: 'invalid' } | { status: 'unconfirmed' }> {
      const rows = await db
        .select({ id: users.id, emailVerified: users.emailVerified, password: accounts.password })
        .from(users)
        .leftJoin(accounts, and(eq(accounts.userId, users.id), eq(accounts.providerId, CREDENTIAL_PROVIDER)))
        .where(eq(users.email, email))
        .limit(1);
      const row = rows[0];
      const matches = await verifyPassword(password, row?.password ?? DUMMY_PASSWORD_HASH);
      if (!row || !row.password || !matches) return { status: 'invalid' };
      if (!row.emailVerified) return { status: 'unconfirmed' };
      return { status: 'ok', userId: row.id };
    },

    /** Uses a confirmation link: marks the email confirmed. Never signs anyone in. */
    async confirmEmail(token: string): Promise<LinkCheck & { email?: string }> {
      const check = await consumeLink(db, 'confirm-email', token);
      if (check.status !== 'valid') return check;
      const rows = await db
        .update(users)
        .set({ emailVerified: true, updatedAt: new Date() })
        .where(eq(users.id, check.userId))
        .returning({ email: users.email });
      const email = rows[0]?.email;
      return email ? { ...check, email } : { status: 'invalid' };
    },

    /** The user behind this browser's pending sign-up, once the email is confirmed. */
    async confirmedPendingSignUp(pendingToken: string): Promise<string | null> {
      const check = await peekLink(db, 'signup-pending', pendingToken);
      if (check.status !== 'valid') return null;
      const rows = await db
        .select({ emailVerified: users.emailVerified })
        .from(users)
        .where(eq(users.id, check.userId));
      if (!rows[0]?.emailVerified) return null;
      await deleteLinks(db, 'signup-pending', check.userId);
      return check.userId;
    },

    checkResetLink(token: string): Promise<LinkCheck> {
      return peekLink(db, 'reset-password', token);
    },

    /**
     * Sets a new password from a reset link: the link is used up, every session of the member ends,
     * and the email counts as confirmed (the member just proved they read it).
     */
    async resetPassword(token: string, password: string): Promise<LinkCheck> {
      const passwordHash = await hashPassword(password);
      const check = await consumeLink(db, 'reset-password', token);
      if (check.status !== 'valid') return check;
      const userId = check.userId;
      await db.transaction(async (tx) => {
        const updated = await tx
          .update(accounts)
          .set({ password: passwordHash, updatedAt: new Date() })
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
        await tx
          .update(users)
          .set({ emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, userId));
      });
      await revokeAllSessions(db, userId);
      return check;
    },
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
