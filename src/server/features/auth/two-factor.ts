import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db, Executor } from '../../db/client';
import { signInChallenges, twoFactors } from '../../db/schema';
import { openSecret, sealSecret } from '../../security/encryption';
import { hashToken, randomToken } from '../../security/secrets';

/** Ten one-time recovery codes, each `XXXXX-XXXXX` from 31 unmistakable characters (about 50 bits). */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code from the app is accepted one 30-second step early or late (clocks drift). */
const CLOCK_TOLERANCE_SECONDS = 30;
/** A sign-in waits this long for its second step, and takes this many wrong codes. */
export const CHALLENGE_SECONDS = 5 * 60;
export const CHALLENGE_ATTEMPTS = 5;

function recoveryCode(): string {
  const characters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]);
  return `${characters.slice(0, 5).join('')}-${characters.slice(5).join('')}`;
}

/** A recovery code as typed (any case, spaces or no dash) in the form it is hashed in. */
function normalRecoveryCode(code: string): string | null {
  const compact = code.toUpperCase().replace(/[\s-]/g, '');
  if (compact.length !== 10 || [...compact].some((c) => !RECOVERY_ALPHABET.includes(c))) return null;
  return `${compact.slice(0, 5)}-${compact.slice(5)}`;
}

/**
 * Two-step sign-in with an authenticator app (TOTP, RFC 6238, through otplib) and recovery codes.
 * The key is sealed with SECRETS_KEY; a code is accepted once; recovery codes are kept as hashes.
 */
export function createTwoFactor(deps: { db: Db; secretsKey: Buffer }) {
  const { db, secretsKey } = deps;

  async function row(userId: string) {
    return db.query.twoFactors.findFirst({ where: eq(twoFactors.userId, userId) });
  }

  /** Checks an app code against a key; on success, the step it was made for. */
  async function appCode(secret: string, code: string, after: number | null): Promise<number | null> {
    if (!/^\d{6}$/.test(code)) return null;
    let key: string;
    try {
      key = openSecret(secret, secretsKey);
    } catch {
      // Sealed under another SECRETS_KEY: app codes cannot be checked; recovery codes still work.
      return null;
    }
    const result = await verify({
      secret: key,
      token: code,
      epochTolerance: CLOCK_TOLERANCE_SECONDS,
      ...(after === null ? {} : { afterTimeStep: after }),
    });
    return result.valid && 'timeStep' in result ? result.timeStep : null;
  }

  return {
    async status(userId: string): Promise<{ enabled: boolean; recoveryCodesLeft: number }> {
      const found = await row(userId);
      return found?.enabledAt
        ? { enabled: true, recoveryCodesLeft: found.recoveryCodes.length }
        : { enabled: false, recoveryCodesLeft: 0 };
    },

    /** Starts enrolment with a new key (replacing an unfinished one): what the app needs, and a QR code. */
    async start(
      userId: string,
      email: string,
    ): Promise<{ secret: string; uri: string; qrSvg: string } | null> {
      const secret = generateSecret();
      const sealed = sealSecret(secret, secretsKey);
      const started = await db
        .insert(twoFactors)
        .values({ userId, secret: sealed })
        .onConflictDoUpdate({
          target: twoFactors.userId,
          set: { secret: sealed, lastTimeStep: null, recoveryCodes: [] },
          where: isNull(twoFactors.enabledAt),
        })
        .returning({ userId: twoFactors.userId });
      if (started.length === 0) return null;
      const uri = generateURI({ issuer: 'ModMarket', label: email, secret });
      const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
      return { secret, uri, qrSvg };
    },

    /**
     * Finishes enrolment with a code from the app: on from now, with ten recovery codes shown once.
     * `also` runs in the same transaction when it turns on (the job that tells the member).
     */
    async enable(
      userId: string,
      code: string,
      also?: (tx: Executor) => Promise<unknown>,
    ): Promise<string[] | null> {
      const found = await row(userId);
      if (!found || found.enabledAt) return null;
      const step = await appCode(found.secret, code, null);
      if (step === null) return null;
      const codes = Array.from({ length: RECOVERY_CODE_COUNT }, recoveryCode);
      const enabled = await db.transaction(async (tx) => {
        const rows = await tx
          .update(twoFactors)
          .set({ enabledAt: new Date(), lastTimeStep: step, recoveryCodes: codes.map(hashToken) })
          .where(and(eq(twoFactors.userId, userId), isNull(twoFactors.enabledAt)))
          .returning({ userId: twoFactors.userId });
        if (rows.length && also) await also(tx);
        return rows.length > 0;
      });
      return enabled ? codes : null;
    },

    /**
     * The second step: a code from the app (not one accepted before) or an unused recovery code, which
     * is used up. Each acceptance is one conditional update, so two requests cannot both use a code.
     */
    async check(userId: string, typed: string): Promise<'app' | 'recovery' | null> {
      const found = await row(userId);
      if (!found?.enabledAt) return null;
      const code = typed.trim();
      const step = await appCode(found.secret, code.replace(/\s/g, ''), found.lastTimeStep);
      if (step !== null) {
        const taken = await db
          .update(twoFactors)
          .set({ lastTimeStep: step })
          .where(
            and(
              eq(twoFactors.userId, userId),
              or(isNull(twoFactors.lastTimeStep), lt(twoFactors.lastTimeStep, step)),
            ),
          )
          .returning({ userId: twoFactors.userId });
        return taken.length ? 'app' : null;
      }
      const recovery = normalRecoveryCode(code);
      if (!recovery) return null;
      const hash = hashToken(recovery);
      const used = await db
        .update(twoFactors)
        .set({ recoveryCodes: sql`array_remove(${twoFactors.recoveryCodes}, ${hash})` })
        .where(and(eq(twoFactors.userId, userId), sql`${hash} = any(${twoFactors.recoveryCodes})`))
        .returning({ userId: twoFactors.userId });
      return used.length ? 'recovery' : null;
    },

    async enabled(userId: string): Promise<boolean> {
      const found = await db
        .select({ userId: twoFactors.userId })
        .from(twoFactors)
        .where(and(eq(twoFactors.userId, userId), isNotNull(twoFactors.enabledAt)))
        .limit(1);
      return found.length > 0;
    },

    /** Turns it off; `also` runs in the same transaction (the job that tells the member). */
    async disable(userId: string, also?: (tx: Executor) => Promise<unknown>): Promise<void> {
      await db.transaction(async (tx) => {
        await tx.delete(twoFactors).where(eq(twoFactors.userId, userId));
        if (also) await also(tx);
      });
    },

    /** A sign-in that passed its first step waits for the second: the secret for this browser's cookie. */
    async challenge(userId: string, persistent: boolean): Promise<string> {
      const token = randomToken();
      await db.transaction(async (tx) => {
        await tx.delete(signInChallenges).where(eq(signInChallenges.userId, userId));
        await tx.insert(signInChallenges).values({
          id: crypto.randomUUID(),
          tokenHash: hashToken(token),
          userId,
          persistent,
          expiresAt: new Date(Date.now() + CHALLENGE_SECONDS * 1000),
        });
      });
      return token;
    },

    /** The waiting sign-in of a cookie, while it has time and tries left. */
    async pending(token: string) {
      return db.query.signInChallenges.findFirst({
        where: and(
          eq(signInChallenges.tokenHash, hashToken(token)),
          gt(signInChallenges.expiresAt, sql`now()`),
          lt(signInChallenges.attempts, CHALLENGE_ATTEMPTS),
        ),
      });
    },

    async failedAttempt(id: string): Promise<void> {
      await db
        .update(signInChallenges)
        .set({ attempts: sql`${signInChallenges.attempts} + 1` })
        .where(eq(signInChallenges.id, id));
    },

    async endChallenge(id: string): Promise<void> {
      await db.delete(signInChallenges).where(eq(signInChallenges.id, id));
    },
  };
}

export type TwoFactor = ReturnType<typeof createTwoFactor>;
