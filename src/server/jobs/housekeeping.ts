import { lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { pendingRegistrations, sessions, socialLinkRequests, verifications } from '../db/schema';
import { pruneSentMail } from '../mail/mailer';
import { pruneRateLimits } from '../security/rate-limit';
import { sweepOrphanFiles, sweepUploads } from '../photos/uploads';
import { sweepExpiredExports } from '../features/account/data-export';
import type { Storage } from '../storage/storage';
import { lapseEndedGracePeriods } from '../features/billing/billing.service';
import { publishDueReviews } from '../features/reviews/reviews.service';

/** How long a failed job keeps its payload (which may name an address) for an operator to read. */
export const FAILED_JOB_PAYLOAD_DAYS = 7;

/**
 * What the database need not keep, removed once an hour by every instance (each statement is safe to
 * run twice): ended rate-limit windows, keys of mail sent over 30 days ago, expired sessions (with
 * their IP addresses), one-time links, sign-ups never confirmed, social link requests, photos uploaded
 * but never used within a day (files and records), photo files no upload owns (after an hour), data
 * exports past their 24 hours (files and records), and the payloads of jobs that failed over a week ago.
 * It also lapses to Bronze the paid plans whose grace period after a failed payment has ended (once each),
 * ends suspensions that have run their course, and publishes reviews whose 30 days have passed. What
 * has expired, lapsed or ended is judged at `now`, the app's clock.
 */
export async function housekeeping(db: Db, storage: Storage, now: Date): Promise<void> {
  await pruneRateLimits(db);
  await pruneSentMail(db);
  await db.delete(sessions).where(lt(sessions.expiresAt, now));
  await db.delete(verifications).where(lt(verifications.expiresAt, now));
  await db.delete(pendingRegistrations).where(lt(pendingRegistrations.expiresAt, now));
  await db.delete(socialLinkRequests).where(lt(socialLinkRequests.expiresAt, now));
  await sweepUploads(db, storage);
  await sweepOrphanFiles(db, storage, now);
  await sweepExpiredExports(db, storage, now);
  await db.execute(sql`update jobs set payload = '{}'::jsonb
    where failed_at < now() - make_interval(days => ${FAILED_JOB_PAYLOAD_DAYS}) and payload <> '{}'::jsonb`);
  await lapseEndedGracePeriods(db, now);
  await endSuspensions(db, now);
  await publishDueReviews(db, now);
}

/**
 * A suspension that has run its course by `now`: the member's listings taken off the market for it come
 * back (those a moderator hid for themselves stay hidden).
 */
export async function endSuspensions(db: Db, now: Date): Promise<void> {
  const at = now.toISOString();
  await db.execute(sql`update listings set is_sold = false, hidden_at = null, hidden_reason = null
    where hidden_reason = 'suspension'
      and user_id in (select id from "user" where suspended_until <= ${at}::timestamptz)`);
  await db.execute(sql`update "user" set suspended_until = null, suspension_reason = null
    where suspended_until <= ${at}::timestamptz`);
}
