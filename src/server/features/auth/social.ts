import { Apple, Facebook, Google, decodeIdToken, generateCodeVerifier, generateState } from 'arctic';
import { and, eq } from 'drizzle-orm';
import type { SocialProvider } from '@common/schemas/auth';
import type { Env } from '../../env';
import type { Db } from '../../db/client';
import { accounts, profiles, sessions, users } from '../../db/schema';

/** What a provider tells us about the person who signed in. */
export interface SocialIdentity {
  accountId: string;
  email: string | null;
  emailVerified: boolean;
  firstName: string | null;
  lastName: string | null;
}

export interface SocialClient {
  /** The provider's sign-in page, and the PKCE verifier to keep (when the provider uses one). */
  authorizationUrl(state: string): { url: URL; codeVerifier: string | null };
  identify(code: string, codeVerifier: string | null, extra: { appleUser?: string }): Promise<SocialIdentity>;
}

/**
 * The providers whose client id and secret are set. Any other answers "provider not configured" and
 * its button does nothing else.
 */
export function configuredSocialClients(env: Env): Partial<Record<SocialProvider, SocialClient>> {
  const callback = (provider: SocialProvider) => `${env.PUBLIC_URL}/api/auth/social/${provider}/callback`;
  const clients: Partial<Record<SocialProvider, SocialClient>> = {};

  if (env.GOOGLE_CLIENT_ID && env.GOOGLE_CLIENT_SECRET) {
    const google = new Google(env.GOOGLE_CLIENT_ID, env.GOOGLE_CLIENT_SECRET, callback('google'));
    clients.google = {
      authorizationUrl(state) {
        const codeVerifier = generateCodeVerifier();
        return {
          url: google.createAuthorizationURL(state, codeVerifier, ['openid', 'email', 'profile']),
          codeVerifier,
        };
      },
      async identify(code, codeVerifier) {
        const tokens = await google.validateAuthorizationCode(code, codeVerifier ?? '');
        const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
        return {
          accountId: String(claims.sub),
          email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
          emailVerified: claims.email_verified === true,
          firstName: typeof claims.given_name === 'string' ? claims.given_name : null,
          lastName: typeof claims.family_name === 'string' ? claims.family_name : null,
        };
      },
    };
  }

  if (env.FACEBOOK_CLIENT_ID && env.FACEBOOK_CLIENT_SECRET) {
    const facebook = new Facebook(env.FACEBOOK_CLIENT_ID, env.FACEBOOK_CLIENT_SECRET, callback('facebook'));
    clients.facebook = {
      authorizationUrl(state) {
        return {
          url: facebook.createAuthorizationURL(state, ['email', 'public_profile']),
          codeVerifier: null,
        };
      },
      async identify(code) {
        const tokens = await facebook.validateAuthorizationCode(code);
        const url = new URL('https://graph.facebook.com/me');
        url.searchParams.set('fields', 'id,email,first_name,last_name');
        const response = await fetch(url, { headers: { Authorization: `Bearer ${tokens.accessToken()}` } });
        if (!response.ok) throw new Error(`Facebook profile: HTTP ${response.status}`);
        const me = (await response.json()) as Record<string, unknown>;
        return {
          accountId: String(me.id),
          email: typeof me.email === 'string' ? me.email.toLowerCase() : null,
          // Facebook returns only confirmed addresses.
          emailVerified: typeof me.email === 'string',
          firstName: typeof me.first_name === 'string' ? me.first_name : null,
          lastName: typeof me.last_name === 'string' ? me.last_name : null,
        };
      },
    };
  }

  if (env.APPLE_CLIENT_ID && env.APPLE_TEAM_ID && env.APPLE_KEY_ID && env.APPLE_PRIVATE_KEY) {
    const pem = env.APPLE_PRIVATE_KEY.replace(/\\n/g, '\n');
    const der = Buffer.from(pem.replace(/-----[^-]+-----/g, '').replace(/\s+/g, ''), 'base64');
    const apple = new Apple(env.APPLE_CLIENT_ID, env.APPLE_TEAM_ID, env.APPLE_KEY_ID, der, callback('apple'));
    clients.apple = {
      authorizationUrl(state) {
        const url = apple.createAuthorizationURL(state, ['name', 'email']);
        // Apple sends the name and email only with a form POST back to the callback.
        url.searchParams.set('response_mode', 'form_post');
        return { url, codeVerifier: null };
      },
      async identify(code, _verifier, extra) {
        const tokens = await apple.validateAuthorizationCode(code);
        const claims = decodeIdToken(tokens.idToken()) as Record<string, unknown>;
        let firstName: string | null = null;
        let lastName: string | null = null;
        try {
          const user = extra.appleUser
            ? (JSON.parse(extra.appleUser) as { name?: Record<string, string> })
            : {};
          firstName = user.name?.firstName ?? null;
          lastName = user.name?.lastName ?? null;
        } catch {
          // The name is a courtesy; sign-in works without it.
        }
        return {
          accountId: String(claims.sub),
          email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          firstName,
          lastName,
        };
      },
    };
  }
  return clients;
}

/**
 * The member for a provider identity: the linked account; else the member with the same confirmed
 * email (linked now); else a new member, confirmed by the provider. Null when the provider gives no
 * confirmed email and no account is linked.
 */
export async function memberForSocialIdentity(
  db: Db,
  provider: SocialProvider,
  identity: SocialIdentity,
  language: string,
): Promise<string | null> {
  const linked = await db
    .select({ userId: accounts.userId })
    .from(accounts)
    .where(and(eq(accounts.providerId, provider), eq(accounts.accountId, identity.accountId)))
    .limit(1);
  if (linked[0]) return linked[0].userId;
  if (!identity.email || !identity.emailVerified) return null;
  const email = identity.email;

  return db.transaction(async (tx) => {
    const existing = await tx
      .select({ id: users.id, emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.email, email))
      .limit(1);
    let userId = existing[0]?.id;
    if (userId) {
      if (!existing[0]?.emailVerified) {
        // Whoever set the password of an unconfirmed account never proved the address was theirs:
        // drop that password and its sessions before the address's real owner comes in.
        await tx
          .delete(accounts)
          .where(and(eq(accounts.userId, userId), eq(accounts.providerId, 'credential')));
        await tx.delete(sessions).where(eq(sessions.userId, userId));
      }
      // The provider vouches for the address, so the account is confirmed too.
      await tx.update(users).set({ emailVerified: true, updatedAt: new Date() }).where(eq(users.id, userId));
    } else {
      userId = crypto.randomUUID();
      const displayName = [identity.firstName, identity.lastName].filter(Boolean).join(' ').trim();
      await tx.insert(users).values({
        id: userId,
        email,
        emailVerified: true,
        name: displayName,
        firstName: identity.firstName,
        lastName: identity.lastName,
        locale: language,
      });
      await tx.insert(profiles).values({ userId, displayName: displayName || null });
    }
    await tx.insert(accounts).values({
      id: crypto.randomUUID(),
      userId,
      accountId: identity.accountId,
      providerId: provider,
    });
    return userId;
  });
}

export { generateState };
