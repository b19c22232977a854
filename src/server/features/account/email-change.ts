import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Executor } from '../../db/client';
import { emailChanges, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import { hashToken, randomToken } from '../../security/secrets';
import { isCounted, takeOnce } from '../../security/rate-limit';
import type { AccountServiceDeps } from './account.service';
import type { MemberChecks } from './member-checks';
import { later, systemClock } from '../../clock';

/** A link to confirm a new address works this long; the previous address can undo the change this long. */
export const EMAIL_CONFIRM_SECONDS = 24 * 3600;
export const EMAIL_UNDO_SECONDS = 7 * 24 * 3600;

/** Job payloads name rows and addresses, never a secret: links are made by the job that sends them. */
const MemberJob = z.object({ userId: z.string() });
const EmailChangedJob = z.object({ userId: z.string(), previousEmail: z.string() });

/**
 * A new email address: asked for with the password, confirmed from a link to the new address, and
 * undone for a week from a link to the previous one.
 */
export function createEmailChange(deps: AccountServiceDeps, checks: MemberChecks) {
  const { db, mailer } = deps;
  const clock = deps.clock ?? systemClock;
  const { findMember, member, mailMember, checkPassword, checkSecondStep, endSessionsExcept } = checks;
  const link = (path: string, token: string) => `${deps.publicUrl}${path}?token=${encodeURIComponent(token)}`;

  const jobHandlers: Record<string, JobHandler> = {
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
          expiresAt: later(clock, EMAIL_UNDO_SECONDS * 1000),
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
        expired: sql<boolean>`${emailChanges.expiresAt} <= ${clock().toISOString()}::timestamptz`,
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

    /**
     * Asks for a new address, with the password (and a code with two-step sign-in on). Everything
     * the member sees is the same whether or not another account has it (the answer, the pending
     * address in the account, the work done here), so the form cannot be used to find out who is a
     * member: the job sends a link only to a free address, and a notice to the owner of a taken one.
     */
    async request(
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
          expiresAt: later(clock, EMAIL_CONFIRM_SECONDS * 1000),
        });
      });
      deps.wakeJobs();
    },

    /** The new address's link: the account's address becomes it, and the previous one is told. */
    async confirm(token: string): Promise<{ userId: string; email: string }> {
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
          .set({ email: change.email, emailVerified: true, updatedAt: clock() })
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
    async undo(token: string): Promise<{ userId: string; email: string }> {
      const change = await consume('undo', token);
      if (await takenByOther(change.email, change.userId)) throw new ApiError(409, 'EMAIL_TAKEN');
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ email: change.email, updatedAt: clock() })
          .where(eq(users.id, change.userId));
        await tx.delete(emailChanges).where(eq(emailChanges.userId, change.userId));
      });
      await endSessionsExcept(change.userId, null);
      return { userId: change.userId, email: change.email };
    },
  };
}
