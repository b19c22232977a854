import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { hash as argon2Hash, verify as argon2Verify, type Options } from '@node-rs/argon2';

/** A secret for a link or a cookie: 32 random bytes, URL-safe. */
export function randomToken(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret: its SHA-256, so a leaked table opens no account. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Argon2id at OWASP's recommended floor (19 MiB, 2 passes, 1 lane). It runs on a worker thread of the
 * native module, never on the HTTP thread. The parameters travel inside each hash, so raising them
 * later only needs `needsRehash` to notice old ones.
 */
// `algorithm: 2` is Argon2id (the module's enum is const, which this build cannot import).
const ARGON2 = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } satisfies Options;
const ARGON2_PREFIX = `$argon2id$v=19$m=${ARGON2.memoryCost},t=${ARGON2.timeCost},p=${ARGON2.parallelism}$`;

export function hashPassword(password: string): Promise<string> {
  return argon2Hash(password.normalize('NFKC'), ARGON2);
}

/** Hashes made before Argon2id (scrypt) or with weaker parameters: replaced at the next sign-in. */
export function needsRehash(stored: string): boolean {
  return !stored.startsWith(ARGON2_PREFIX);
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  if (stored.startsWith('$argon2')) {
    try {
      return await argon2Verify(stored, password.normalize('NFKC'));
    } catch {
      return false;
    }
  }
  return verifyScrypt(password, stored);
}

/** The scrypt hashes of earlier versions: `scrypt$N$r$p$salt$key`, all base64url. */
async function verifyScrypt(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64url');
  const actual = await new Promise<Buffer>((resolve, reject) =>
    scrypt(
      password.normalize('NFKC'),
      Buffer.from(salt, 'base64url'),
      expected.length,
      { N: Number(n), r: Number(r), p: Number(p), maxmem: 64 * 1024 * 1024 },
      (error, derived) => (error ? reject(error) : resolve(derived)),
    ),
  );
  return timingSafeEqual(actual, expected);
}

/**
 * Checked against when there is no password to check, so that answer takes as long as any other: a
 * real Argon2id hash of a random secret, made once.
 */
let dummyHash: Promise<string> | undefined;
export function dummyPasswordHash(): Promise<string> {
  dummyHash ??= hashPassword(randomToken());
  return dummyHash;
}
