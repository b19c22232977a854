import { and, desc, eq, gt, ne, sql } from 'drizzle-orm';
import Bowser from 'bowser';
import { z } from 'zod';
import type { Account, ActiveSession } from '@common/schemas/account';
import { languageOrDefault } from '@common/i18n/languages';
import type { Db, Executor } from '../../db/client';
import { accounts, dataExports, emailChanges, profiles, sessions, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { EmailTemplate, TemplateMailer } from '../../mail/templates';
import { hashPassword, hashToken, randomToken, verifyPassword } from '../../security/secrets';
import { CREDENTIAL_PROVIDER } from '../auth/registrations';
import { liveSession } from '../auth/sessions';
import { CODE_LOCK_SECONDS, TWO_FACTOR_LOCKED_JOB, type TwoFactor } from '../auth/two-factor';
import { isCounted, takeOnce } from '../../security/rate-limit';
import type { Storage } from '../../storage/storage';
import { deleteMember } from './deletion';
import { EXPORT_SECONDS, exportPrefix, gatherMemberData } from './data-export';

/** A link to confirm a new address works this long; the previous address can undo the change this long. */
export const EMAIL_CONFIRM_SECONDS = 24 * 3600;
export const EMAIL_UNDO_SECONDS = 7 * 24 * 3600;

export interface AccountServiceDeps {
  db: Db;
  mailer: TemplateMailer;
  publicUrl: string;
  wakeJobs: () => void;
  /** Sessions of a member ended: their open realtime sockets are closed. */
  sessionsEnded: (userId: string) => Promise<void>;
  twoFactor: TwoFactor;
  storage: Storage;
  /** Ends the member's paid subscription at once (deletion). */
  cancelBilling: (userId: string) => Promise<void>;
}

/** Job payloads name rows and addresses, never a secret: links are made by the job that sends them. */
const MemberJob = z.object({ userId: z.string() });
const EmailChangedJob = z.object({ userId: z.string(), previousEmail: z.string() });

/** "Chrome", "Windows", a device kind: what a member recognises a session by. */
export function describeUserAgent(
  userAgent: string | null,
): Pick<ActiveSession, 'browser' | 'os' | 'device'> {
  if (!userAgent) return { browser: null, os: null, device: 'desktop' };
  const parsed = Bowser.parse(userAgent);
  const platform = parsed.platform.type;
  return {
    browser: parsed.browser.name ?? null,
    os: parsed.os.name ?? null,
    device: platform === 'mobile' || platform === 'tablet' ? platform : 'desktop',
  };
}

/** "Download my data" as the settings page shows it: being prepared, ready until a time, or nothing. */
function exportState(row: typeof dataExports.$inferSelect | undefined): Account['dataExport'] {
  if (!row) return null;
  if (!row.readyAt) return { status: 'preparing', expiresAt: null };
  return row.expiresAt && row.expiresAt > new Date()
    ? { status: 'ready', expiresAt: row.expiresAt.toISOString() }
    : null;
}

/**
 * What a member controls about their account: names and phone, password, email address and the
 * browsers signed in.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, mailer } = deps;
  const link = (path: string, token: string) => `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  const findMember = (userId: string) => db.query.users.findFirst({ where: eq(users.id, userId) });

  async function member(userId: string) {
    const found = await findMember(userId);
    if (!found) throw new ApiError(401, 'UNAUTHORIZED');
    return found;
  }

  /** One of the account's emails to the member (or to `to`), in their language. */
  function mailMember(
    user: { email: string; locale: string; firstName: string | null },
    template: EmailTemplate,
    link: string,
    extra: { to?: string; params?: Record<string, string | number>; key?: string } = {},
  ) {
    return mailer.send(
      mailer.compose(template, {
        to: extra.to ?? user.email,
        language: languageOrDefault(user.locale),
        name: user.firstName,
        link,
        ...(extra.params ? { params: extra.params } : {}),
      }),
      extra.key ? { key: extra.key } : undefined,
    );
  }

  async function passwordHashOf(userId: string): Promise<string | null> {
    const rows = await db
      .select({ password: accounts.password })
      .from(accounts)
      .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)))
      .limit(1);
    return rows[0]?.password ?? null;
  }

  /** Throws unless `password` is the member's own (a member without one is told how to get one). */
  async function checkPassword(userId: string, password: string): Promise<void> {
    const stored = await passwordHashOf(userId);
    if (!stored) throw new ApiError(400, 'NO_PASSWORD');
    if (!(await verifyPassword(password, stored)))
      throw new ApiError(400, 'VALIDATION_ERROR', undefined, {
        currentPassword: 'validation.currentPasswordWrong',
      });
  }

  /**
   * With two-step sign-in on, a change that proves who is asking also takes a code from the app or a
   * recovery code, as signing in does (wrong ones count towards the lock).
   */
  async function checkSecondStep(userId: string, code: string): Promise<void> {
    if (!(await deps.twoFactor.enabled(userId))) return;
    if (!code) throw new ApiError(400, 'VALIDATION_ERROR', undefined, { code: 'validation.codeRequired' });
    if (!(await deps.twoFactor.check(userId, code)))
      throw new ApiError(400, 'VALIDATION_ERROR', undefined, { code: 'validation.codeWrong' });
  }

  /** Removes a member's sessions other than `keep`, and closes their sockets. */
  async function endSessionsExcept(userId: string, keep: string | null): Promise<number> {
    const ended = await db
      .delete(sessions)
      .where(and(eq(sessions.userId, userId), keep ? ne(sessions.id, keep) : undefined))
      .returning({ id: sessions.id });
    if (ended.length > 0) await deps.sessionsEnded(userId);
    return ended.length;
  }

  const jobHandlers: Record<string, JobHandler> = {
    'account.password-changed': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const user = await findMember(MemberJob.parse(raw).userId);
      if (user) await mailMember(user, 'passwordChanged', `${deps.publicUrl}/forgot-password`);
    },

    /** Gathers the member's data into one file in storage, and emails them that it is ready. */
    'account.export': async (raw) => {
      const userId = MemberJob.parse(raw).userId;
      const user = await findMember(userId);
      if (!user || user.deletedAt) return;
      const data = await gatherMemberData(db, deps.storage, user);
      const key = `${exportPrefix(userId)}/${crypto.randomUUID()}.json`;
      await deps.storage.deletePrefix(`${exportPrefix(userId)}/`);
      await deps.storage.put(key, Buffer.from(JSON.stringify(data, null, 2)), 'application/json');
      await db
        .update(dataExports)
        .set({
          storageKey: key,
          readyAt: new Date(),
          expiresAt: new Date(Date.now() + EXPORT_SECONDS * 1000),
        })
        .where(eq(dataExports.userId, userId));
      await mailMember(user, 'dataExportReady', `${deps.publicUrl}/settings#privacy`);
    },

    /** Tells the member two-step sign-in was turned on or off. */
    'account.two-factor-changed': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const userId = MemberJob.parse(raw).userId;
      const user = await findMember(userId);
      if (!user) return;
      const on = (await deps.twoFactor.status(userId)).enabled;
      await mailMember(user, on ? 'twoFactorOn' : 'twoFactorOff', `${deps.publicUrl}/settings#security`);
    },

    /** Tells the member their second step locked after wrong codes: someone has their password. */
    [TWO_FACTOR_LOCKED_JOB]: async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const user = await findMember(MemberJob.parse(raw).userId);
      if (user && !user.deletedAt)
        await mailMember(user, 'twoFactorLocked', `${deps.publicUrl}/forgot-password`, {
          params: { minutes: CODE_LOCK_SECONDS / 60 },
        });
    },

    /**
     * Sends the newest requested address its confirmation link (made here, so no secret waits in a
     * job). An address that another account has gets no link: its owner is told, at most once a day,
     * that someone asked for it, in their own language.
     */
    'account.confirm-email': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const userId = MemberJob.parse(raw).userId;
      const user = await findMember(userId);
      const pending = await db.query.emailChanges.findFirst({
        where: and(eq(emailChanges.userId, userId), eq(emailChanges.kind, 'confirm')),
        orderBy: desc(emailChanges.createdAt),
      });
      if (!user || !pending) return;
      const owner = await db.query.users.findFirst({
        where: and(eq(users.email, pending.email), ne(users.id, userId)),
      });
      if (owner) {
        // At most one notice a day, counted only once it is sent (a crash mid-send retries it).
        const key = `email-in-use:${owner.id}`;
        if (await isCounted(db, key)) return;
        await mailMember(owner, 'emailInUse', `${deps.publicUrl}/settings#security`);
        await takeOnce(db, key, 24 * 3600);
        return;
      }
      const token = randomToken();
      await db
        .update(emailChanges)
        .set({ tokenHash: hashToken(token) })
        .where(eq(emailChanges.id, pending.id));
      await mailMember(user, 'confirmEmailChange', link('/confirm-email-change', token), {
        to: pending.email,
      });
    },

    /** Tells the previous address, with a link that puts it back for 7 days. */
    'account.email-changed': async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const job = EmailChangedJob.parse(raw);
      const user = await findMember(job.userId);
      if (!user) return;
      const token = randomToken();
      await db.transaction(async (tx) => {
        await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.userId, user.id), eq(emailChanges.kind, 'undo')));
        await tx.insert(emailChanges).values({
          id: crypto.randomUUID(),
          userId: user.id,
          kind: 'undo',
          email: job.previousEmail,
          tokenHash: hashToken(token),
          expiresAt: new Date(Date.now() + EMAIL_UNDO_SECONDS * 1000),
        });
      });
      await mailMember(user, 'emailChanged', link('/undo-email-change', token), {
        to: job.previousEmail,
        params: { email: user.email, days: 7 },
      });
    },
  };

  /** Uses a link of `kind` up (at most once) and gives its row, or says why it does not work. */
  async function consume(kind: 'confirm' | 'undo', token: string, executor: Executor = db) {
    const rows = await executor
      .delete(emailChanges)
      .where(and(eq(emailChanges.tokenHash, hashToken(token)), eq(emailChanges.kind, kind)))
      .returning({
        userId: emailChanges.userId,
        email: emailChanges.email,
        expired: sql<boolean>`${emailChanges.expiresAt} <= now()`,
      });
    const row = rows[0];
    if (!row) throw new ApiError(400, 'LINK_INVALID');
    if (row.expired) throw new ApiError(400, 'LINK_EXPIRED');
    return row;
  }

  /** True when an account other than `userId` has `email`. */
  async function takenByOther(email: string, userId: string, executor: Executor = db): Promise<boolean> {
    const rows = await executor
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, email), ne(users.id, userId)))
      .limit(1);
    return rows.length > 0;
  }

  return {
    jobHandlers,

    async get(userId: string): Promise<Account> {
      const user = await member(userId);
      const [password, twoFactor, dataExport, pending] = await Promise.all([
        passwordHashOf(userId),
        deps.twoFactor.status(userId),
        db.query.dataExports.findFirst({ where: eq(dataExports.userId, userId) }),
        db.query.emailChanges.findFirst({
          columns: { email: true },
          where: and(
            eq(emailChanges.userId, userId),
            eq(emailChanges.kind, 'confirm'),
            gt(emailChanges.expiresAt, sql`now()`),
          ),
        }),
      ]);
      return {
        email: user.email,
        firstName: user.firstName,
        lastName: user.lastName,
        phone: user.phone || null,
        hasPassword: password !== null,
        pendingEmail: pending?.email ?? null,
        twoFactorEnabled: twoFactor.enabled,
        recoveryCodesLeft: twoFactor.recoveryCodesLeft,
        dataExport: exportState(dataExport),
      };
    },

    /** Names and phone; a new phone number takes the current password (it is how a seller is reached). */
    async saveDetails(
      userId: string,
      input: { firstName: string; lastName: string; phone: string | null; currentPassword?: string },
    ): Promise<Account> {
      const { currentPassword = '', ...details } = input;
      const phone = details.phone || null;
      if (phone !== ((await member(userId)).phone || null)) {
        if (!currentPassword)
          throw new ApiError(400, 'VALIDATION_ERROR', undefined, {
            currentPassword: 'validation.currentPasswordRequired',
          });
        await checkPassword(userId, currentPassword);
      }
      const name = `${details.firstName} ${details.lastName}`.trim();
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ ...details, phone, name, updatedAt: new Date() })
          .where(eq(users.id, userId));
        await tx.update(profiles).set({ displayName: name }).where(eq(profiles.userId, userId));
      });
      return this.get(userId);
    },

    /** A new password: the current one proves it is the member; every other session ends; an email tells. */
    async changePassword(
      userId: string,
      currentSessionId: string | null,
      input: { currentPassword: string; password: string },
    ): Promise<void> {
      await checkPassword(userId, input.currentPassword);
      const passwordHash = await hashPassword(input.password);
      await db.transaction(async (tx) => {
        await tx
          .update(accounts)
          .set({ password: passwordHash, updatedAt: new Date() })
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
        await enqueueJob(tx, 'account.password-changed', { userId });
      });
      deps.wakeJobs();
      await endSessionsExcept(userId, currentSessionId);
    },

    /**
     * Asks for a new address, with the password (and a code with two-step sign-in on). Everything
     * the member sees is the same whether or not another account has it (the answer, the pending
     * address in the account, the work done here), so the form cannot be used to find out who is a
     * member: the job sends a link only to a free address, and a notice to the owner of a taken one.
     */
    async requestEmailChange(
      userId: string,
      input: { email: string; currentPassword: string; code?: string },
    ): Promise<void> {
      await checkPassword(userId, input.currentPassword);
      await checkSecondStep(userId, input.code ?? '');
      const user = await member(userId);
      if (input.email === user.email)
        throw new ApiError(400, 'VALIDATION_ERROR', undefined, { email: 'validation.emailUnchanged' });
      await db.transaction(async (tx) => {
        await tx
          .delete(emailChanges)
          .where(and(eq(emailChanges.userId, userId), eq(emailChanges.kind, 'confirm')));
        // Queued with the request's row, whoever has the address: the job tells a taken one's owner.
        await enqueueJob(tx, 'account.confirm-email', { userId });
        await tx.insert(emailChanges).values({
          id: crypto.randomUUID(),
          userId,
          kind: 'confirm',
          email: input.email,
          // Replaced by the job that sends the link; until then nothing can match it.
          tokenHash: `pending:${crypto.randomUUID()}`,
          expiresAt: new Date(Date.now() + EMAIL_CONFIRM_SECONDS * 1000),
        });
      });
      deps.wakeJobs();
    },

    /** The new address's link: the account's address becomes it, and the previous one is told. */
    async confirmEmailChange(token: string): Promise<{ userId: string; email: string }> {
      // The link used up, the address changed and the job that tells the previous one: all or nothing.
      const change = await db.transaction(async (tx) => {
        const change = await consume('confirm', token, tx);
        const user = (
          await tx.select({ email: users.email }).from(users).where(eq(users.id, change.userId)).limit(1)
        )[0];
        if (!user) throw new ApiError(401, 'UNAUTHORIZED');
        if (await takenByOther(change.email, change.userId, tx)) throw new ApiError(409, 'EMAIL_TAKEN');
        await tx
          .update(users)
          .set({ email: change.email, emailVerified: true, updatedAt: new Date() })
          .where(eq(users.id, change.userId));
        await enqueueJob(tx, 'account.email-changed', { userId: change.userId, previousEmail: user.email });
        return change;
      });
      deps.wakeJobs();
      return { userId: change.userId, email: change.email };
    },

    /**
     * The previous address's link: the address goes back, and every session ends (whoever changed it
     * may be signed in). The member is advised to choose a new password.
     */
    async undoEmailChange(token: string): Promise<{ userId: string; email: string }> {
      const change = await consume('undo', token);
      if (await takenByOther(change.email, change.userId)) throw new ApiError(409, 'EMAIL_TAKEN');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ email: change.email, updatedAt: new Date() })
          .where(eq(users.id, change.userId));
        await tx.delete(emailChanges).where(eq(emailChanges.userId, change.userId));
      });
      await endSessionsExcept(change.userId, null);
      return { userId: change.userId, email: change.email };
    },

    /** The member's signed-in browsers, the one asking first, then by last activity. */
    async listSessions(userId: string, currentSessionId: string | null): Promise<ActiveSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), liveSession()))
        .orderBy(desc(sessions.updatedAt))
        .limit(100);
      return rows
        .map((row) => ({
          id: row.id,
          ...describeUserAgent(row.userAgent),
          ipAddress: row.ipAddress,
          lastSeenAt: row.updatedAt.toISOString(),
          signedInAt: row.createdAt.toISOString(),
          current: row.id === currentSessionId,
        }))
        .sort((a, b) => Number(b.current) - Number(a.current));
    },

    /** Ends one of the member's own sessions (another member's id is not found). */
    async endSession(userId: string, sessionId: string): Promise<void> {
      // Session ids are UUIDs: anything else names no session (and never reaches the database).
      if (!isUuid(sessionId)) throw new ApiError(404, 'NOT_FOUND');
      const ended = await db
        .delete(sessions)
        .where(and(eq(sessions.userId, userId), eq(sessions.id, sessionId)))
        .returning({ id: sessions.id });
      if (ended.length === 0) throw new ApiError(404, 'NOT_FOUND');
      await deps.sessionsEnded(userId);
    },

    endOtherSessions: (userId: string, currentSessionId: string | null) =>
      endSessionsExcept(userId, currentSessionId),

    /**
     * Deletes the account, proven by the password (and a code with two-step sign-in on): billing is
     * cancelled first, then everything of theirs goes (`deleteMember`), their sockets close, and a
     * last email says it is done.
     */
    async deleteAccount(userId: string, input: { currentPassword: string; code: string }): Promise<void> {
      await checkPassword(userId, input.currentPassword);
      await checkSecondStep(userId, input.code);
      const user = await member(userId);
      await deps.cancelBilling(userId);
      const email = await deleteMember(db, deps.storage, userId);
      await deps.sessionsEnded(userId);
      if (email)
        await mailMember(user, 'accountDeleted', deps.publicUrl, {
          to: email,
          key: `account-deleted:${userId}`,
        });
    },

    /** Asks for a copy of the member's data: a job prepares it and emails them. */
    async requestExport(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(dataExports)
          .values({ userId })
          .onConflictDoUpdate({
            target: dataExports.userId,
            set: { requestedAt: new Date(), readyAt: null, expiresAt: null },
          });
        await enqueueJob(tx, 'account.export', { userId }, { dedupeKey: `account-export:${userId}` });
      });
      deps.wakeJobs();
    },

    /** The member's prepared data while it is fresh, as a stream; null when there is none. */
    async downloadExport(userId: string) {
      const row = await db.query.dataExports.findFirst({ where: eq(dataExports.userId, userId) });
      if (!row?.storageKey || !row.expiresAt || row.expiresAt <= new Date()) return null;
      return deps.storage.get(row.storageKey);
    },

    /** Two-step sign-in begins with the password: a new key and its QR code. */
    async startTwoFactor(userId: string, currentPassword: string) {
      await checkPassword(userId, currentPassword);
      const user = await member(userId);
      const setup = await deps.twoFactor.start(userId, user.email);
      if (!setup) throw new ApiError(409, 'TWO_FACTOR_ON');
      return setup;
    },

    /** A code from the app turns it on; the recovery codes are shown this once. */
    async enableTwoFactor(userId: string, code: string): Promise<string[]> {
      const codes = await deps.twoFactor.enable(userId, code, (tx) =>
        enqueueJob(tx, 'account.two-factor-changed', { userId }),
      );
      if (!codes) throw new ApiError(400, 'VALIDATION_ERROR', undefined, { code: 'validation.codeWrong' });
      deps.wakeJobs();
      return codes;
    },

    /** Turned off only with the password and a code (from the app or a recovery code). */
    async disableTwoFactor(userId: string, input: { currentPassword: string; code: string }): Promise<void> {
      await checkPassword(userId, input.currentPassword);
      if (!(await deps.twoFactor.check(userId, input.code)))
        throw new ApiError(400, 'VALIDATION_ERROR', undefined, { code: 'validation.codeWrong' });
      await deps.twoFactor.disable(userId, (tx) => enqueueJob(tx, 'account.two-factor-changed', { userId }));
      deps.wakeJobs();
    },
  };
}

export type AccountService = ReturnType<typeof createAccountService>;
