import { z } from 'zod';
import { and, count, eq, gte, lte, sql } from 'drizzle-orm';
import { BOOST_DAYS, PLAN_DETAILS, isPlan } from '@common/catalog';
import type { BoostAllowance, BoostResult } from '@common/schemas/boosts';
import type { Db, Executor } from '../../db/client';
import { listingBoosts, listings, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { NotificationsService } from '../notifications/notifications.service';
import { later, systemClock, type Clock } from '../../clock';

export const BOOST_ENDED_JOB = 'boosts.ended';
const Ended = z.object({ listingId: z.string(), boostId: z.number() });

/** The first moment of the calendar month after `now`, in UTC (when boosts are counted afresh). */
function nextMonth(now: Date): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
}

/**
 * Listing boosts (docs/decisions.md, "Boosts and Best match"): Gold and Platinum members boost an
 * active listing of theirs a few times a calendar month; for BOOST_DAYS it is "Boosted" and first in
 * Best match, and it goes to the top of newest-first at once. The allowance is checked and the boost
 * recorded in one transaction that holds the member's row, so two boosts at once cannot both take the
 * last one. A job at the end takes the label away and tells the owner.
 */
export function createBoostsService(deps: {
  db: Db;
  notifications: NotificationsService;
  /** Tells the job worker that jobs are waiting (after the transaction that queued them). */
  wakeJobs: () => void;
  clock?: Clock;
}) {
  const { db, notifications } = deps;
  const clock = deps.clock ?? systemClock;

  async function allowanceOf(executor: Executor, userId: string, plan: string): Promise<BoostAllowance> {
    const perMonth = isPlan(plan) ? PLAN_DETAILS[plan].boostsPerMonth : 0;
    const rows = await executor
      .select({ used: count() })
      .from(listingBoosts)
      .where(
        and(
          eq(listingBoosts.userId, userId),
          gte(listingBoosts.createdAt, sql`date_trunc('month', now(), 'UTC')`),
        ),
      );
    const used = rows[0]?.used ?? 0;
    return {
      perMonth,
      used,
      left: Math.max(0, perMonth - used),
      renewsAt: nextMonth(clock()).toISOString(),
    };
  }

  const jobHandlers: Record<string, JobHandler> = {
    [BOOST_ENDED_JOB]: async (raw) => {
      const job = Ended.parse(raw);
      // Only the boost this job was queued for, and only once it has run out (the listing may have
      // been boosted again since, or deleted).
      // The boost's end and its notification commit together: a worker that dies in between leaves
      // the boost for the retry, which ends it and tells the member.
      const told = await db.transaction(async (tx) => {
        const ended = await tx
          .update(listings)
          .set({ boostedUntil: null })
          .where(
            and(
              eq(listings.id, job.listingId),
              lte(listings.boostedUntil, clock()),
              sql`exists (select 1 from ${listingBoosts} where ${listingBoosts.id} = ${job.boostId} and ${listingBoosts.endsAt} = ${listings.boostedUntil})`,
            ),
          )
          .returning({ userId: listings.userId, title: listings.title, isSold: listings.isSold });
        const listing = ended[0];
        if (!listing || listing.isSold) return null;
        const notification = await notifications.store(tx, {
          settings: await notifications.settingsFor(listing.userId, tx),
          userId: listing.userId,
          type: 'boost_ended',
          data: { listingTitle: listing.title },
          link: `/listing/${job.listingId}`,
          idempotencyKey: `boost-ended:${job.boostId}`,
        });
        return notification ? { userId: listing.userId, notification } : null;
      });
      if (told) await notifications.deliver(told.userId, told.notification);
    },
  };

  return {
    jobHandlers,

    allowance(user: { id: string; plan: string }): Promise<BoostAllowance> {
      return allowanceOf(db, user.id, user.plan);
    },

    async boost(userId: string, listingId: string): Promise<BoostResult> {
      const result = await db.transaction(async (tx) => {
        // The member's row, held until the boost is recorded: the plan as it is now, and no second
        // boost counted beside this one.
        const member = (
          await tx.select({ plan: users.plan }).from(users).where(eq(users.id, userId)).for('update')
        )[0];
        if (!member) throw new ApiError(401, 'UNAUTHORIZED');
        if (!PLAN_DETAILS[member.plan].boostsPerMonth) throw new ApiError(403, 'BOOSTS_NOT_IN_PLAN');
        const listing = (
          await tx
            .select({ isSold: listings.isSold, boostedUntil: listings.boostedUntil })
            .from(listings)
            .where(and(eq(listings.id, listingId), eq(listings.userId, userId)))
            .for('update')
        )[0];
        if (!listing) throw new ApiError(404, 'NOT_FOUND');
        if (listing.isSold) throw new ApiError(409, 'LISTING_SOLD');
        if (listing.boostedUntil && listing.boostedUntil > clock())
          throw new ApiError(409, 'ALREADY_BOOSTED');
        const before = await allowanceOf(tx, userId, member.plan);
        if (before.left === 0) throw new ApiError(409, 'BOOSTS_USED_UP');

        const endsAt = later(clock, BOOST_DAYS * 24 * 3600 * 1000);
        const boost = (
          await tx
            .insert(listingBoosts)
            .values({ listingId, userId, endsAt })
            .returning({ id: listingBoosts.id })
        )[0]!;
        // To the top of newest-first now, and first in Best match while it lasts (the rank follows).
        await tx
          .update(listings)
          .set({ boostedUntil: endsAt, listedAt: sql`now()` })
          .where(eq(listings.id, listingId));
        await enqueueJob(tx, BOOST_ENDED_JOB, { listingId, boostId: boost.id }, { runAt: endsAt });
        return {
          listingId,
          boostedUntil: endsAt.toISOString(),
          allowance: { ...before, used: before.used + 1, left: before.left - 1 },
        };
      });
      deps.wakeJobs();
      return result;
    },
  };
}

export type BoostsService = ReturnType<typeof createBoostsService>;
