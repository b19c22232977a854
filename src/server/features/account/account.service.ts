import { and, desc, eq, gt } from 'drizzle-orm';
import Bowser from 'bowser';
import { z } from 'zod';
import type { Account, ActiveSession } from '@common/schemas/account';
import { languageOrDefault, type Language } from '@common/i18n/languages';
import type { Db, Executor } from '../../db/client';
import { accounts, dataExports, emailChanges, profiles, sessions, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import { hashPassword } from '../../security/secrets';
import { CREDENTIAL_PROVIDER } from '../auth/registrations';
import { liveSession } from '../auth/sessions';
import { CODE_LOCK_SECONDS, TWO_FACTOR_LOCKED_JOB, type TwoFactor } from '../auth/two-factor';
import type { Storage } from '../../storage/storage';
import { deleteMember } from './deletion';
import { ERASE_JOB, ERASE_REMINDER_JOB, scheduleDeletion } from './closing';
import { EXPORT_SECONDS, exportPrefix, gatherMemberData } from './data-export';
import { createEmailChange } from './email-change';
import { memberChecks } from './member-checks';
import { later, systemClock, type Clock } from '../../clock';

export { EMAIL_CONFIRM_SECONDS, EMAIL_UNDO_SECONDS } from './email-change';

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
  /** The time expiries are judged at (the system's when absent). */
  clock?: Clock;
}

/** Job payloads name rows and addresses, never a secret: links are made by the job that sends them. */
const MemberJob = z.object({ userId: z.string() });

/** "28 December 2026" in the member's language, for an email. */
/**
 * A member's names, their display name, and their public profile's name, together; `also`: other
 * columns of the member's row written in the same statement (the phone, from Settings).
 */
async function writeName(
  db: Executor,
  userId: string,
  input: { firstName: string; lastName: string },
  now: Date,
  also: { phone?: string | null } = {},
) {
  const name = `${input.firstName} ${input.lastName}`.trim();
  await db
    .update(users)
    .set({ firstName: input.firstName, lastName: input.lastName, name, ...also, updatedAt: now })
    .where(eq(users.id, userId));
  await db.update(profiles).set({ displayName: name }).where(eq(profiles.userId, userId));
}

function longDate(locale: string, date: Date): string {
  return new Intl.DateTimeFormat(languageOrDefault(locale), { dateStyle: 'long', timeZone: 'UTC' }).format(
    date,
  );
}

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
function exportState(row: typeof dataExports.$inferSelect | undefined, now: Date): Account['dataExport'] {
  if (!row) return null;
  if (!row.readyAt) return { status: 'preparing', expiresAt: null };
  return row.expiresAt && row.expiresAt > now
    ? { status: 'ready', expiresAt: row.expiresAt.toISOString() }
    : null;
}

/**
 * What a member controls about their account: names and phone, password, email address and the
 * browsers signed in.
 */
export function createAccountService(deps: AccountServiceDeps) {
  const { db, mailer } = deps;
  const clock = deps.clock ?? systemClock;
  const checks = memberChecks(deps);
  const {
    findMember,
    member,
    mailMember,
    passwordHashOf,
    checkPassword,
    checkSecondStep,
    endSessionsExcept,
  } = checks;
  const emailChange = createEmailChange(deps, checks);

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
          readyAt: clock(),
          expiresAt: later(clock, EXPORT_SECONDS * 1000),
        })
        .where(eq(dataExports.userId, userId));
      await mailMember(user, 'dataExportReady', `${deps.publicUrl}/settings#privacy`);
    },

    /** A few days before an account is erased: signing in keeps it. */
    [ERASE_REMINDER_JOB]: async (raw) => {
      if (await mailer.nextAlreadySent()) return;
      const user = await findMember(MemberJob.parse(raw).userId);
      if (!user?.deletionDueAt || user.deletedAt) return;
      await mailMember(user, 'accountDeletionReminder', `${deps.publicUrl}/auth?mode=signin`, {
        params: { date: longDate(user.locale, user.deletionDueAt) },
      });
    },

    /** The 30 days have passed: the account is erased (unless restored), and a last email says so. */
    [ERASE_JOB]: async (raw) => {
      const userId = MemberJob.parse(raw).userId;
      const user = await findMember(userId);
      if (!user || user.deletedAt) return;
      const email = await deleteMember(db, deps.storage, userId, clock(), { dueBy: clock() });
      if (email)
        await mailMember(user, 'accountDeleted', deps.publicUrl, {
          to: email,
          key: `account-deleted:${userId}`,
        });
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
  };

  return {
    jobHandlers: { ...jobHandlers, ...emailChange.jobHandlers },
    requestEmailChange: emailChange.request,
    confirmEmailChange: emailChange.confirm,
    undoEmailChange: emailChange.undo,

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
            gt(emailChanges.expiresAt, clock()),
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
        dataExport: exportState(dataExport, clock()),
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
      await db.transaction((tx) => writeName(tx, userId, details, clock(), { phone }));
      return this.get(userId);
    },

    /** The names others see: on the account, and on the member's public profile. */
    async saveName(userId: string, input: { firstName: string; lastName: string }): Promise<Account> {
      await db.transaction((tx) => writeName(tx, userId, input, clock()));
      return this.get(userId);
    },

    /** The language the member reads the site in, kept on the account: their emails follow it. */
    async saveLanguage(userId: string, language: Language): Promise<void> {
      await db.update(users).set({ locale: language, updatedAt: clock() }).where(eq(users.id, userId));
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
          .set({ password: passwordHash, updatedAt: clock() })
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, CREDENTIAL_PROVIDER)));
        await enqueueJob(tx, 'account.password-changed', { userId });
      });
      deps.wakeJobs();
      await endSessionsExcept(userId, currentSessionId);
    },

    /** The member's signed-in browsers, the one asking first, then by last activity. */
    async listSessions(userId: string, currentSessionId: string | null): Promise<ActiveSession[]> {
      const rows = await db
        .select()
        .from(sessions)
        .where(and(eq(sessions.userId, userId), liveSession(clock())))
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
     * Deletes the account in 30 days, proven by the password (and a code with two-step sign-in on):
     * billing is cancelled first, then the account is due (`scheduleDeletion`: signed out everywhere,
     * listings off the market, the erasure and its reminder queued), their sockets close, and an email
     * says when, and that signing in before then keeps the account. Answers when it is due.
     */
    async deleteAccount(userId: string, input: { currentPassword: string; code: string }): Promise<Date> {
      await checkPassword(userId, input.currentPassword);
      await checkSecondStep(userId, input.code);
      const user = await member(userId);
      await deps.cancelBilling(userId);
      const due = await scheduleDeletion(db, userId, clock());
      if (!due) throw new ApiError(401, 'UNAUTHORIZED');
      deps.wakeJobs();
      await deps.sessionsEnded(userId);
      await mailMember(user, 'accountDeletionScheduled', `${deps.publicUrl}/auth?mode=signin`, {
        params: { date: longDate(user.locale, due) },
        key: `account-deletion-scheduled:${userId}:${due.getTime()}`,
      });
      return due;
    },

    /** Asks for a copy of the member's data: a job prepares it and emails them. */
    async requestExport(userId: string): Promise<void> {
      await db.transaction(async (tx) => {
        await tx
          .insert(dataExports)
          .values({ userId })
          .onConflictDoUpdate({
            target: dataExports.userId,
            set: { requestedAt: clock(), readyAt: null, expiresAt: null },
          });
        await enqueueJob(tx, 'account.export', { userId }, { dedupeKey: `account-export:${userId}` });
      });
      deps.wakeJobs();
    },

    /** The member's prepared data while it is fresh, as a stream; null when there is none. */
    async downloadExport(userId: string) {
      const row = await db.query.dataExports.findFirst({ where: eq(dataExports.userId, userId) });
      if (!row?.storageKey || !row.expiresAt || row.expiresAt <= clock()) return null;
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
