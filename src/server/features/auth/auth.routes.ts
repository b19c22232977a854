import { createRoute, z } from '@hono/zod-openapi';
import type { Context } from 'hono';
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
} from '@common/schemas/auth';
import { ErrorResponseSchema } from '@common/schemas/errors';
import type { AppEnv } from '../../http/app-env';
import { ApiError } from '../../http/api-error';
import { body, json } from '../../http/openapi';
import { createRouter } from '../../http/create-router';
import { refuseCommonPassword } from '../../security/common-passwords';
import { logSecurityEvent } from '../../security/security-log';
import { LIMITS, type Limiter } from '../../security/rate-limit';
import type { AuthService } from './auth.service';
import type { SignInFlow } from './sign-in';

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
  signIn: SignInFlow;
  auth: AuthService;
  limit: Limiter;
}

export function authRoutes(deps: AuthRoutesDeps) {
  const { auth, signIn, limit } = deps;
  const router = createRouter()
    .openapi(routes.session, (c) => c.json({ user: c.get('user') }, 200))

    .openapi(routes.providers, (c) => c.json({ providers: signIn.providers() }, 200))

    .openapi(routes.signUp, async (c) => {
      const input = c.req.valid('json');
      await limit('sign-up-ip', c.get('clientNet'), LIMITS.signUpPerIp);
      await limit('sign-up-account', input.email, LIMITS.signUpPerAccount);
      await refuseCommonPassword(input.password);
      await signIn.signUp(c, input);
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.signIn, async (c) => {
      const input = c.req.valid('json');
      await limit('sign-in-ip', c.get('clientNet'), LIMITS.signInPerIp);
      await limit('sign-in-account', input.email, LIMITS.signInPerAccount);
      return c.json(await signIn.withPassword(c, input), 200);
    })

    .openapi(routes.secondStep, async (c) => {
      await limit('sign-in-ip', c.get('clientNet'), LIMITS.signInPerIp);
      const signedIn = await signIn.secondStep(c, c.req.valid('json').code, (userId) =>
        limit('second-step-account', userId, LIMITS.signInPerAccount),
      );
      return c.json(signedIn, 200);
    })

    .openapi(routes.signOut, async (c) => {
      await signIn.signOut(c);
      // The browser drops what it cached of the member's pages (its language setting stays).
      c.header('Clear-Site-Data', '"cache"');
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.confirmEmail, async (c) => {
      const { token } = c.req.valid('json');
      await limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      return c.json(await signIn.confirmEmail(c, token), 200);
    })

    .openapi(routes.confirmationStatus, async (c) => c.json(await signIn.confirmationStatus(c), 200))

    .openapi(routes.resend, async (c) => {
      c.req.valid('json');
      await limit('email-ip', c.get('clientNet'), LIMITS.emailPerIp);
      await signIn.resendConfirmation(c, (email) => limit('resend-account', email, LIMITS.emailPerAccount));
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.forgotPassword, async (c) => {
      const { email } = c.req.valid('json');
      await limit('email-ip', c.get('clientNet'), LIMITS.emailPerIp);
      await limit('reset-account', email, LIMITS.emailPerAccount);
      await auth.requestPasswordReset(email);
      logSecurityEvent(c, 'password-reset.requested');
      return c.json({ status: 'accepted' as const }, 202);
    })

    .openapi(routes.checkReset, async (c) => {
      const { token } = c.req.valid('json');
      await limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      const result = await auth.checkResetLink(token);
      if (result.status !== 'valid') throw new ApiError(400, 'LINK_INVALID');
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.resetPassword, async (c) => {
      const { token, password } = c.req.valid('json');
      await limit('link-ip', c.get('clientNet'), LIMITS.resetPerIp);
      await refuseCommonPassword(password);
      await signIn.resetPassword(c, token, password);
      return c.json({ status: 'ok' as const }, 200);
    })

    .openapi(routes.socialStart, (c) => {
      const { provider } = c.req.valid('param');
      return c.redirect(signIn.socialStart(c, provider, c.req.valid('query').redirect), 302);
    });

  const callback = async (c: Context<AppEnv>) => c.redirect(await signIn.socialCallback(c), 302);
  router.get('/social/:provider/callback', callback);
  router.post('/social/:provider/callback', callback);
  return router;
}
