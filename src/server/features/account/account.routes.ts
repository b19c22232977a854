import { z } from '@hono/zod-openapi';
import {
  AccountDetailsSchema,
  AccountSchema,
  ActiveSessionsSchema,
  ChangeEmailSchema,
  ChangePasswordSchema,
  DeleteAccountSchema,
  DeletionScheduledSchema,
  LanguageChoiceSchema,
  MemberNameSchema,
  EmailChangeResultSchema,
  PasswordCheckSchema,
  RecoveryCodesSchema,
  TwoFactorDisableSchema,
  TwoFactorEnableSchema,
  TwoFactorSetupSchema,
} from '@common/schemas/account';
import { AcceptedSchema, OkSchema, TokenSchema } from '@common/schemas/auth';
import { Readable } from 'node:stream';
import { ApiError } from '../../http/api-error';
import { createRouter } from '../../http/create-router';
import type { CookieSettings } from '../../http/cookies';
import { body, failure, json, route } from '../../http/openapi';
import { refuseCommonPassword } from '../../security/common-passwords';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import { logSecurityEvent } from '../../security/security-log';
import { clearSessionCookie, requireUser } from '../auth/sessions';
import type { AccountService } from './account.service';

const tags = ['Account'];
const publicFailures = { 400: failure('Invalid input'), 429: failure('Too many attempts') };
const failures = { ...publicFailures, 401: failure('Not signed in') };

const routes = {
  get: route({
    member: true,
    method: 'get',
    path: '/',
    tags,
    summary: 'My account: address, names, phone, whether a password is set',
    responses: { 200: json(AccountSchema, 'The account'), ...failures },
  }),
  details: route({
    member: true,
    method: 'put',
    path: '/details',
    tags,
    summary: 'Change names and phone (a new phone number takes the current password)',
    request: body(AccountDetailsSchema),
    responses: { 200: json(AccountSchema, 'The account'), ...failures },
  }),
  name: route({
    member: true,
    method: 'put',
    path: '/name',
    tags,
    summary: 'Give or change the names others see (asked before a first message, offer or listing)',
    request: body(MemberNameSchema),
    responses: { 200: json(AccountSchema, 'The account'), ...failures },
  }),
  language: route({
    member: true,
    method: 'put',
    path: '/language',
    tags,
    summary: "Keep the member's language: every email to them is in it",
    request: body(LanguageChoiceSchema),
    responses: { 200: json(OkSchema, 'Kept'), ...failures },
  }),
  password: route({
    member: true,
    method: 'post',
    path: '/password',
    tags,
    summary: 'Change the password (the current one required); other sessions end',
    request: body(ChangePasswordSchema),
    responses: { 200: json(OkSchema, 'Changed'), ...failures },
  }),
  email: route({
    member: true,
    method: 'post',
    path: '/email',
    tags,
    summary:
      'Ask to change the email address (the password, and a code with two-step sign-in on): a link goes to the new address',
    request: body(ChangeEmailSchema),
    responses: { 202: json(AcceptedSchema, 'A link is on its way'), ...failures },
  }),
  confirmEmail: route({
    method: 'post',
    path: '/email/confirm',
    tags,
    summary: "The new address's link: the change is made",
    request: body(TokenSchema),
    responses: {
      200: json(EmailChangeResultSchema, 'The address now in use'),
      409: failure('The address belongs to another account'),
      ...publicFailures,
    },
  }),
  undoEmail: route({
    method: 'post',
    path: '/email/undo',
    tags,
    summary: "The previous address's link: the change is undone and every session ends",
    request: body(TokenSchema),
    responses: {
      200: json(EmailChangeResultSchema, 'The address back in use'),
      409: failure('The address belongs to another account'),
      ...publicFailures,
    },
  }),
  sessions: route({
    member: true,
    method: 'get',
    path: '/sessions',
    tags,
    summary: 'The browsers signed in to my account',
    responses: { 200: json(ActiveSessionsSchema, 'Active sessions'), ...failures },
  }),
  endSession: route({
    member: true,
    method: 'delete',
    path: '/sessions/{id}',
    tags,
    summary: 'Sign one browser out',
    request: { params: z.object({ id: z.string().max(100) }) },
    responses: { 200: json(OkSchema, 'Signed out'), 404: failure('No such session'), ...failures },
  }),
  endOthers: route({
    member: true,
    method: 'post',
    path: '/sessions/end-others',
    tags,
    summary: 'Sign out every browser but this one',
    responses: { 200: json(z.object({ ended: z.number() }), 'How many ended'), ...failures },
  }),
  startTwoFactor: route({
    member: true,
    method: 'post',
    path: '/two-factor/start',
    tags,
    summary: 'Begin two-step sign-in (the password required): a new key and its QR code',
    request: body(PasswordCheckSchema),
    responses: {
      200: json(TwoFactorSetupSchema, 'The key for the authenticator app'),
      409: failure('Already on'),
      ...failures,
    },
  }),
  enableTwoFactor: route({
    member: true,
    method: 'post',
    path: '/two-factor/enable',
    tags,
    summary: 'Turn two-step sign-in on with a code from the app; the recovery codes are answered once',
    request: body(TwoFactorEnableSchema),
    responses: { 200: json(RecoveryCodesSchema, 'On, with ten recovery codes'), ...failures },
  }),
  disableTwoFactor: route({
    member: true,
    method: 'post',
    path: '/two-factor/disable',
    tags,
    summary: 'Turn two-step sign-in off (the password and a code required)',
    request: body(TwoFactorDisableSchema),
    responses: { 200: json(OkSchema, 'Off'), ...failures },
  }),
  requestExport: route({
    member: true,
    method: 'post',
    path: '/export',
    tags,
    summary: 'Download my data: a job prepares a JSON file and emails when it is ready',
    responses: { 202: json(AcceptedSchema, 'Being prepared'), ...failures },
  }),
  downloadExport: route({
    member: true,
    method: 'get',
    path: '/export',
    tags,
    summary: 'The prepared JSON file (for 24 hours)',
    responses: {
      200: { description: "The member's data", content: { 'application/json': { schema: z.unknown() } } },
      404: failure('None prepared, or expired'),
      ...failures,
    },
  }),
  deleteAccount: route({
    member: true,
    method: 'post',
    path: '/delete',
    tags,
    summary:
      'Delete my account in 30 days (the password, and a code with two-step sign-in on); signing in before then keeps it',
    request: body(DeleteAccountSchema),
    responses: {
      200: json(DeletionScheduledSchema, 'Due to be deleted; signed out everywhere'),
      503: failure('Billing could not be cancelled; nothing was deleted'),
      ...failures,
    },
  }),
};

export function accountRoutes(deps: { account: AccountService; limit: Limiter; cookies: CookieSettings }) {
  const { account, limit } = deps;
  return createRouter()
    .openapi(routes.get, async (c) => c.json(await account.get(requireUser(c).id), 200))
    .openapi(routes.details, async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      // A new phone number checks the current password: limited like sign-in, per member.
      if (input.currentPassword) await limit('account-password', user.id, LIMITS.signInPerAccount);
      return c.json(await account.saveDetails(user.id, input), 200);
    })
    .openapi(routes.name, async (c) =>
      c.json(await account.saveName(requireUser(c).id, c.req.valid('json')), 200),
    )
    .openapi(routes.language, async (c) => {
      await account.saveLanguage(requireUser(c).id, c.req.valid('json').language);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.password, async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      // Each try checks the current password: limited like sign-in, per member.
      await limit('account-password', user.id, LIMITS.signInPerAccount);
      await refuseCommonPassword(input.password);
      await account.changePassword(user.id, c.get('sessionId'), input);
      logSecurityEvent(c, 'password.changed');
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.email, async (c) => {
      const user = requireUser(c);
      const input = c.req.valid('json');
      await limit('account-password', user.id, LIMITS.signInPerAccount);
      await limit('email-change', user.id, LIMITS.emailPerAccount);
      await account.requestEmailChange(user.id, input);
      logSecurityEvent(c, 'email-change.requested');
      return c.json({ status: 'accepted' as const }, 202);
    })
    .openapi(routes.confirmEmail, async (c) => {
      await limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      const { userId, email } = await account.confirmEmailChange(c.req.valid('json').token);
      logSecurityEvent(c, 'email-change.confirmed', { memberId: userId });
      return c.json({ email }, 200);
    })
    .openapi(routes.undoEmail, async (c) => {
      await limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      const { userId, email } = await account.undoEmailChange(c.req.valid('json').token);
      // Every session of the account ended, this browser's too if it was one.
      clearSessionCookie(c, deps.cookies);
      logSecurityEvent(c, 'email-change.undone', { memberId: userId });
      return c.json({ email }, 200);
    })
    .openapi(routes.sessions, async (c) =>
      c.json({ sessions: await account.listSessions(requireUser(c).id, c.get('sessionId')) }, 200),
    )
    .openapi(routes.endSession, async (c) => {
      const user = requireUser(c);
      const { id } = c.req.valid('param');
      await account.endSession(user.id, id);
      logSecurityEvent(c, 'sessions.revoked', { session: id === c.get('sessionId') ? 'this' : 'other' });
      if (id === c.get('sessionId')) clearSessionCookie(c, deps.cookies);
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.endOthers, async (c) =>
      c.json({ ended: await account.endOtherSessions(requireUser(c).id, c.get('sessionId')) }, 200),
    )
    .openapi(routes.startTwoFactor, async (c) => {
      const user = requireUser(c);
      await limit('account-password', user.id, LIMITS.signInPerAccount);
      return c.json(await account.startTwoFactor(user.id, c.req.valid('json').currentPassword), 200);
    })
    .openapi(routes.enableTwoFactor, async (c) => {
      const user = requireUser(c);
      await limit('account-password', user.id, LIMITS.signInPerAccount);
      const recoveryCodes = await account.enableTwoFactor(user.id, c.req.valid('json').code);
      logSecurityEvent(c, 'two-factor.enabled');
      return c.json({ recoveryCodes }, 200);
    })
    .openapi(routes.disableTwoFactor, async (c) => {
      const user = requireUser(c);
      await limit('account-password', user.id, LIMITS.signInPerAccount);
      await account.disableTwoFactor(user.id, c.req.valid('json'));
      logSecurityEvent(c, 'two-factor.disabled');
      return c.json({ status: 'ok' as const }, 200);
    })
    .openapi(routes.requestExport, async (c) => {
      const user = requireUser(c);
      await limit('data-export', user.id, LIMITS.dataExport);
      await account.requestExport(user.id);
      return c.json({ status: 'accepted' as const }, 202);
    })
    .openapi(routes.downloadExport, async (c) => {
      const file = await account.downloadExport(requireUser(c).id);
      if (!file) throw new ApiError(404, 'NOT_FOUND');
      c.header('Content-Type', 'application/json; charset=utf-8');
      c.header('Content-Disposition', 'attachment; filename="modmarket-data.json"');
      c.header('Content-Length', String(file.size));
      return c.body(Readable.toWeb(file.body) as ReadableStream, 200) as never;
    })
    .openapi(routes.deleteAccount, async (c) => {
      const user = requireUser(c);
      await limit('account-password', user.id, LIMITS.signInPerAccount);
      const due = await account.deleteAccount(user.id, c.req.valid('json'));
      clearSessionCookie(c, deps.cookies);
      c.header('Clear-Site-Data', '"cache"');
      logSecurityEvent(c, 'account.deleted');
      return c.json({ status: 'ok' as const, deletionDueAt: due.toISOString() }, 200);
    });
}
