import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { and, eq, not } from 'drizzle-orm';
import {
  AcceptedSchema,
  ConfirmationStatusSchema,
  ConfirmedEmailSchema,
  EmailRequestSchema,
  OkSchema,
  ProvidersSchema,
  ResetPasswordSchema,
  SessionResponseSchema,
  SecondStepSchema,
  SignedInSchema,
  SignInResultSchema,
  SignInSchema,
  SignUpSchema,
  SOCIAL_PROVIDERS,
  TokenSchema,
  safeRedirectPath,
  type SocialProvider,
} from '@common/schemas/auth';
import { ErrorResponseSchema } from '@common/schemas/errors';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import {
  clearCookie,
  readCookie,
  readSecretCookie,
  writeCookie,
  type CookieSettings,
} from '../../http/cookies';
import type { AppEnv } from '../../http/app-env';
import { ApiError, requestLanguage } from '../../http/api-error';
import { body, json } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { refuseCommonPassword } from '../../security/common-passwords';
import { logSecurityEvent } from '../../security/security-log';
import { clearRateLimit, LIMITS, type Limiter } from '../../security/rate-limit';
import type { AuthService } from './auth.service';
import { CHALLENGE_SECONDS, type TwoFactor } from './two-factor';
import {
  clearSessionCookie,
  createSession,
  findSessionUser,
  notSuspended,
  setSessionCookie,
} from './sessions';
import { CONFIRMATION_LINK_SECONDS, REGISTRATION_LIFETIME_SECONDS } from './registrations';
import {
  completeSocialLink,
  linkIdentity,
  memberForSocialIdentity,
  newSocialRound,
  requestSocialLink,
  SOCIAL_LINK_SECONDS,
  type SocialClient,
  type SocialRound,
} from './social';

/** The browser that signed up: its sign-up. */
const SIGN_UP_COOKIE = 'mm_signup';
/** The browser that opened the emailed confirmation link: the link. */
const OPENED_LINK_COOKIE = 'mm_confirm';
/** The browser on its way through a provider's sign-in: state, nonce, PKCE verifier, where to go. */
const SOCIAL_COOKIE = 'mm_social';
/** The browser whose sign-in waits for its second step. */
const SECOND_STEP_COOKIE = 'mm_second_step';
/** The browser holding a provider identity for the member who must sign in to link it. */
const SOCIAL_LINK_COOKIE = 'mm_social_link';

const errors = {
  400: json(ErrorResponseSchema, 'Invalid input'),
  429: json(ErrorResponseSchema, 'Too many attempts'),
};

const tags = ['Accounts'];

const routes = {
  session: createRoute({
    method: 'get',
    path: '/session',
    tags,
    summary: 'Who is signed in',
    responses: { 200: json(SessionResponseSchema, 'The member, or null') },
  }),
  providers: createRoute({
    method: 'get',
    path: '/providers',
    tags,
    summary: 'Social sign-in providers that are configured',
    responses: { 200: json(ProvidersSchema, 'Configured providers') },
  }),
  signUp: createRoute({
    method: 'post',
    path: '/sign-up',
    tags,
    summary: 'Sign up; a confirmation email follows',
    description:
      'Answers 202 whether or not the email already has an account; the email that follows says which.',
    request: body(SignUpSchema),
    responses: { 202: json(AcceptedSchema, 'Taken'), ...errors },
  }),
  signIn: createRoute({
    method: 'post',
    path: '/sign-in',
    tags,
    summary: 'Sign in with email and password',
    request: body(SignInSchema),
    responses: {
      200: json(
        SignInResultSchema,
        'Signed in (the session cookie is set), or a second step is asked for (two-step sign-in)',
      ),
      401: json(ErrorResponseSchema, 'INVALID_CREDENTIALS'),
      403: json(ErrorResponseSchema, 'EMAIL_NOT_CONFIRMED'),
      ...errors,
    },
  }),
  secondStep: createRoute({
    method: 'post',
    path: '/two-factor',
    tags,
    summary: 'The second step of a sign-in: a code from the authenticator app or a recovery code',
    request: body(SecondStepSchema),
    responses: {
      200: json(SignedInSchema, 'Signed in; the session cookie is set'),
      401: json(ErrorResponseSchema, 'SIGN_IN_EXPIRED'),
      ...errors,
    },
  }),
  signOut: createRoute({
    method: 'post',
    path: '/sign-out',
    tags,
    summary: 'Sign out: ends every session of the member',
    responses: { 200: json(OkSchema, 'Signed out') },
  }),
  confirmEmail: createRoute({
    method: 'post',
    path: '/confirm-email',
    tags,
    summary: 'Use an email confirmation link',
    request: body(TokenSchema),
    responses: {
      200: json(ConfirmedEmailSchema, 'Confirmed'),
      410: json(ErrorResponseSchema, 'LINK_EXPIRED'),
      ...errors,
    },
  }),
  confirmationStatus: createRoute({
    method: 'post',
    path: '/confirmation-status',
    tags,
    summary: "Whether this browser's sign-up is confirmed; signs it in when it is",
    responses: { 200: json(ConfirmationStatusSchema, 'Status') },
  }),
  resend: createRoute({
    method: 'post',
    path: '/resend-confirmation',
    tags,
    summary:
      "Send a new confirmation link to this browser's waiting sign-up (the older ones stop working); 410 SIGNUP_EXPIRED without one",
    request: body(EmailRequestSchema),
    responses: {
      202: json(AcceptedSchema, 'Taken'),
      410: json(ErrorResponseSchema, 'No sign-up waiting in this browser'),
      ...errors,
    },
  }),
  forgotPassword: createRoute({
    method: 'post',
    path: '/forgot-password',
    tags,
    summary: 'Email a password reset link (the older ones stop working)',
    request: body(EmailRequestSchema),
    responses: { 202: json(AcceptedSchema, 'Taken'), ...errors },
  }),
  checkReset: createRoute({
    method: 'post',
    path: '/reset-password/check',
    tags,
    summary: 'Whether a reset link still works (without using it)',
    request: body(TokenSchema),
    responses: { 200: json(OkSchema, 'Valid'), ...errors },
  }),
  resetPassword: createRoute({
    method: 'post',
    path: '/reset-password',
    tags,
    summary: 'Set a new password from a reset link; ends every session',
    request: body(ResetPasswordSchema),
    responses: { 200: json(OkSchema, 'Updated'), ...errors },
  }),
  socialStart: createRoute({
    method: 'get',
    path: '/social/{provider}',
    tags,
    summary: "Go to a provider's sign-in page",
    request: {
      params: z.object({ provider: z.enum(SOCIAL_PROVIDERS) }),
      query: z.object({ redirect: z.string().max(2000).optional() }),
    },
    responses: {
      302: { description: "To the provider's sign-in page" },
      404: json(ErrorResponseSchema, 'PROVIDER_NOT_CONFIGURED'),
    },
  }),
};

export interface AuthRoutesDeps {
  db: Db;
  auth: AuthService;
  twoFactor: TwoFactor;
  cookies: CookieSettings;
  social: Partial<Record<SocialProvider, SocialClient>>;
  limit: Limiter;
}

export function authRoutes(deps: AuthRoutesDeps) {
  const { db, auth, cookies } = deps;

  /** A provider identity was linked to a member: they are told by email, and it is logged. */
  async function linked(c: Context<AppEnv>, userId: string, provider: SocialProvider) {
    // The email's job was queued with the link.
    auth.jobsQueued();
    logSecurityEvent(c, 'social-identity.linked', { memberId: userId, provider });
  }

  /**
   * Signs this browser in as a member: its previous session ends, and a provider identity it holds
   * for this member is linked now (the member is told by email).
   */
  /** A suspended member cannot sign in (by password, code or provider) until the suspension ends. */
  async function refuseSuspended(userId: string) {
    const found = await db
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, userId), not(notSuspended())))
      .limit(1);
    if (found.length) throw new ApiError(403, 'ACCOUNT_SUSPENDED');
  }

  async function signIn(c: Context<AppEnv>, userId: string, persistent: boolean) {
    await refuseSuspended(userId);
    const previous = c.get('sessionId');
    if (previous) await auth.endSession(previous);
    const linkRequest = readSecretCookie(c, cookies, SOCIAL_LINK_COOKIE);
    if (linkRequest) {
      // Cleared once used: a link that failed midway is left for the next sign-in here.
      const provider = await completeSocialLink(db, linkRequest, userId);
      clearCookie(c, cookies, SOCIAL_LINK_COOKIE);
      if (provider) await linked(c, userId, provider);
    }
    const session = await createSession(db, {
      userId,
      persistent,
      ipAddress: c.get('clientIp'),
      userAgent: c.req.header('user-agent'),
    });
    setSessionCookie(c, cookies, session, persistent);
    return (await findSessionUser(db, session.token))?.user ?? null;
  }

  /**
   * The first step of a sign-in passed. With two-step sign-in on, the browser gets a challenge cookie
   * and the code is asked for next; otherwise it is signed in.
   */
  async function firstStepPassed(c: Context<AppEnv>, userId: string, persistent: boolean) {
    await refuseSuspended(userId);
    if (await deps.twoFactor.enabled(userId)) {
      const token = await deps.twoFactor.challenge(userId, persistent);
      writeCookie(c, cookies, SECOND_STEP_COOKIE, token, { maxAge: CHALLENGE_SECONDS });
      return { twoFactor: true as const, user: null };
    }
    return { twoFactor: false as const, user: await signIn(c, userId, persistent) };
  }

  const router = createRouter()
    .openapi(routes.session, (c) => c.json({ user: c.get('user') }, 200))

    .openapi(routes.providers, (c) =>
      c.json({ providers: SOCIAL_PROVIDERS.filter((p) => deps.social[p]) }, 200),
    )

    .openapi(routes.signUp, async (c) => {
      const input = c.req.valid('json');
      await deps.limit('sign-up-ip', c.get('clientNet'), LIMITS.signUpPerIp);
      await deps.limit('sign-up-account', input.email, LIMITS.signUpPerAccount);
      await refuseCommonPassword(input.password);
      const { browserToken } = await auth.signUp({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        password: input.password,
        language: input.language ?? requestLanguage(c),
        keepSignedIn: input.keepSignedIn,
      });
      // "I've Confirmed My Email" asks about this browser's own sign-up.
      writeCookie(c, cookies, SIGN_UP_COOKIE, browserToken, { maxAge: REGISTRATION_LIFETIME_SECONDS });
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.signIn, async (c) => {
      const input = c.req.valid('json');
      await deps.limit('sign-in-ip', c.get('clientNet'), LIMITS.signInPerIp);
      await deps.limit('sign-in-account', input.email, LIMITS.signInPerAccount);
      const openedLink = readSecretCookie(c, cookies, OPENED_LINK_COOKIE);
      const result = await auth.checkCredentials(input.email, input.password, openedLink);
      if (result.status !== 'ok') {
        logSecurityEvent(c, 'sign-in.failed', {
          reason: result.status,
          memberId: result.status === 'invalid' ? (result.userId ?? null) : null,
        });
        throw result.status === 'invalid'
          ? new ApiError(401, 'INVALID_CREDENTIALS')
          : new ApiError(403, 'EMAIL_NOT_CONFIRMED');
      }
      logSecurityEvent(c, 'sign-in.succeeded', { memberId: result.userId, method: 'password' });
      await clearRateLimit(db, `sign-in-account:${input.email}`);
      if (openedLink) clearCookie(c, cookies, OPENED_LINK_COOKIE);
      const next = await firstStepPassed(c, result.userId, input.keepSignedIn);
      if (next.twoFactor) return c.json({ twoFactor: true as const }, 200);
      // The member was found a moment ago; gone now only if deleted in between.
      if (!next.user) throw new ApiError(401, 'INVALID_CREDENTIALS');
      return c.json({ user: next.user }, 200);
    })

    .openapi(routes.secondStep, async (c) => {
      await deps.limit('sign-in-ip', c.get('clientNet'), LIMITS.signInPerIp);
      const token = readSecretCookie(c, cookies, SECOND_STEP_COOKIE);
      const challenge = token ? await deps.twoFactor.pending(token) : undefined;
      if (!challenge) {
        clearCookie(c, cookies, SECOND_STEP_COOKIE);
        throw new ApiError(401, 'SIGN_IN_EXPIRED');
      }
      await deps.limit('second-step-account', challenge.userId, LIMITS.signInPerAccount);
      const used = await deps.twoFactor.check(challenge.userId, c.req.valid('json').code);
      if (!used) {
        await deps.twoFactor.failedAttempt(challenge.id);
        logSecurityEvent(c, 'two-factor.failed', { memberId: challenge.userId });
        throw new ApiError(400, 'VALIDATION_ERROR', {}, { code: 'validation.codeWrong' });
      }
      await deps.twoFactor.endChallenge(challenge.id);
      clearCookie(c, cookies, SECOND_STEP_COOKIE);
      logSecurityEvent(c, 'sign-in.succeeded', { memberId: challenge.userId, method: used });
      const user = await signIn(c, challenge.userId, challenge.persistent);
      if (!user) throw new ApiError(401, 'SIGN_IN_EXPIRED');
      return c.json({ user }, 200);
    })

    .openapi(routes.signOut, async (c) => {
      const user = c.get('user');
      if (user) {
        await auth.endAllSessions(user.id);
        logSecurityEvent(c, 'sessions.revoked', { reason: 'sign-out' });
      }
      clearSessionCookie(c, cookies);
      // The browser drops what it cached of the member's pages (its language setting stays).
      c.header('Clear-Site-Data', '"cache"');
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.confirmEmail, async (c) => {
      const { token } = c.req.valid('json');
      await deps.limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      const result = await auth.openConfirmationLink(token, readSecretCookie(c, cookies, SIGN_UP_COOKIE));
      if (result.status !== 'valid') {
        logSecurityEvent(c, 'confirmation-link.refused', { reason: result.status });
        throw result.status === 'expired'
          ? new ApiError(410, 'LINK_EXPIRED')
          : new ApiError(400, 'LINK_INVALID');
      }
      logSecurityEvent(c, 'confirmation-link.opened');
      if (result.created) logSecurityEvent(c, 'account.created', { memberId: result.created });
      // Opened in the browser that signed up (it holds the sign-up's own secret cookie): that browser
      // is signed in, as its other tab would be by "I've Confirmed My Email".
      if (result.signIn) {
        clearCookie(c, cookies, SIGN_UP_COOKIE);
        await signIn(c, result.signIn.userId, result.signIn.persistent);
        return c.json({ email: result.email, signedIn: true }, 200);
      }
      // Opened elsewhere than the signing-up browser, the account is made when this browser also
      // gives the password (signing in): the link alone claims nothing.
      writeCookie(c, cookies, OPENED_LINK_COOKIE, token, { maxAge: CONFIRMATION_LINK_SECONDS });
      return c.json({ email: result.email, signedIn: false }, 200);
    })

    .openapi(routes.confirmationStatus, async (c) => {
      if (c.get('user')) return c.json({ confirmed: true, signedIn: true }, 200);
      const browserToken = readSecretCookie(c, cookies, SIGN_UP_COOKIE);
      if (!browserToken) return c.json({ confirmed: false, signedIn: false }, 200);
      const status = await auth.signUpStatus(browserToken, readSecretCookie(c, cookies, OPENED_LINK_COOKIE));
      if (status.status === 'waiting') return c.json({ confirmed: false, signedIn: false }, 200);
      clearCookie(c, cookies, SIGN_UP_COOKIE);
      clearCookie(c, cookies, OPENED_LINK_COOKIE);
      if (status.status === 'confirmed') return c.json({ confirmed: true, signedIn: false }, 200);
      logSecurityEvent(c, 'account.created', { memberId: status.userId });
      await signIn(c, status.userId, status.persistent);
      return c.json({ confirmed: true, signedIn: true }, 200);
    })

    .openapi(routes.resend, async (c) => {
      c.req.valid('json');
      await deps.limit('email-ip', c.get('clientNet'), LIMITS.emailPerIp);
      // Only this browser's own waiting sign-up gets a new link, so the answer says nothing about
      // any address: without one, every address is told the same.
      const email = await auth.waitingSignUpEmail(readSecretCookie(c, cookies, SIGN_UP_COOKIE));
      if (!email) throw new ApiError(410, 'SIGNUP_EXPIRED');
      await deps.limit('resend-account', email, LIMITS.emailPerAccount);
      await auth.resendConfirmation(email);
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.forgotPassword, async (c) => {
      const { email, language } = c.req.valid('json');
      await deps.limit('email-ip', c.get('clientNet'), LIMITS.emailPerIp);
      await deps.limit('reset-account', email, LIMITS.emailPerAccount);
      await auth.requestPasswordReset(email, language ?? requestLanguage(c));
      logSecurityEvent(c, 'password-reset.requested');
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.checkReset, async (c) => {
      const { token } = c.req.valid('json');
      await deps.limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      const result = await auth.checkResetLink(token);
      if (result.status !== 'valid') throw new ApiError(400, 'LINK_INVALID');
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.resetPassword, async (c) => {
      const { token, password } = c.req.valid('json');
      await deps.limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      await refuseCommonPassword(password);
      const result = await auth.resetPassword(token, password);
      if (result.status !== 'valid') {
        logSecurityEvent(c, 'reset-link.refused', { reason: result.status });
        throw new ApiError(400, 'LINK_INVALID');
      }
      logSecurityEvent(c, 'password-reset.completed', { memberId: result.userId });
      logSecurityEvent(c, 'sessions.revoked', { memberId: result.userId, reason: 'password-reset' });
      clearSessionCookie(c, cookies);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.socialStart, (c) => {
      const { provider } = c.req.valid('param');
      const client = deps.social[provider];
      if (!client) throw new ApiError(404, 'PROVIDER_NOT_CONFIGURED');
      // Only our own sign-in buttons start a round: another site sending the browser here (with a
      // provider that approves silently) would sign a member in without their click.
      const site = c.req.header('sec-fetch-site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none')
        return c.redirect('/auth?mode=signin', 302);
      const round = newSocialRound(provider);
      const redirect = safeRedirectPath(c.req.valid('query').redirect) ?? '/';
      writeCookie(c, cookies, SOCIAL_COOKIE, JSON.stringify({ provider, ...round, redirect }), {
        maxAge: 600,
        // Apple answers with a cross-site form POST, which a Lax cookie would not accompany.
        crossSiteForm: provider === 'apple',
      });
      return c.redirect(client.authorizationUrl(round).toString(), 302);
    });

  const callback = async (c: Context<AppEnv>) => {
    const provider = c.req.param('provider') as SocialProvider;
    const client = SOCIAL_PROVIDERS.includes(provider) ? deps.social[provider] : undefined;
    const form = c.req.method === 'POST' ? await c.req.parseBody() : {};
    const value = (name: string) => {
      const fromForm = form[name];
      return typeof fromForm === 'string' ? fromForm : c.req.query(name);
    };
    const saved = (() => {
      try {
        const value = JSON.parse(readCookie(c, cookies, SOCIAL_COOKIE) ?? '') as Partial<
          SocialRound & { provider: string; redirect: string }
        >;
        return typeof value.state === 'string' && typeof value.nonce === 'string' ? value : null;
      } catch {
        return null;
      }
    })();
    clearCookie(c, cookies, SOCIAL_COOKIE);
    const toSignIn = (outcome: 'failed' | 'unverified' | 'link') =>
      c.redirect(`/auth?mode=signin&social=${outcome}${client ? `&provider=${provider}` : ''}`, 302);
    const code = value('code');
    if (!client || !saved || saved.provider !== provider || !code || value('state') !== saved.state) {
      logSecurityEvent(c, 'social-sign-in.failed', { provider: client ? provider : null, reason: 'state' });
      return toSignIn('failed');
    }
    try {
      const round = { state: saved.state!, nonce: saved.nonce!, codeVerifier: saved.codeVerifier ?? null };
      const identity = await client.identify(code, round, { appleUser: value('user') });
      const outcome = await memberForSocialIdentity(db, provider, identity, requestLanguage(c));
      if (outcome.status === 'unverified') {
        logSecurityEvent(c, 'social-sign-in.failed', { provider, reason: 'unverified-email' });
        return toSignIn('unverified');
      }
      if (outcome.status === 'link-required') {
        if (c.get('user')?.id === outcome.userId) {
          // Already signed in here as the address's member: that is the proof; link at once.
          if (await linkIdentity(db, outcome.userId, provider, identity.accountId))
            await linked(c, outcome.userId, provider);
          return c.redirect(safeRedirectPath(saved.redirect) ?? '/', 302);
        }
        const token = await requestSocialLink(db, outcome.userId, provider, identity.accountId);
        writeCookie(c, cookies, SOCIAL_LINK_COOKIE, token, { maxAge: SOCIAL_LINK_SECONDS });
        return toSignIn('link');
      }
      const next = await firstStepPassed(c, outcome.userId, true);
      logSecurityEvent(c, 'social-sign-in.succeeded', { memberId: outcome.userId, provider });
      const to = safeRedirectPath(saved.redirect) ?? '/';
      if (next.twoFactor)
        return c.redirect(`/auth?mode=signin&step=code&redirect=${encodeURIComponent(to)}`, 302);
      return c.redirect(to, 302);
    } catch (error) {
      logSecurityEvent(c, 'social-sign-in.failed', {
        provider,
        reason: error instanceof Error ? error.message.slice(0, 200) : 'error',
      });
      return toSignIn('failed');
    }
  };
  router.get('/social/:provider/callback', callback);
  router.post('/social/:provider/callback', callback);
  return router;
}
