import { eq, inArray, like, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { containsPattern, escapeLike } from '../../db/like';
import { lockMemberForChange } from '../../db/member-state';
import { settleOrdersOf } from '../orders/orders.service';
import {
  accounts,
  billingAccounts,
  communityComments,
  communityLikes,
  communityPosts,
  contactMessages,
  conversationEmails,
  conversations,
  dataExports,
  emailChanges,
  favourites,
  jobs,
  listings,
  mailOutbox,
  notifications,
  notificationSettings,
  offers,
  reviews,
  pendingRegistrations,
  planChanges,
  presence,
  profiles,
  rateLimits,
  savedSearches,
  sessions,
  signInChallenges,
  socialLinkRequests,
  twoFactors,
  uploads,
  users,
  vehicles,
  verifications,
} from '../../db/schema';
import { removeFiles } from '../../storage/removals';
import type { Storage } from '../../storage/storage';
import { exportPrefix } from './data-export';

/**
 * Erases everything of a member but the messages and reviews they wrote, which stay where they are
 * (from "Deleted member"), and their name in other members' notifications as it was then: their
 * listings (and what hangs on them), photos in storage, fleet, saved searches, favourites, posts,
 * comments and likes, their own notifications, sessions, sign-in methods, social links, plan history,
 * the reviews about them and pending jobs. The `user` row stays as an empty tombstone (`deleted_at`),
 * so those messages and reviews still have an author. One transaction for the database; the files go
 * after it commits. Answers the member's address as it was (for the last email), or null when there
 * was nothing to delete. With `dueBy` (the erasure job), only an account whose deletion is due by then
 * is erased: one restored in the meantime by signing in is left alone.
 */
export async function deleteMember(
  db: Db,
  storage: Storage,
  userId: string,
  now: Date = new Date(),
  options: { dueBy?: Date } = {},
): Promise<string | null> {
  const files = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.userId, userId));
  const email = await db.transaction(async (tx) => {
    // First: the member's writes in flight finish before this, or wait for it and are refused.
    await lockMemberForChange(tx, userId);
    const member = await tx.query.users.findFirst({ where: eq(users.id, userId) });
    if (!member || member.deletedAt) return null;
    if (options.dueBy && !(member.deletionDueAt && member.deletionDueAt <= options.dueBy)) return null;
    // Their open orders first: refunded before shipping, released after (the orders are kept).
    await settleOrdersOf(tx, userId, now);
    await removeTheirListings(tx, userId);
    const byMember = [
      vehicles.userId,
      savedSearches.userId,
      favourites.userId,
      communityLikes.userId,
      communityComments.userId,
      communityPosts.userId,
      notifications.userId,
      notificationSettings.userId,
      conversationEmails.userId,
      presence.userId,
      profiles.userId,
      uploads.userId,
      planChanges.userId,
      billingAccounts.userId,
      sessions.userId,
      accounts.userId,
      twoFactors.userId,
      dataExports.userId,
      emailChanges.userId,
      signInChallenges.userId,
      socialLinkRequests.userId,
      // Their offers on others' listings: nobody is left to answer them (the steps stay as messages).
      offers.buyerId,
    ];
    for (const column of byMember) await tx.delete(column.table).where(eq(column, userId));
    // Their reviews of others stay, with their stars, from "Deleted member"; the reviews about them go.
    await tx.update(reviews).set({ reviewerId: null }).where(eq(reviews.reviewerId, userId));
    await tx.delete(reviews).where(eq(reviews.subjectId, userId));
    // A listing held for them by an accepted offer is back on the market.
    await tx.update(listings).set({ pendingBuyerId: null }).where(eq(listings.pendingBuyerId, userId));
    await tx.delete(verifications).where(like(verifications.identifier, `%:${escapeLike(userId)}`));
    await tx.delete(pendingRegistrations).where(eq(pendingRegistrations.email, member.email));
    await tx
      .delete(contactMessages)
      .where(or(eq(contactMessages.userId, userId), eq(contactMessages.email, member.email)));
    // Counters keyed by their address or id, waiting work about them, mail kept for them here. The
    // address and id are matched exactly: `_` or `%` in an address must not reach another's rows.
    await tx
      .delete(rateLimits)
      .where(
        or(
          like(rateLimits.key, `%:${escapeLike(member.email)}`),
          like(rateLimits.key, `%:${escapeLike(userId)}`),
        ),
      );
    // A job names them as a whole JSON string value: `"a@x.com"`, never inside `"ba@x.com"`.
    await tx
      .delete(jobs)
      .where(
        or(
          sql`${jobs.payload}::text like ${containsPattern(JSON.stringify(userId))}`,
          sql`${jobs.payload}::text like ${containsPattern(JSON.stringify(member.email))}`,
        ),
      );
    await tx.delete(mailOutbox).where(eq(mailOutbox.to, member.email));
    await tx
      .update(users)
      .set({
        email: `deleted-${userId}@deleted.invalid`,
        name: '',
        firstName: null,
        lastName: null,
        phone: null,
        image: null,
        emailVerified: false,
        plan: 'bronze',
        ratingSum: 0,
        ratingCount: 0,
        deletedAt: new Date(),
        deletionDueAt: null,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
    return member.email;
  });
  if (email === null) return null;
  await removeFiles(db, storage, [...files.map(({ key }) => `${key}/`), `${exportPrefix(userId)}/`]);
  return email;
}

/**
 * Their listings go with everything hanging on them. Conversations about them stay (the other member's
 * words are theirs), without the listing's title, price or photo; other members' favourites of them go,
 * and words no listing uses any more leave the search vocabulary.
 */
async function removeTheirListings(tx: Tx, userId: string): Promise<void> {
  const theirs = tx.select({ id: listings.id }).from(listings).where(eq(listings.userId, userId));
  await tx
    .update(conversations)
    .set({ listingTitle: null, listingPriceCents: null, listingPhoto: null })
    .where(or(eq(conversations.sellerId, userId), inArray(conversations.listingId, theirs)));
  await tx.delete(favourites).where(inArray(favourites.listingId, theirs));
  await tx.delete(listings).where(eq(listings.userId, userId));
  await tx.execute(sql`delete from search_words where listings <= 0`);
}
