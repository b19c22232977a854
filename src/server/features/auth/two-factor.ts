import { randomInt } from 'node:crypto';
import { and, eq, gt, isNotNull, isNull, lt, or, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import type { Db, Executor } from '../../db/client';
import { rateLimits, signInChallenges, twoFactors } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob } from '../../jobs/queue';
import { openSecret, sealSecret } from '../../security/encryption';
import { hashToken, randomToken } from '../../security/secrets';
import { later, systemClock, type Clock } from '../../clock';

/** Ten one-time recovery codes, each `XXXXX-XXXXX` from 31 unmistakable characters (about 50 bits). */
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** A code from the app is accepted one 30-second step early or late (clocks drift). */
const CLOCK_TOLERANCE_SECONDS = 30;
/** A sign-in waits this long for its second step, and takes this many wrong codes. */
export const CHALLENGE_SECONDS = 5 * 60;
export const CHALLENGE_ATTEMPTS = 5;
/**
 * Wrong codes for one account (at sign-in or in its settings, every one after the password) within
 * this window lock its second step for the window, counted from the last of them: even the right code
 * is refused, and the member is emailed that someone knows their password.
 */
export const CODE_FAILURES_MAX = 5;
export const CODE_LOCK_SECONDS = 15 * 60;
/** The job that emails the member when their second step locks. */
export const TWO_FACTOR_LOCKED_JOB = 'account.two-factor-locked';
const failuresKey = (userId: string) => `two-factor-failures:${userId}`;

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
export function createTwoFactor(deps: { db: Db; secretsKey: Buffer; wakeJobs?: () => void; clock?: Clock }) {
  const { db, secretsKey } = deps;
  const clock = deps.clock ?? systemClock;

  /** Throws TWO_FACTOR_LOCKED, with the minutes left, while the account's second step is locked. */
  async function assertNotLocked(userId: string): Promise<void> {
    const result = await db.execute<{ count: number; retry_seconds: number }>(sql`
      select count, ceil(extract(epoch from (reset_at - now())))::int as retry_seconds
      from rate_limits where key = ${failuresKey(userId)} and reset_at > now()`);
    const row = result.rows[0];
    if (row && row.count >= CODE_FAILURES_MAX)
      throw new ApiError(429, 'TWO_FACTOR_LOCKED', { count: Math.max(1, Math.ceil(row.retry_seconds / 60)) });
  }

  /**
   * Counts a wrong code in the account's window; the one that reaches CODE_FAILURES_MAX starts the
   * lock (CODE_LOCK_SECONDS from now) and queues the email to the member, once per lock.
   */
  async function failed(userId: string): Promise<void> {
    const locked = await db.transaction(async (tx) => {
      const result = await tx.execute<{ count: number }>(sql`
        insert into rate_limits (key, count, reset_at)
        values (${failuresKey(userId)}, 1, now() + make_interval(secs => ${CODE_LOCK_SECONDS}))
        on conflict (key) do update set
          count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
          reset_at = case
            when rate_limits.reset_at <= now() or rate_limits.count + 1 >= ${CODE_FAILURES_MAX}
              then excluded.reset_at
            else rate_limits.reset_at end
        returning count`);
      const count = Number(result.rows[0]?.count ?? 0);
      if (count !== CODE_FAILURES_MAX) return false;
      await enqueueJob(tx, TWO_FACTOR_LOCKED_JOB, { userId });
      return true;
    });
    if (locked) deps.wakeJobs?.();
  }

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

  /** A code from the app or a recovery code, used up if it is right: which kind, or null. */
  async function codeOf(
    found: typeof twoFactors.$inferSelect,
    typed: string,
  ): Promise<'app' | 'recovery' | null> {
    const code = typed.trim();
    const step = await appCode(found.secret, code.replace(/\s/g, ''), found.lastTimeStep);
    if (step !== null) {
      const taken = await db
        .update(twoFactors)
        .set({ lastTimeStep: step })
        .where(
          and(
            eq(twoFactors.userId, found.userId),
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
      .where(and(eq(twoFactors.userId, found.userId), sql`${hash} = any(${twoFactors.recoveryCodes})`))
      .returning({ userId: twoFactors.userId });
    return used.length ? 'recovery' : null;
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
          .set({ enabledAt: clock(), lastTimeStep: step, recoveryCodes: codes.map(hashToken) })
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
     * Refused with TWO_FACTOR_LOCKED while the account is locked; a wrong code counts towards the lock,
     * a right one clears the count.
     */
    async check(userId: string, typed: string): Promise<'app' | 'recovery' | null> {
      const found = await row(userId);
      if (!found?.enabledAt) return null;
      await assertNotLocked(userId);
      const used = await codeOf(found, typed);
      if (used) await db.delete(rateLimits).where(eq(rateLimits.key, failuresKey(userId)));
      else await failed(userId);
      return used;
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
          expiresAt: later(clock, CHALLENGE_SECONDS * 1000),
        });
      });
      return token;
    },

    /** The waiting sign-in of a cookie, while it has time and tries left. */
    async pending(token: string) {
      return db.query.signInChallenges.findFirst({
        where: and(
          eq(signInChallenges.tokenHash, hashToken(token)),
          gt(signInChallenges.expiresAt, clock()),
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
