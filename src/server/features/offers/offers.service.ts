import { and, eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { SessionUser } from '@common/schemas/auth';
import {
  OFFER_HOURS,
  type MakeOfferSchema,
  type Offer,
  type OfferAction,
  type OfferAnswerSchema,
  type OfferParty,
} from '@common/schemas/offers';
import type { Db, Tx } from '../../db/client';
import { lockMembers } from '../../db/member-state';
import { listings, offers, users } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import { isUuid } from '../../http/ids';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import { countHit } from '../../security/rate-limit';
import { later, systemClock, type Clock } from '../../clock';
import type { MessagesService } from '../messages/messages.service';
import { assertNotBlocked } from '../trust/trust.service';
import { toOffer } from './offer-view';
import { assertNoOpenOrder } from '../orders/orders.service';

export const OFFER_EXPIRY_JOB = 'offers.expire';
const ExpiryJob = z.object({ offerId: z.string() });

type OfferRow = typeof offers.$inferSelect;
type Posted = Awaited<ReturnType<MessagesService['post']>>;

/**
 * Automatic declines of one buyer's offers on one listing before that buyer's offers on it are refused
 * for the rest of the window: each automatic decline says only "declined", but free ones would let a
 * buyer bisect the seller's secret floor. Not scaled by RATE_LIMIT_SCALE: it guards a secret, not load.
 */
export const AUTO_DECLINE_LIMIT = { max: 3, windowSeconds: 24 * 3600 };
// Ends with the buyer id, as keys about a member do, so deleting the account clears it.
const autoDeclineKey = (buyerId: string, listingId: string) => `offer-auto-declined:${listingId}:${buyerId}`;

/**
 * Offers on a listing (docs/trust.md, "Offers"): a buyer names an amount, and whoever did not name
 * the amount on the table accepts, declines or counters it within 48 hours. Every step is a message
 * in the buyer's conversation with the seller (an event card, a notification, an email when away),
 * stored in the step's transaction. An accepted offer holds the listing for its buyer ("Pending")
 * until the seller marks it sold or releases it.
 */
export function createOffersService(deps: {
  db: Db;
  messages: MessagesService;
  wakeJobs: () => void;
  clock?: Clock;
}) {
  const { db, messages } = deps;
  const clock = deps.clock ?? systemClock;
  const expiry = () => later(clock, OFFER_HOURS * 3_600_000);

  async function memberName(executor: Db | Tx, id: string) {
    const [row] = await executor
      .select({ firstName: users.firstName, lastName: users.lastName })
      .from(users)
      .where(eq(users.id, id));
    return row ?? { firstName: null, lastName: null };
  }

  /** A step of `offer`, from `from` to the other party, as a message with its event. */
  async function step(tx: Tx, offer: OfferRow, from: OfferParty, action: OfferAction, note = '') {
    const senderId = from === 'buyer' ? offer.buyerId : offer.sellerId;
    const receiverId = from === 'buyer' ? offer.sellerId : offer.buyerId;
    return messages.post(
      tx,
      {
        conversationId: offer.conversationId,
        senderId,
        receiverId,
        content: note,
        offer: { offerId: offer.id, action, amountCents: offer.amountCents },
      },
      await memberName(tx, senderId),
    );
  }

  async function deliverAll(posted: Posted[]) {
    for (const message of posted) await messages.deliver(message);
  }

  /**
   * The listing, locked for this step; refused when nobody can negotiate on it any more. The rows of
   * the member taking the step and of the listing's seller are locked first, and the step refused if
   * either is suspended or deleted (`lockMembers`).
   */
  async function lockListing(tx: Tx, listingId: string, actorId: string) {
    const [owner] = await tx
      .select({ userId: listings.userId })
      .from(listings)
      .where(eq(listings.id, listingId));
    if (!owner) throw new ApiError(404, 'NOT_FOUND');
    await lockMembers(tx, { actor: actorId, owner: owner.userId });
    const [listing] = await tx.select().from(listings).where(eq(listings.id, listingId)).for('update');
    if (!listing || listing.hiddenAt) throw new ApiError(404, 'NOT_FOUND');
    return listing;
  }

  function assertOpenForOffers(listing: typeof listings.$inferSelect) {
    if (listing.isSold) throw new ApiError(409, 'LISTING_SOLD');
    if (listing.pendingBuyerId) throw new ApiError(409, 'LISTING_PENDING');
    if (!listing.negotiable) throw new ApiError(409, 'OFFERS_OFF');
  }

  /** Below the seller's floor: declined at once, for the seller. */
  const belowFloor = (listing: typeof listings.$inferSelect, amountCents: number) =>
    listing.offerFloorCents !== null && amountCents < listing.offerFloorCents;

  /** Where the negotiation stands now: the offer row after the change. */
  async function settle(tx: Tx, offerId: string, status: 'accepted' | 'declined') {
    const [row] = await tx
      .update(offers)
      .set({ status, updatedAt: sql`now()` })
      .where(eq(offers.id, offerId))
      .returning();
    return row!;
  }

  /**
   * Refuses a buyer's offer or counter on a listing once AUTO_DECLINE_LIMIT automatic declines are in
   * its window, whatever the amount, so the refusal says nothing about the floor either.
   */
  async function assertUnderDeclineLimit(tx: Tx, buyerId: string, listingId: string) {
    const result = await tx.execute<{ count: number; retry_seconds: number }>(sql`
      select count, ceil(extract(epoch from (reset_at - now())))::int as retry_seconds
      from rate_limits where key = ${autoDeclineKey(buyerId, listingId)} and reset_at > now()`);
    const row = result.rows[0];
    if (row && row.count >= AUTO_DECLINE_LIMIT.max) {
      throw new ApiError(429, 'OFFER_DECLINE_LIMIT', {
        count: Math.max(1, Math.ceil(row.retry_seconds / 3600)),
      });
    }
  }

  /** An amount the buyer named below the seller's floor: declined at once, for the seller, and counted. */
  async function declineForSeller(tx: Tx, offerId: string, posted: Posted[]) {
    const declined = await settle(tx, offerId, 'declined');
    await countHit(
      tx,
      autoDeclineKey(declined.buyerId, declined.listingId),
      AUTO_DECLINE_LIMIT.windowSeconds,
    );
    posted.push(await step(tx, declined, 'seller', 'auto-declined'));
    return { offer: declined, posted };
  }

  /** An open offer whose 48 hours have passed is expired, with its step, before anything else. */
  async function expireIfDue(offerId: string): Promise<void> {
    const posted = await db.transaction(async (tx) => {
      const [offer] = await tx
        .update(offers)
        .set({ status: 'expired', updatedAt: sql`now()` })
        .where(
          and(
            eq(offers.id, offerId),
            eq(offers.status, 'open'),
            sql`${offers.expiresAt} <= ${clock().toISOString()}::timestamptz`,
          ),
        )
        .returning();
      return offer ? [await step(tx, offer, offer.by, 'expired')] : [];
    });
    await deliverAll(posted);
  }

  return {
    /** A buyer's offer: one open offer per buyer and listing. */
    async make(
      user: SessionUser,
      listingId: string,
      input: z.output<typeof MakeOfferSchema>,
    ): Promise<Offer> {
      if (!isUuid(listingId)) throw new ApiError(404, 'NOT_FOUND');
      const { amountCents, note } = input;
      const open = await db
        .select({ id: offers.id })
        .from(offers)
        .where(and(eq(offers.listingId, listingId), eq(offers.buyerId, user.id), eq(offers.status, 'open')));
      if (open[0]) await expireIfDue(open[0].id);
      const { offer, posted } = await db.transaction(async (tx) => {
        const listing = await lockListing(tx, listingId, user.id);
        if (listing.userId === user.id) throw new ApiError(400, 'OFFER_OWN_LISTING');
        assertOpenForOffers(listing);
        await assertUnderDeclineLimit(tx, user.id, listingId);
        await assertNotBlocked(tx, user.id, listing.userId);
        const conversationId = await messages.openConversation(tx, user, listing);
        const [offer] = await tx
          .insert(offers)
          .values({
            listingId,
            conversationId,
            buyerId: user.id,
            sellerId: listing.userId,
            amountCents,
            by: 'buyer',
            expiresAt: expiry(),
          })
          .onConflictDoNothing()
          .returning();
        if (!offer) throw new ApiError(409, 'OFFER_OPEN');
        const posted = [await step(tx, offer, 'buyer', 'made', note)];
        if (belowFloor(listing, amountCents)) return declineForSeller(tx, offer.id, posted);
        await enqueueJob(tx, OFFER_EXPIRY_JOB, { offerId: offer.id }, { runAt: offer.expiresAt });
        return { offer, posted };
      });
      await deliverAll(posted);
      deps.wakeJobs();
      return toOffer(offer, user.id, clock());
    },

    /** Accept, decline or counter: only by the party who did not name the amount on the table. */
    async answer(
      user: SessionUser,
      offerId: string,
      answer: z.output<typeof OfferAnswerSchema>,
    ): Promise<Offer> {
      if (!isUuid(offerId)) throw new ApiError(404, 'NOT_FOUND');
      await expireIfDue(offerId);
      const { offer, posted } = await db.transaction(async (tx) => {
        const [found] = await tx
          .select({ listingId: offers.listingId })
          .from(offers)
          .where(and(eq(offers.id, offerId), or(eq(offers.buyerId, user.id), eq(offers.sellerId, user.id))));
        if (!found) throw new ApiError(404, 'NOT_FOUND');
        // The listing first, then the offer: the order every step takes its locks in.
        const listing = await lockListing(tx, found.listingId, user.id);
        const [current] = await tx.select().from(offers).where(eq(offers.id, offerId)).for('update');
        if (current!.status !== 'open') throw new ApiError(409, 'OFFER_CLOSED');
        const party: OfferParty = current!.buyerId === user.id ? 'buyer' : 'seller';
        if (current!.by === party) throw new ApiError(409, 'OFFER_NOT_YOUR_TURN');

        if (answer.action === 'decline') {
          const declined = await settle(tx, offerId, 'declined');
          return { offer: declined, posted: [await step(tx, declined, party, 'declined')] };
        }
        assertOpenForOffers(listing);
        await assertNotBlocked(tx, current!.buyerId, current!.sellerId);
        if (answer.action === 'accept') {
          const accepted = await settle(tx, offerId, 'accepted');
          await tx
            .update(listings)
            .set({ pendingBuyerId: current!.buyerId })
            .where(eq(listings.id, listing.id));
          return { offer: accepted, posted: [await step(tx, accepted, party, 'accepted')] };
        }
        if (party === 'buyer') await assertUnderDeclineLimit(tx, current!.buyerId, listing.id);
        const [countered] = await tx
          .update(offers)
          .set({ amountCents: answer.amountCents, by: party, expiresAt: expiry(), updatedAt: sql`now()` })
          .where(eq(offers.id, offerId))
          .returning();
        const posted = [await step(tx, countered!, party, 'countered', answer.note)];
        if (party === 'buyer' && belowFloor(listing, answer.amountCents))
          return declineForSeller(tx, offerId, posted);
        await enqueueJob(tx, OFFER_EXPIRY_JOB, { offerId }, { runAt: countered!.expiresAt });
        return { offer: countered!, posted };
      });
      await deliverAll(posted);
      deps.wakeJobs();
      return toOffer(offer, user.id, clock());
    },

    /** The seller lets an accepted offer go: the listing is back on the market for everyone. */
    async release(user: SessionUser, listingId: string): Promise<void> {
      if (!isUuid(listingId)) throw new ApiError(404, 'NOT_FOUND');
      const posted = await db.transaction(async (tx) => {
        const listing = await lockListing(tx, listingId, user.id);
        if (listing.userId !== user.id) throw new ApiError(404, 'NOT_FOUND');
        if (!listing.pendingBuyerId) throw new ApiError(409, 'LISTING_NOT_PENDING');
        // Paid for: the order settles it (a cancellation puts it back on the market).
        await assertNoOpenOrder(tx, listingId);
        await tx.update(listings).set({ pendingBuyerId: null }).where(eq(listings.id, listingId));
        const [released] = await tx
          .update(offers)
          .set({ status: 'released', updatedAt: sql`now()` })
          .where(
            and(
              eq(offers.listingId, listingId),
              eq(offers.buyerId, listing.pendingBuyerId),
              eq(offers.status, 'accepted'),
            ),
          )
          .returning();
        return released ? [await step(tx, released, 'seller', 'released')] : [];
      });
      await deliverAll(posted);
    },

    jobHandlers: {
      [OFFER_EXPIRY_JOB]: async (payload) => {
        await expireIfDue(ExpiryJob.parse(payload).offerId);
      },
    } satisfies Record<string, JobHandler>,
  };
}

export type OffersService = ReturnType<typeof createOffersService>;
