import { and, eq, ne } from 'drizzle-orm';
import { languageOrDefault } from '@common/i18n/languages';
import { accounts, sessions, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { EmailTemplate } from '../../mail/templates';
import { verifyPassword } from '../../security/secrets';
import { CREDENTIAL_PROVIDER } from '../auth/registrations';
import type { AccountServiceDeps } from './account.service';

/**
 * What the account's changes share: finding the member, proving who asks (password, second step),
 * ending their other sessions, and emailing them in their language.
 */
export function memberChecks(deps: AccountServiceDeps) {
  const { db, mailer } = deps;

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

  return {
    findMember,
    member,
    mailMember,
    passwordHashOf,
    checkPassword,
    checkSecondStep,
    endSessionsExcept,
  };
}

export type MemberChecks = ReturnType<typeof memberChecks>;
