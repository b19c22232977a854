import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import {
  AcceptedSchema,
  ConfirmationStatusSchema,
  ConfirmedEmailSchema,
  EmailRequestSchema,
  OkSchema,
  ProvidersSchema,
  ResetPasswordSchema,
  SessionResponseSchema,
  SignInSchema,
  SignUpSchema,
  SOCIAL_PROVIDERS,
  TokenSchema,
  safeRedirectPath,
  type SocialProvider,
} from '@common/schemas/auth';
import { ErrorResponseSchema } from '@common/schemas/errors';
import type { Db } from '../../db/client';
import type { AppEnv } from '../../http/app-env';
import { ApiError, requestLanguage } from '../../http/api-error';
import { body, json } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { clearRateLimit, LIMITS, type Limiter } from '../../security/rate-limit';
import { randomToken } from '../../security/secrets';
import type { AuthService } from './auth.service';
import {
  clearSessionCookie,
  createSession,
  findSessionUser,
  revokeAllSessions,
  setSessionCookie,
  type CookieSettings,
} from './sessions';
import { generateState, memberForSocialIdentity, type SocialClient } from './social';

const PENDING_COOKIE = 'mm_signup';
const SOCIAL_COOKIE = 'mm_social';

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
      200: json(SessionResponseSchema, 'Signed in; the session cookie is set'),
      401: json(ErrorResponseSchema, 'INVALID_CREDENTIALS'),
      403: json(ErrorResponseSchema, 'EMAIL_NOT_CONFIRMED'),
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
    summary: 'Send a new confirmation link (the older ones stop working)',
    request: body(EmailRequestSchema),
    responses: { 202: json(AcceptedSchema, 'Taken'), ...errors },
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
  cookies: CookieSettings;
  social: Partial<Record<SocialProvider, SocialClient>>;
  limit: Limiter;
}

export function authRoutes(deps: AuthRoutesDeps) {
  const { db, auth, cookies } = deps;

  async function signIn(c: Context<AppEnv>, userId: string, persistent: boolean) {
    const session = await createSession(db, {
      userId,
      persistent,
      ipAddress: c.get('clientIp'),
      userAgent: c.req.header('user-agent'),
    });
    setSessionCookie(c, cookies, session, persistent);
    return (await findSessionUser(db, session.token))?.user ?? null;
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
      const pendingToken = randomToken();
      await auth.signUp({
        firstName: input.firstName,
        lastName: input.lastName,
        email: input.email,
        phone: input.phone,
        password: input.password,
        language: input.language ?? requestLanguage(c),
        pendingToken,
      });
      // Lets this browser sign in on "I've Confirmed My Email" once the link has been used.
      setCookie(c, PENDING_COOKIE, `${input.keepSignedIn ? 1 : 0}.${pendingToken}`, {
        httpOnly: true,
        secure: cookies.secure,
        sameSite: 'Lax',
        path: '/api/auth',
        maxAge: 24 * 3600,
      });
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.signIn, async (c) => {
      const input = c.req.valid('json');
      await deps.limit('sign-in-ip', c.get('clientNet'), LIMITS.signInPerIp);
      await deps.limit('sign-in-account', input.email, LIMITS.signInPerAccount);
      const result = await auth.checkCredentials(input.email, input.password);
      if (result.status === 'invalid') throw new ApiError(401, 'INVALID_CREDENTIALS');
      if (result.status === 'unconfirmed') throw new ApiError(403, 'EMAIL_NOT_CONFIRMED');
      await clearRateLimit(db, `sign-in-account:${input.email}`);
      const user = await signIn(c, result.userId, input.keepSignedIn);
      return c.json({ user }, 200);
    })

    .openapi(routes.signOut, async (c) => {
      const user = c.get('user');
      if (user) await revokeAllSessions(db, user.id);
      clearSessionCookie(c, cookies);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.confirmEmail, async (c) => {
      const { token } = c.req.valid('json');
      await deps.limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      const result = await auth.confirmEmail(token);
      if (result.status === 'expired') throw new ApiError(410, 'LINK_EXPIRED');
      if (result.status !== 'valid' || !result.email) throw new ApiError(400, 'LINK_INVALID');
      return c.json({ email: result.email }, 200);
    })

    .openapi(routes.confirmationStatus, async (c) => {
      const pending = getCookie(c, PENDING_COOKIE);
      const [keep, token] = pending?.split('.') ?? [];
      if (!token || token.length > 100) return c.json({ confirmed: false }, 200);
      const userId = await auth.confirmedPendingSignUp(token);
      if (!userId) return c.json({ confirmed: false }, 200);
      deleteCookie(c, PENDING_COOKIE, { path: '/api/auth', secure: cookies.secure });
      await signIn(c, userId, keep === '1');
      return c.json({ confirmed: true }, 200);
    })

    .openapi(routes.resend, async (c) => {
      const { email } = c.req.valid('json');
      await deps.limit('email-ip', c.get('clientNet'), LIMITS.emailPerIp);
      await deps.limit('resend-account', email, LIMITS.emailPerAccount);
      await auth.resendConfirmation(email);
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.forgotPassword, async (c) => {
      const { email, language } = c.req.valid('json');
      await deps.limit('email-ip', c.get('clientNet'), LIMITS.emailPerIp);
      await deps.limit('reset-account', email, LIMITS.emailPerAccount);
      await auth.requestPasswordReset(email, language ?? requestLanguage(c));
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
      const result = await auth.resetPassword(token, password);
      if (result.status !== 'valid') throw new ApiError(400, 'LINK_INVALID');
      clearSessionCookie(c, cookies);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.socialStart, (c) => {
      const { provider } = c.req.valid('param');
      const client = deps.social[provider];
      if (!client) throw new ApiError(404, 'PROVIDER_NOT_CONFIGURED');
      const state = generateState();
      const { url, codeVerifier } = client.authorizationUrl(state);
      const redirect = safeRedirectPath(c.req.valid('query').redirect) ?? '/';
      setCookie(c, SOCIAL_COOKIE, JSON.stringify({ provider, state, codeVerifier, redirect }), {
        httpOnly: true,
        secure: cookies.secure,
        // Apple answers with a cross-site form POST, which a Lax cookie would not accompany.
        sameSite: provider === 'apple' && cookies.secure ? 'None' : 'Lax',
        path: '/api/auth/social',
        maxAge: 600,
      });
      return c.redirect(url.toString(), 302);
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
        return JSON.parse(getCookie(c, SOCIAL_COOKIE) ?? '') as {
          provider: string;
          state: string;
          codeVerifier: string | null;
          redirect: string;
        };
      } catch {
        return null;
      }
    })();
    deleteCookie(c, SOCIAL_COOKIE, { path: '/api/auth/social', secure: cookies.secure });
    const failed = () => c.redirect('/auth?mode=signin&social=failed', 302);
    const code = value('code');
    if (!client || !saved || saved.provider !== provider || !code || value('state') !== saved.state)
      return failed();
    try {
      const identity = await client.identify(code, saved.codeVerifier, { appleUser: value('user') });
      const userId = await memberForSocialIdentity(db, provider, identity, requestLanguage(c));
      if (!userId) return failed();
      await signIn(c, userId, true);
      return c.redirect(safeRedirectPath(saved.redirect) ?? '/', 302);
    } catch (error) {
      c.get('logger').warn(
        { err: error instanceof Error ? error.message : error, provider },
        'social sign-in failed',
      );
      return failed();
    }
  };
  router.get('/social/:provider/callback', callback);
  router.post('/social/:provider/callback', callback);
  return router;
}
