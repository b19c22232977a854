import type { Clock } from '../../clock';
import type { Context } from 'hono';
import { SOCIAL_PROVIDERS, safeRedirectPath, type SocialProvider } from '@common/schemas/auth';
import type { Db } from '../../db/client';
import {
  clearCookie,
  readCookie,
  readSecretCookie,
  writeCookie,
  type CookieSettings,
} from '../../http/cookies';
import type { AppEnv } from '../../http/app-env';
import { ApiError, requestLanguage } from '../../http/api-error';
import { clearRateLimit } from '../../security/rate-limit';
import { logSecurityEvent } from '../../security/security-log';
import type { Language } from '@common/i18n/languages';
import type { AuthService } from './auth.service';
import { CHALLENGE_SECONDS, type TwoFactor } from './two-factor';
import { restoreAccount } from '../account/closing';
import { clearSessionCookie, createSession, findSessionUser, setSessionCookie } from './sessions';
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

export interface SignInFlowDeps {
  db: Db;
  auth: AuthService;
  twoFactor: TwoFactor;
  cookies: CookieSettings;
  social: Partial<Record<SocialProvider, SocialClient>>;
  /** The time sessions begin and links expire at. */
  clock: Clock;
}

type C = Context<AppEnv>;

/**
 * The sign-in flow of one browser: which of its cookies hold a sign-up, an opened link, a waiting second
 * step or a provider round, and what signing it in does (the previous session ends, a provider identity
 * waiting for this member is linked). The routes validate, limit and answer; everything else is here.
 */
export function createSignInFlow(deps: SignInFlowDeps) {
  const { db, auth, cookies, clock } = deps;

  /** A provider identity was linked to a member: they are told by email, and it is logged. */
  function linked(c: C, userId: string, provider: SocialProvider) {
    // The email's job was queued with the link.
    auth.jobsQueued();
    logSecurityEvent(c, 'social-identity.linked', { memberId: userId, provider });
  }

  /** A suspended member cannot sign in (by password, code or provider) until the suspension ends. */
  async function refuseSuspended(userId: string) {
    if (await auth.isSuspended(userId)) throw new ApiError(403, 'ACCOUNT_SUSPENDED');
  }

  /** The requests whose sign-in called off the member's account deletion (`restoreAccount`). */
  const restoredIn = new WeakSet<C>();
  /** `{ restored: true }` when this request's sign-in called off the account's deletion. */
  const restoredBy = (c: C) => (restoredIn.has(c) ? { restored: true as const } : {});

  /**
   * Signs this browser in as a member: its previous session ends, a provider identity it holds for
   * this member is linked now (the member is told by email), and an account due to be deleted is
   * theirs again.
   */
  async function signIn(c: C, userId: string, persistent: boolean) {
    await refuseSuspended(userId);
    if (await restoreAccount(db, userId)) {
      restoredIn.add(c);
      logSecurityEvent(c, 'account.restored', { memberId: userId });
    }
    const previous = c.get('sessionId');
    if (previous) await auth.endSession(previous);
    const linkRequest = readSecretCookie(c, cookies, SOCIAL_LINK_COOKIE);
    if (linkRequest) {
      // Cleared once used: a link that failed midway is left for the next sign-in here.
      const provider = await completeSocialLink(db, linkRequest, userId, clock());
      clearCookie(c, cookies, SOCIAL_LINK_COOKIE);
      if (provider) linked(c, userId, provider);
    }
    const now = clock();
    const session = await createSession(
      db,
      { userId, persistent, ipAddress: c.get('clientIp'), userAgent: c.req.header('user-agent') },
      now,
    );
    setSessionCookie(c, cookies, session, persistent);
    return (await findSessionUser(db, session.token, now))?.user ?? null;
  }

  /**
   * The first step of a sign-in passed. With two-step sign-in on, the browser gets a challenge cookie
   * and the code is asked for next; otherwise it is signed in.
   */
  async function firstStepPassed(c: C, userId: string, persistent: boolean) {
    await refuseSuspended(userId);
    if (await deps.twoFactor.enabled(userId)) {
      const token = await deps.twoFactor.challenge(userId, persistent);
      writeCookie(c, cookies, SECOND_STEP_COOKIE, token, { maxAge: CHALLENGE_SECONDS });
      return { twoFactor: true as const, user: null };
    }
    return { twoFactor: false as const, user: await signIn(c, userId, persistent) };
  }

  return {
    /** The providers that are configured. */
    providers(): SocialProvider[] {
      return SOCIAL_PROVIDERS.filter((p) => deps.social[p]);
    },

    /** Takes a sign-up; this browser keeps a cookie naming it, for "I've Confirmed My Email". */
    async signUp(
      c: C,
      input: Omit<Parameters<AuthService['signUp']>[0], 'language'> & { language?: Language },
    ) {
      const { browserToken } = await auth.signUp({
        ...input,
        language: input.language ?? requestLanguage(c),
      });
      writeCookie(c, cookies, SIGN_UP_COOKIE, browserToken, { maxAge: REGISTRATION_LIFETIME_SECONDS });
    },

    /** Email and password: signed in, or a second step asked for; refused with the reason logged. */
    async withPassword(c: C, input: { email: string; password: string; keepSignedIn: boolean }) {
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
      if (next.twoFactor) return { twoFactor: true as const };
      // The member was found a moment ago; gone now only if deleted in between.
      if (!next.user) throw new ApiError(401, 'INVALID_CREDENTIALS');
      return { user: next.user, ...restoredBy(c) };
    },

    /**
     * The sign-in waiting in this browser for its second step (its cookie); refused when there is none.
     * `limitAccount` runs before the code is checked, with the member it is for.
     */
    async secondStep(c: C, code: string, limitAccount: (userId: string) => Promise<void>) {
      const token = readSecretCookie(c, cookies, SECOND_STEP_COOKIE);
      const challenge = token ? await deps.twoFactor.pending(token) : undefined;
      if (!challenge) {
        clearCookie(c, cookies, SECOND_STEP_COOKIE);
        throw new ApiError(401, 'SIGN_IN_EXPIRED');
      }
      await limitAccount(challenge.userId);
      const used = await deps.twoFactor.check(challenge.userId, code);
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
      return { user, ...restoredBy(c) };
    },

    /** Ends every session of the member signed in here, and this browser's cookie. */
    async signOut(c: C) {
      const user = c.get('user');
      if (user) {
        await auth.endAllSessions(user.id);
        logSecurityEvent(c, 'sessions.revoked', { reason: 'sign-out' });
      }
      clearSessionCookie(c, cookies);
    },

    /** An emailed confirmation link opened in this browser. */
    async confirmEmail(c: C, token: string) {
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
        return { email: result.email, signedIn: true };
      }
      // Opened elsewhere than the signing-up browser, the account is made when this browser also
      // gives the password (signing in): the link alone claims nothing.
      writeCookie(c, cookies, OPENED_LINK_COOKIE, token, { maxAge: CONFIRMATION_LINK_SECONDS });
      return { email: result.email, signedIn: false };
    },

    /**
     * Whether this browser's sign-up became the account (its link opened here, or opened anywhere and
     * finished there with the password): then this browser is signed in too.
     */
    async confirmationStatus(c: C) {
      if (c.get('user')) return { confirmed: true, signedIn: true };
      const browserToken = readSecretCookie(c, cookies, SIGN_UP_COOKIE);
      if (!browserToken) return { confirmed: false, signedIn: false };
      const status = await auth.signUpStatus(browserToken);
      if (status.status === 'waiting') return { confirmed: false, signedIn: false };
      clearCookie(c, cookies, SIGN_UP_COOKIE);
      clearCookie(c, cookies, OPENED_LINK_COOKIE);
      await signIn(c, status.userId, status.persistent);
      return { confirmed: true, signedIn: true };
    },

    /**
     * Only this browser's own waiting sign-up gets a new link, so the answer says nothing about any
     * address: without one, every address is told the same. `limitAccount` runs first, with its address.
     */
    async resendConfirmation(c: C, limitAccount: (email: string) => Promise<void>) {
      const email = await auth.waitingSignUpEmail(readSecretCookie(c, cookies, SIGN_UP_COOKIE));
      if (!email) throw new ApiError(410, 'SIGNUP_EXPIRED');
      await limitAccount(email);
      await auth.resendConfirmation(email);
    },

    /** A new password from a reset link: every session ends, this browser's cookie too. */
    async resetPassword(c: C, token: string, password: string) {
      const result = await auth.resetPassword(token, password);
      if (result.status !== 'valid') {
        logSecurityEvent(c, 'reset-link.refused', { reason: result.status });
        throw new ApiError(400, 'LINK_INVALID');
      }
      logSecurityEvent(c, 'password-reset.completed', { memberId: result.userId });
      logSecurityEvent(c, 'sessions.revoked', { memberId: result.userId, reason: 'password-reset' });
      clearSessionCookie(c, cookies);
    },

    /** Where to send the browser to start a provider's sign-in; the round is kept in its cookie. */
    socialStart(c: C, provider: SocialProvider, redirect: string | undefined): string {
      const client = deps.social[provider];
      if (!client) throw new ApiError(404, 'PROVIDER_NOT_CONFIGURED');
      // Only our own sign-in buttons start a round: another site sending the browser here (with a
      // provider that approves silently) would sign a member in without their click.
      const site = c.req.header('sec-fetch-site');
      if (site !== undefined && site !== 'same-origin' && site !== 'none') return '/auth?mode=signin';
      const round = newSocialRound(provider);
      const to = safeRedirectPath(redirect) ?? '/';
      writeCookie(c, cookies, SOCIAL_COOKIE, JSON.stringify({ provider, ...round, redirect: to }), {
        maxAge: 600,
        // Apple answers with a cross-site form POST, which a Lax cookie would not accompany.
        crossSiteForm: provider === 'apple',
      });
      return client.authorizationUrl(round).toString();
    },

    /** A provider sent the browser back: where to send it next (signed in, or told why not). */
    async socialCallback(c: C): Promise<string> {
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
        `/auth?mode=signin&social=${outcome}${client ? `&provider=${provider}` : ''}`;
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
              linked(c, outcome.userId, provider);
            return safeRedirectPath(saved.redirect) ?? '/';
          }
          const token = await requestSocialLink(db, outcome.userId, provider, identity.accountId, clock());
          writeCookie(c, cookies, SOCIAL_LINK_COOKIE, token, { maxAge: SOCIAL_LINK_SECONDS });
          return toSignIn('link');
        }
        const next = await firstStepPassed(c, outcome.userId, true);
        logSecurityEvent(c, 'social-sign-in.succeeded', { memberId: outcome.userId, provider });
        const to = safeRedirectPath(saved.redirect) ?? '/';
        if (next.twoFactor) return `/auth?mode=signin&step=code&redirect=${encodeURIComponent(to)}`;
        return to;
      } catch (error) {
        logSecurityEvent(c, 'social-sign-in.failed', {
          provider,
          reason: error instanceof Error ? error.message.slice(0, 200) : 'error',
        });
        return toSignIn('failed');
      }
    },
  };
}

export type SignInFlow = ReturnType<typeof createSignInFlow>;
