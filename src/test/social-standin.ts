import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';

type Keys = Awaited<ReturnType<typeof generateKeyPair>>;

/** What the stand-in answers for one authorization code. */
export interface StandInGrant {
  /** ID token claims (Google, Apple); `iss`, `aud`, `iat` and `exp` are filled in unless given. */
  claims?: JWTPayload;
  /** Facebook's profile answer. */
  profile?: Record<string, unknown>;
  /** Sign the ID token with a key the provider never published. */
  forgedKey?: boolean;
  /** Answer with this ID token as it is (a hand-made one: `alg: none`, HS256, …). */
  idToken?: string;
}

/**
 * A stand-in for Google, Facebook and Apple on a local port, speaking their protocols: a token endpoint
 * that trades a code for tokens (ID tokens signed with its own RSA key), the published keys, and
 * Facebook's profile. Point `SOCIAL_STANDIN_URL` at `url`; `grant` says what a code stands for.
 */
export async function startSocialStandIn() {
  const keys = await generateKeyPair('RS256');
  const forged: Keys = await generateKeyPair('RS256');
  const publicJwk = { ...(await exportJWK(keys.publicKey)), kid: 'standin-1', alg: 'RS256', use: 'sig' };
  const grants = new Map<string, StandInGrant>();
  const profiles = new Map<string, Record<string, unknown>>();
  /** Every token request, as the provider received it (its form fields and whether Basic auth came). */
  const tokenRequests: { provider: string; form: Record<string, string>; basicAuth: boolean }[] = [];
  let url = '';
  let counter = 0;

  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      void (async () => {
        const path = new URL(req.url ?? '/', 'http://standin').pathname;
        const [, provider, action] = path.split('/');
        const json = (status: number, body: unknown) => {
          res.writeHead(status, { 'Content-Type': 'application/json' });
          res.end(JSON.stringify(body));
        };
        if (action === 'jwks') return json(200, { keys: [publicJwk] });
        if (action === 'me') {
          const token = (req.headers.authorization ?? '').replace(/^Bearer /, '');
          const profile = profiles.get(token);
          return profile ? json(200, profile) : json(401, { error: 'invalid_token' });
        }
        if (action !== 'token' || req.method !== 'POST') return json(404, { error: 'not_found' });
        const form = Object.fromEntries(new URLSearchParams(Buffer.concat(chunks).toString()));
        const basic = req.headers.authorization?.startsWith('Basic ') ?? false;
        tokenRequests.push({ provider: provider!, form, basicAuth: basic });
        const grant = grants.get(form.code ?? '');
        grants.delete(form.code ?? '');
        if (!grant) return json(400, { error: 'invalid_grant' });
        const clientId = basic
          ? Buffer.from(req.headers.authorization!.slice(6), 'base64').toString().split(':')[0]
          : form.client_id;
        const accessToken = `at-${++counter}`;
        if (grant.profile) profiles.set(accessToken, grant.profile);
        const idToken = grant.idToken
          ? grant.idToken
          : grant.claims
            ? await new SignJWT(grant.claims)
                .setProtectedHeader({ alg: 'RS256', kid: 'standin-1' })
                .setIssuer((grant.claims.iss as string | undefined) ?? `${url}/${provider}`)
                .setAudience((grant.claims.aud as string | undefined) ?? clientId ?? '')
                .setIssuedAt()
                .setExpirationTime((grant.claims.exp as number | undefined) ?? '5m')
                .sign(grant.forgedKey ? forged.privateKey : keys.privateKey)
            : undefined;
        return json(200, {
          access_token: accessToken,
          token_type: 'Bearer',
          expires_in: 3600,
          ...(idToken ? { id_token: idToken } : {}),
        });
      })().catch((error: unknown) => {
        res.writeHead(500);
        res.end(String(error));
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    tokenRequests,
    /** A new authorization code that stands for `grant`. */
    grant(value: StandInGrant): string {
      const code = `code-${++counter}`;
      grants.set(code, value);
      return code;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export type SocialStandIn = Awaited<ReturnType<typeof startSocialStandIn>>;
