import { secondsAfter } from '../../clock';
import { CodeChallengeMethod, OAuth2Client, generateCodeVerifier, generateState } from 'arctic';
import { createRemoteJWKSet, importPKCS8, jwtVerify, SignJWT, type JWTPayload } from 'jose';
import { and, eq } from 'drizzle-orm';
import type { SocialProvider } from '@common/schemas/auth';
import type { Env } from '../../env';
import type { Db, Executor } from '../../db/client';
import { enqueueJob } from '../../jobs/queue';
import { accounts, profiles, socialLinkRequests, users } from '../../db/schema';
import { hashToken, randomToken } from '../../security/secrets';
import { dropRegistrations } from './registrations';

/** The job that emails a member that a provider identity was linked to their account. */
export const SOCIAL_LINKED_JOB = 'auth.social-linked';

/** What a provider tells us about the person who signed in. */
export interface SocialIdentity {
  accountId: string;
  email: string | null;
  /** True only when the provider says it checked the address (never for Facebook). */
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

/** What the browser keeps between leaving for the provider and coming back (in a cookie). */
export interface SocialRound {
  state: string;
  nonce: string;
  codeVerifier: string | null;
}

export interface SocialClient {
  /** The provider's sign-in page for this round. */
  authorizationUrl(round: SocialRound): URL;
  identify(code: string, round: SocialRound, extra: { appleUser?: string }): Promise<SocialIdentity>;
}

interface Endpoints {
  authorize: string;
  token: string;
  /** OpenID providers: where their signing keys are, and who signs. */
  jwks?: string;
  issuer?: string[];
  /** Facebook: the profile of the access token's owner. */
  profile?: string;
}

const PROVIDER_ENDPOINTS: Record<SocialProvider, Endpoints> = {
  google: {
    authorize: 'https://accounts.google.com/o/oauth2/v2/auth',
    token: 'https://oauth2.googleapis.com/token',
    jwks: 'https://www.googleapis.com/oauth2/v3/certs',
    issuer: ['https://accounts.google.com', 'accounts.google.com'],
  },
  facebook: {
    authorize: 'https://www.facebook.com/v16.0/dialog/oauth',
    token: 'https://graph.facebook.com/v16.0/oauth/access_token',
    profile: 'https://graph.facebook.com/me',
  },
  apple: {
    authorize: 'https://appleid.apple.com/auth/authorize',
    token: 'https://appleid.apple.com/auth/token',
    jwks: 'https://appleid.apple.com/auth/keys',
    issuer: ['https://appleid.apple.com'],
  },
};

/** The same calls, to a stand-in provider (development and tests; refused in production). */
function standInEndpoints(base: string, provider: SocialProvider): Endpoints {
  const root = `${base.replace(/\/+$/, '')}/${provider}`;
  return {
    authorize: `${root}/authorize`,
    token: `${root}/token`,
    jwks: `${root}/jwks`,
    issuer: [root],
    profile: `${root}/me`,
  };
}

/** A token request with the client's credentials in the form body (Facebook and Apple take them so). */
async function requestTokens(
  endpoint: string,
  params: Record<string, string>,
): Promise<Record<string, unknown>> {
  const response = await fetch(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
    body: new URLSearchParams(params),
    redirect: 'error',
    signal: AbortSignal.timeout(10_000),
  });
  const body = (await response.json().catch(() => ({}))) as Record<string, unknown>;
  if (!response.ok || typeof body.error === 'string')
    throw new Error(
      `token endpoint: HTTP ${response.status} ${typeof body.error === 'string' ? body.error : ''}`,
    );
  return body;
}

/**
 * An ID token's claims once its signature (the provider's published keys), issuer, audience (our
 * client id), expiry and nonce (this round's) all check out; anything else throws.
 */
async function verifiedClaims(
  idToken: unknown,
  endpoints: Endpoints,
  keys: ReturnType<typeof createRemoteJWKSet>,
  clientId: string,
  nonce: string,
): Promise<JWTPayload> {
  if (typeof idToken !== 'string') throw new Error('no ID token');
  const { payload } = await jwtVerify(idToken, keys, {
    issuer: endpoints.issuer,
    audience: clientId,
    algorithms: ['RS256', 'ES256'],
  });
  if (payload.nonce !== nonce) throw new Error('ID token nonce does not match this sign-in');
  if (typeof payload.sub !== 'string' || !payload.sub) throw new Error('ID token has no subject');
  return payload;
}

const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : null);
const email = (value: unknown) => text(value)?.toLowerCase() ?? null;

/**
 * The providers whose client id and secret are set. Any other answers "provider not configured" and
 * its button does nothing else.
 */
export function configuredSocialClients(env: Env): Partial<Record<SocialProvider, SocialClient>> {
  const callback = (provider: SocialProvider) => `${env.PUBLIC_URL}/api/auth/social/${provider}/callback`;
  const endpointsOf = (provider: SocialProvider) =>
    env.SOCIAL_STANDIN_URL
      ? standInEndpoints(env.SOCIAL_STANDIN_URL, provider)
      : PROVIDER_ENDPOINTS[provider];
  const clients: Partial<Record<SocialProvider, SocialClient>> = {};

  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const clientId = env.GOOGLE_CLIENT_ID;
    const endpoints = endpointsOf('google');
    const keys = createRemoteJWKSet(new URL(endpoints.jwks!));
    const google = new OAuth2Client(clientId, env.GOOGLE_CLIENT_SECRET, callback('google'));
    clients.google = {
      authorizationUrl(round) {
        const url = google.createAuthorizationURLWithPKCE(
          endpoints.authorize,
          round.state,
          CodeChallengeMethod.S256,
          round.codeVerifier ?? '',
          ['openid', 'email', 'profile'],
        );
        url.searchParams.set('nonce', round.nonce);
        return url;
      },
      async identify(code, round) {
        const tokens = await google.validateAuthorizationCode(endpoints.token, code, round.codeVerifier);
        const claims = await verifiedClaims(tokens.idToken(), endpoints, keys, clientId, round.nonce);
        return {
          accountId: claims.sub!,
          email: email(claims.email),
          emailVerified: claims.email_verified === true,
          firstName: text(claims.given_name),
          lastName: text(claims.family_name),
        };
      },
    };
  }

  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    const clientId = env.FACEBOOK_CLIENT_ID;
    const clientSecret = env.FACEBOOK_CLIENT_SECRET;
    const endpoints = endpointsOf('facebook');
    const facebook = new OAuth2Client(clientId, null, callback('facebook'));
    clients.facebook = {
      authorizationUrl(round) {
        return facebook.createAuthorizationURL(endpoints.authorize, round.state, ['email', 'public_profile']);
      },
      async identify(code) {
        const tokens = await requestTokens(endpoints.token, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: callback('facebook'),
          client_id: clientId,
          client_secret: clientSecret,
        });
        const url = new URL(endpoints.profile!);
        url.searchParams.set('fields', 'id,email,first_name,last_name');
        const response = await fetch(url, {
          headers: { Authorization: `Bearer ${String(tokens.access_token)}` },
          redirect: 'error',
          signal: AbortSignal.timeout(10_000),
        });
        if (!response.ok) throw new Error(`Facebook profile: HTTP ${response.status}`);
        const me = (await response.json()) as Record<string, unknown>;
        if (!text(me.id)) throw new Error('Facebook profile has no id');
        return {
          accountId: String(me.id),
          email: email(me.email),
          // Facebook does not say whether it checked an address, so its emails never prove ownership.
          emailVerified: false,
          firstName: text(me.first_name),
          lastName: text(me.last_name),
        };
      },
    };
  }

  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    const clientId = env.APPLE_CLIENT_ID;
    const teamId = env.APPLE_TEAM_ID;
    const keyId = env.APPLE_KEY_ID;
    const pem = env.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n');
    const endpoints = endpointsOf('apple');
    const keys = createRemoteJWKSet(new URL(endpoints.jwks!));
    const apple = new OAuth2Client(clientId, null, callback('apple'));
    // Apple's client secret is a short-lived JWT signed with the team's key.
    const clientSecret = async () =>
      new SignJWT({})
        .setProtectedHeader({ alg: 'ES256', kid: keyId })
        .setIssuer(teamId)
        .setSubject(clientId)
        .setAudience('https://appleid.apple.com')
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(await importPKCS8(pem, 'ES256'));
    clients.apple = {
      authorizationUrl(round) {
        const url = apple.createAuthorizationURL(endpoints.authorize, round.state, ['name', 'email']);
        // Apple sends the name and email only with a form POST back to the callback.
        url.searchParams.set('response_mode', 'form_post');
        url.searchParams.set('nonce', round.nonce);
        return url;
      },
      async identify(code, round, extra) {
        const tokens = await requestTokens(endpoints.token, {
          grant_type: 'authorization_code',
          code,
          redirect_uri: callback('apple'),
          client_id: clientId,
          client_secret: await clientSecret(),
        });
        const claims = await verifiedClaims(tokens.id_token, endpoints, keys, clientId, round.nonce);
        let firstName: string | null = null;
        let lastName: string | null = null;
        try {
          const user = extra.appleUser
            ? (JSON.parse(extra.appleUser) as { name?: Record<string, unknown> })
            : {};
          firstName = text(user.name?.firstName);
          lastName = text(user.name?.lastName);
        } catch {
          // The name is a courtesy; sign-in works without it.
        }
        return {
          accountId: claims.sub!,
          email: email(claims.email),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          firstName,
          lastName,
        };
      },
    };
  }
  return clients;
}

/** A fresh round: state against forged callbacks, nonce against replayed ID tokens, PKCE where used. */
export function newSocialRound(provider: SocialProvider): SocialRound {
  return {
    state: generateState(),
    nonce: generateState(),
    codeVerifier: provider === 'google' ? generateCodeVerifier() : null,
  };
}

export type SocialOutcome =
  /** Signs in as this member. */
  | { status: 'member'; userId: string }
  /** The address belongs to a member who has not linked this identity: they must sign in first. */
  | { status: 'link-required'; userId: string }
  /** No linked member and no address the provider vouches for. */
  | { status: 'unverified' };

/**
 * The member for a provider identity: the linked one; else, when the provider vouches for an address
 * nobody has, a new confirmed member. An address that already has an account is never taken over: the
 * identity waits for its member to sign in (see `requestSocialLink`).
 */
export async function memberForSocialIdentity(
  db: Db,
  provider: SocialProvider,
  identity: SocialIdentity,
  language: string,
): Promise<SocialOutcome> {
  const linked = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, identity.accountId)))
    .limit(1);
  if (linked[0]) return { status: 'member', userId: linked[0].userId };
  if (!identity.email) return { status: 'unverified' };
  const address = identity.email;
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.email, address)).limit(1);
  if (existing[0]) return { status: 'link-required', userId: existing[0].id };
  if (!identity.emailVerified) return { status: 'unverified' };

  const userId = crypto.randomUUID();
  const displayName = [identity.firstName, identity.lastName].filter(Boolean).join(' ').trim();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({
      id: userId,
      email: address,
      emailVerified: true,
      name: displayName,
      firstName: identity.firstName,
      lastName: identity.lastName,
      locale: language,
    });
    await tx.insert(profiles).values({ userId, displayName: displayName || null });
    await tx.insert(accounts).values({
      id: crypto.randomUUID(),
      userId,
      accountId: identity.accountId,
      providerId: provider,
    });
    // The provider proved the address: sign-ups waiting for it are over.
    await dropRegistrations(tx, address);
  });
  return { status: 'member', userId };
}

export const SOCIAL_LINK_SECONDS = 15 * 60;

/** Holds an identity for the member who owns its address; the secret goes in the browser's cookie. */
export async function requestSocialLink(
  db: Db,
  userId: string,
  provider: SocialProvider,
  accountId: string,
  now: Date,
): Promise<string> {
  const token = randomToken();
  await db.insert(socialLinkRequests).values({
    tokenHash: hashToken(token),
    userId,
    providerId: provider,
    accountId,
    expiresAt: secondsAfter(now, SOCIAL_LINK_SECONDS),
  });
  return token;
}

/**
 * Links a held identity once its member has signed in, in the browser that holds the request. The
 * request is used up either way; null when it was not this member's, expired at `now`, or already
 * linked.
 */
export async function completeSocialLink(
  db: Db,
  token: string,
  userId: string,
  now: Date,
): Promise<SocialProvider | null> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .delete(socialLinkRequests)
      .where(eq(socialLinkRequests.tokenHash, hashToken(token)))
      .returning();
    const request = rows[0];
    if (!request || request.userId !== userId || request.expiresAt <= now) return null;
    const provider = request.providerId as SocialProvider;
    return (await linkWithNotice(tx, userId, provider, request.accountId)) ? provider : null;
  });
}

/** The link and the job that emails the member about it, in the caller's transaction. */
async function linkWithNotice(tx: Executor, userId: string, provider: SocialProvider, accountId: string) {
  const inserted = await tx
    .insert(accounts)
    .values({ id: crypto.randomUUID(), userId, accountId, providerId: provider })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (inserted.length === 0) return false;
  await enqueueJob(tx, SOCIAL_LINKED_JOB, { userId, provider });
  return true;
}

/**
 * Links a provider identity to a member, with the job that tells them by email (both or neither);
 * false when it is already linked (to anyone).
 */
export async function linkIdentity(
  db: Db,
  userId: string,
  provider: SocialProvider,
  accountId: string,
): Promise<boolean> {
  return db.transaction((tx) => linkWithNotice(tx, userId, provider, accountId));
}
