import { asc, eq, inArray, lt, or } from 'drizzle-orm';
import { PHOTO_VARIANT_WIDTHS, photoVariantKey, type StoredPhoto } from '@common/photos';
import type { Db } from '../../db/client';
import type { users } from '../../db/schema';
import {
  dataExports,
  communityComments,
  communityPosts,
  conversations,
  favourites,
  listings,
  messages,
  notificationSettings,
  planChanges,
  profiles,
  savedSearches,
  vehicles,
  wantedPosts,
} from '../../db/schema';
import { PRIVATE_PREFIX, type Storage } from '../../storage/storage';

/** A prepared export can be downloaded for this long. */
export const EXPORT_SECONDS = 24 * 3600;

/** Where a member's export lives in storage (removed with the account). */
export const exportPrefix = (userId: string) => `${PRIVATE_PREFIX}${userId}`;

/**
 * Removes data exports past their 24 hours, files and records, on disk or in the bucket alike: each
 * member's export folder whose newest file is older than that (also one whose record is gone, left by
 * a process stopped part way), and the records that have expired. Answers how many folders it removed.
 */
export async function sweepExpiredExports(db: Db, storage: Storage, now = new Date()): Promise<number> {
  const cutoff = now.getTime() - EXPORT_SECONDS * 1000;
  const newest = new Map<string, number>();
  for await (const file of storage.list(PRIVATE_PREFIX)) {
    const folder = file.key.slice(0, file.key.lastIndexOf('/') + 1);
    newest.set(folder, Math.max(newest.get(folder) ?? 0, file.modifiedAt.getTime()));
  }
  let removed = 0;
  for (const [folder, time] of newest)
    if (time < cutoff) {
      await storage.deletePrefix(folder);
      removed++;
    }
  await db.delete(dataExports).where(lt(dataExports.expiresAt, now));
  return removed;
}

/** Each photo's largest variant, where a browser loads it. */
function photoUrls(storage: Storage, photos: StoredPhoto[] | null): string[] {
  return (photos ?? []).map((photo) =>
    storage.publicUrl(photoVariantKey(photo, photo.variants.at(-1) ?? PHOTO_VARIANT_WIDTHS[0])),
  );
}

/**
 * Everything a member gave ModMarket, as one JSON document: profile and preferences, listings with
 * photo URLs, conversations with their messages, fleet, saved searches, favourites, posts and comments, wanted posts,
 * notification settings and plan history. Read table by table, one query each (no query per row).
 */
export async function gatherMemberData(db: Db, storage: Storage, user: typeof users.$inferSelect) {
  const userId = user.id;
  const [profile, ownListings, fleet, searches, saved, posts, comments, settings, plans, threads, wanted] =
    await Promise.all([
      db.query.profiles.findFirst({ where: eq(profiles.userId, userId) }),
      db.select().from(listings).where(eq(listings.userId, userId)).orderBy(asc(listings.createdAt)),
      db.select().from(vehicles).where(eq(vehicles.userId, userId)),
      db.select().from(savedSearches).where(eq(savedSearches.userId, userId)),
      db.select().from(favourites).where(eq(favourites.userId, userId)),
      db.select().from(communityPosts).where(eq(communityPosts.userId, userId)),
      db.select().from(communityComments).where(eq(communityComments.userId, userId)),
      db.query.notificationSettings.findFirst({ where: eq(notificationSettings.userId, userId) }),
      db.select().from(planChanges).where(eq(planChanges.userId, userId)).orderBy(asc(planChanges.createdAt)),
      db
        .select()
        .from(conversations)
        .where(or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId))),
      db.select().from(wantedPosts).where(eq(wantedPosts.userId, userId)).orderBy(asc(wantedPosts.createdAt)),
    ]);
  const threadIds = threads.map((thread) => thread.id);
  const sent = threadIds.length
    ? await db
        .select()
        .from(messages)
        .where(inArray(messages.conversationId, threadIds))
        .orderBy(asc(messages.createdAt))
    : [];
  return {
    exportedAt: new Date().toISOString(),
    profile: {
      email: user.email,
      firstName: user.firstName,
      lastName: user.lastName,
      phone: user.phone || null,
      language: user.locale,
      plan: user.plan,
      memberSince: user.createdAt.toISOString(),
      role: profile?.role ?? null,
      zip: profile?.zip ?? null,
      radiusMiles: profile?.radiusMiles ?? null,
      preferredMakes: profile?.prefMakes ?? [],
      preferredCategories: profile?.prefCategories ?? [],
      shipping: profile?.shipOk ?? false,
      localPickup: profile?.localOk ?? false,
      sellerCategories: profile?.sellerCategories ?? [],
    },
    listings: ownListings.map(({ photos, receiptImage, ...listing }) => ({
      ...listing,
      photos: photoUrls(storage, photos),
      hasReceipt: receiptImage !== null,
    })),
    conversations: threads.map((thread) => ({
      id: thread.id,
      listingId: thread.listingId,
      listingTitle: thread.listingTitle,
      role: thread.buyerId === userId ? 'buyer' : 'seller',
      messages: sent
        .filter((message) => message.conversationId === thread.id)
        .map((message) => ({
          fromMe: message.senderId === userId,
          content: message.content,
          sentAt: message.createdAt.toISOString(),
          readAt: message.readAt?.toISOString() ?? null,
        })),
    })),
    fleet,
    savedSearches: searches,
    favourites: saved,
    communityPosts: posts.map(({ photos, ...post }) => ({ ...post, photos: photoUrls(storage, photos) })),
    communityComments: comments,
    wantedPosts: wanted.map(({ photo, ...post }) => ({
      ...post,
      photos: photoUrls(storage, photo ? [photo] : []),
    })),
    notificationSettings: settings ?? null,
    planHistory: plans,
  };
}
