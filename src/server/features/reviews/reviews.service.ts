import { and, desc, eq, isNotNull, isNull, lte, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { PLAN_DETAILS } from '@common/catalog';
import { sellerStanding } from '@common/fees';
import { publicName } from '@common/labels';
import {
  REVIEW_DAYS,
  type Review,
  type ReviewReplySchema,
  type SaleReviewState,
  type SellerProfile,
  type WriteReviewSchema,
} from '@common/schemas/reviews';
import { BROWSE_PAGE_SIZE } from '@common/schemas/browse';
import { ratingOf } from '@common/schemas/rating';
import type { Db, Executor } from '../../db/client';
import { blocks, conversations, listings, reviews, sales, users } from '../../db/schema';
import { completedSalesOf } from '../orders/payments-mode';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import type { ListingsService } from '../listings/listings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { assertSaleNotBlocked } from './sales';
import { askForReviews } from './review-asks';
import { later, systemClock, type Clock } from '../../clock';

/** How many of a seller's reviews their page shows. */
const PROFILE_REVIEWS = 20;

/**
 * Publishes the unpublished reviews that `condition` picks, and adds their stars to their subjects'
 * ratings, in one statement (safe to run twice: a published review is never picked again).
 */
async function publish(executor: Executor, condition: SQL): Promise<void> {
  await executor.execute(sql`
    with published as (
      update ${reviews} set published_at = now()
      where ${reviews.publishedAt} is null and ${condition}
      returning subject_id, rating)
    update "user" u set rating_sum = u.rating_sum + p.stars, rating_count = u.rating_count + p.n
    from (select subject_id, sum(rating)::int as stars, count(*)::int as n from published group by subject_id) p
    where u.id = p.subject_id`);
}

/** Hourly: reviews whose 30 days have passed are published, written by one side or both. */
export function publishDueReviews(db: Db, now: Date): Promise<void> {
  return publish(db, lte(reviews.windowEndsAt, now));
}

/**
 * Reviews after a sale (docs/trust.md, "Reviews"): once a seller marks a listing sold to one of its
 * conversations' buyers and that buyer confirms the purchase, each of the two may review the other
 * once, within 30 days of the confirmation. Reviews stay hidden until both have written or the window
 * closes, so neither writes in answer to the other's; the member reviewed may reply once. Blocking
 * either way stops the confirmation and the reviews. A seller's page shows their rating, reviews and
 * active listings.
 */
export function createReviewsService(deps: {
  db: Db;
  listings: ListingsService;
  notifications: NotificationsService;
  /** Tells the job worker that the asks to review are waiting. */
  wakeJobs: () => void;
  clock?: Clock;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  /**
   * The sale of this listing that the member is part of, newest first: a confirmed one, or the
   * listing's current one while its buyer has not answered (or said no).
   */
  async function saleOf(executor: Executor, listingId: string, userId: string, lock = false) {
    if (!isUuid(listingId)) return null;
    const query = executor
      .select({ sale: sales })
      .from(sales)
      .leftJoin(listings, eq(listings.id, sales.listingId))
      .where(
        and(
          eq(sales.listingId, listingId),
          or(eq(sales.sellerId, userId), eq(sales.buyerId, userId)),
          or(
            eq(sales.status, 'confirmed'),
            eq(sales.status, 'awaiting'),
            and(
              eq(sales.status, 'declined'),
              eq(listings.isSold, true),
              eq(listings.soldToId, sales.buyerId),
            ),
          ),
        ),
      )
      .orderBy(desc(sales.markedAt))
      .limit(1);
    const [found] = lock ? await query.for('update', { of: sales }) : await query;
    if (!found) return null;
    const sale = found.sale;
    const role = userId === sale.sellerId ? ('seller' as const) : ('buyer' as const);
    return {
      ...sale,
      role,
      otherId: role === 'seller' ? sale.buyerId : sale.sellerId,
      answerBy: new Date(sale.markedAt.getTime() + REVIEW_DAYS * 86_400_000),
    };
  }

  function toReview(row: typeof reviews.$inferSelect, reviewer: string | null): Review {
    return {
      id: row.id,
      rating: row.rating,
      text: row.text,
      reviewer,
      role: row.role,
      listingTitle: row.listingTitle,
      createdAt: row.createdAt.toISOString(),
      reply: row.reply && row.repliedAt ? { text: row.reply, createdAt: row.repliedAt.toISOString() } : null,
    };
  }

  return {
    /**
     * The members who messaged about the seller's listing, newest first: whom it may be sold to (never
     * one blocked either way). The buyer it is held for after an accepted offer comes first, flagged.
     */
    async buyersOf(sellerId: string, listingId: string) {
      const [listing] = await db
        .select({ id: listings.id, heldFor: listings.pendingBuyerId })
        .from(listings)
        .where(and(eq(listings.id, listingId), eq(listings.userId, sellerId)));
      if (!listing) throw new ApiError(404, 'NOT_FOUND');
      const rows = await db
        .select({ id: users.id, firstName: users.firstName, lastName: users.lastName })
        .from(conversations)
        .innerJoin(users, eq(users.id, conversations.buyerId))
        .where(
          and(
            eq(conversations.listingId, listingId),
            isNull(users.deletedAt),
            sql`not exists (select 1 from ${blocks} b
              where (b.blocker_id = ${sellerId} and b.blocked_id = ${users.id})
                 or (b.blocker_id = ${users.id} and b.blocked_id = ${sellerId}))`,
          ),
        )
        .orderBy(desc(conversations.lastMessageAt))
        .limit(100);
      return rows
        .map((row) => ({
          id: row.id,
          name: publicName(row.firstName, row.lastName),
          heldFor: row.id === listing.heldFor,
        }))
        .sort((x, y) => Number(y.heldFor) - Number(x.heldFor));
    },

    /** For a sold listing's page: null unless the viewer is its seller or the buyer it was sold to. */
    async stateFor(listingId: string, viewerId: string): Promise<SaleReviewState | null> {
      const sale = await saleOf(db, listingId, viewerId);
      if (!sale) return null;
      const [[other], [mine]] = await Promise.all([
        db
          .select({ firstName: users.firstName, lastName: users.lastName })
          .from(users)
          .where(eq(users.id, sale.otherId)),
        db
          .select()
          .from(reviews)
          .where(and(eq(reviews.saleId, sale.id), eq(reviews.reviewerId, viewerId))),
      ]);
      const now = clock().getTime();
      return {
        role: sale.role,
        other: other ? publicName(other.firstName, other.lastName) : null,
        status:
          sale.status === 'confirmed' ? 'confirmed' : sale.status === 'declined' ? 'declined' : 'awaiting',
        answerBy: sale.answerBy.toISOString(),
        windowEndsAt: sale.windowEndsAt?.toISOString() ?? null,
        open:
          sale.status === 'confirmed'
            ? (sale.windowEndsAt?.getTime() ?? 0) > now
            : sale.status === 'awaiting' && sale.answerBy.getTime() > now,
        mine: mine ? { rating: mine.rating, text: mine.text, published: mine.publishedAt !== null } : null,
      };
    },

    /**
     * The buyer answers "Did you buy this?": yes opens the 30 days of reviews and asks both sides to
     * write theirs (`review-asks.ts`), no closes the sale. Once, while the listing is still sold to
     * them, within 30 days of the marking, and never between members who blocked each other. The
     * question's notification is read once answered.
     */
    async answer(userId: string, listingId: string, bought: boolean): Promise<void> {
      await db.transaction(async (tx) => {
        const sale = await saleOf(tx, listingId, userId, true);
        if (!sale || sale.role !== 'buyer') throw new ApiError(404, 'NOT_FOUND');
        if (sale.status !== 'awaiting') throw new ApiError(409, 'SALE_ANSWERED');
        if (sale.answerBy <= clock()) throw new ApiError(409, 'REVIEW_WINDOW_CLOSED');
        await assertSaleNotBlocked(tx, sale.sellerId, sale.buyerId);
        await tx
          .update(sales)
          .set(
            bought
              ? {
                  status: 'confirmed',
                  answeredAt: sql`now()`,
                  windowEndsAt: later(clock, REVIEW_DAYS * 86_400_000),
                }
              : { status: 'declined', answeredAt: sql`now()` },
          )
          .where(eq(sales.id, sale.id));
        if (bought) await askForReviews(tx, sale.id);
        await deps.notifications.markGroupRead(tx, userId, `sale:${listingId}`);
      });
      deps.wakeJobs();
      await deps.notifications.pushCounts(userId);
    },

    /**
     * The seller's or the buyer's review of the other: once per confirmed sale, within its window,
     * while neither has blocked the other. The sale's row is locked, so two reviews written together
     * see each other and publish both.
     */
    async write(userId: string, listingId: string, input: z.output<typeof WriteReviewSchema>): Promise<void> {
      await db.transaction(async (tx) => {
        const sale = await saleOf(tx, listingId, userId, true);
        if (!sale) throw new ApiError(404, 'NOT_FOUND');
        if (sale.status !== 'confirmed' || !sale.windowEndsAt) throw new ApiError(409, 'SALE_NOT_CONFIRMED');
        if (sale.windowEndsAt <= clock()) throw new ApiError(409, 'REVIEW_WINDOW_CLOSED');
        await assertSaleNotBlocked(tx, sale.sellerId, sale.buyerId);
        const inserted = await tx
          .insert(reviews)
          .values({
            saleId: sale.id,
            listingId,
            listingTitle: sale.listingTitle,
            reviewerId: userId,
            subjectId: sale.otherId,
            role: sale.role,
            rating: input.rating,
            text: input.text,
            windowEndsAt: sale.windowEndsAt,
          })
          .onConflictDoNothing()
          .returning({ id: reviews.id });
        if (!inserted[0]) throw new ApiError(409, 'REVIEW_EXISTS');
        // Both sides of this sale have written: both are published now (never another sale's).
        const written = await tx
          .select({ n: sql<number>`count(*)::int` })
          .from(reviews)
          .where(eq(reviews.saleId, sale.id));
        if ((written[0]?.n ?? 0) >= 2) await publish(tx, sql`${reviews.saleId} = ${sale.id}`);
      });
    },

    /** The member reviewed answers a published review about them, once. */
    async reply(userId: string, reviewId: string, input: z.output<typeof ReviewReplySchema>): Promise<void> {
      if (!isUuid(reviewId)) throw new ApiError(404, 'NOT_FOUND');
      const [review] = await db
        .select()
        .from(reviews)
        .where(and(eq(reviews.id, reviewId), eq(reviews.subjectId, userId), isNotNull(reviews.publishedAt)));
      if (!review) throw new ApiError(404, 'NOT_FOUND');
      const updated = await db
        .update(reviews)
        .set({ reply: input.text, repliedAt: sql`now()` })
        .where(and(eq(reviews.id, reviewId), sql`${reviews.reply} is null`))
        .returning({ id: reviews.id });
      if (!updated[0]) throw new ApiError(409, 'REVIEW_REPLIED');
    },

    /** /seller/{id}: public name, member since, rating, published reviews, active listings. */
    async profile(sellerId: string): Promise<SellerProfile | null> {
      // Member ids are UUIDs: anything else is nobody, answered before the database.
      if (!isUuid(sellerId)) return null;
      const [seller] = await db
        .select({
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          createdAt: users.createdAt,
          plan: users.plan,
          ratingSum: users.ratingSum,
          ratingCount: users.ratingCount,
          deletedAt: users.deletedAt,
          closing: users.deletionDueAt,
          completedSales: completedSalesOf(sellerId),
        })
        .from(users)
        .where(eq(users.id, sellerId));
      // Gone, or being deleted (hidden until the member signs in again or it is erased).
      if (!seller || seller.deletedAt || seller.closing) return null;
      const [rows, active] = await Promise.all([
        db
          .select({ review: reviews, firstName: users.firstName, lastName: users.lastName })
          .from(reviews)
          .leftJoin(users, eq(users.id, reviews.reviewerId))
          .where(and(eq(reviews.subjectId, sellerId), isNotNull(reviews.publishedAt)))
          .orderBy(desc(reviews.publishedAt))
          .limit(PROFILE_REVIEWS),
        deps.listings.bySeller(sellerId, BROWSE_PAGE_SIZE),
      ]);
      return {
        id: seller.id,
        name: publicName(seller.firstName, seller.lastName),
        memberSince: seller.createdAt.toISOString(),
        verified: PLAN_DETAILS[seller.plan].verifiedBadge,
        rating: ratingOf(seller.ratingSum, seller.ratingCount),
        level: sellerStanding(seller.completedSales).level,
        completedSales: seller.completedSales,
        activeListings: active.items,
        activeCount: active.count,
        reviews: rows.map(({ review, firstName, lastName }) =>
          toReview(review, review.reviewerId ? publicName(firstName, lastName) : null),
        ),
      };
    },
  };
}

export type ReviewsService = ReturnType<typeof createReviewsService>;
