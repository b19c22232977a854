import { and, asc, eq, isNull, or, sql } from 'drizzle-orm';
import { PLAN_DETAILS } from '@common/catalog';
import type { SessionUser } from '@common/schemas/auth';
import { publicName } from '@common/labels';
import type { ConversationSummary, Message } from '@common/schemas/messages';
import type { OfferEvent } from '@common/schemas/offers';
import type { Notification, NotificationSettings } from '@common/schemas/notifications';
import type { StoredPhoto } from '@common/photos';
import type { Db, Tx } from '../../db/client';
import { conversations, listings, messages, offers, users } from '../../db/schema';
import { newestOffer } from '../offers/offer-view';
import { ApiError } from '../../http/api-error';
import type { Storage } from '../../storage/storage';
import type { RealtimeHub } from '../../realtime/hub';
import { photoView } from '../listings/listings.service';
import type { NotificationsService } from '../notifications/notifications.service';
import { isUuid } from '../../http/ids';
import { assertWithinQuota } from '../../db/member-quota';
import { containsPattern } from '../../db/like';
import { assertNotBlocked } from '../trust/trust.service';

type MessageRow = typeof messages.$inferSelect;
/** Who a message is from, for the receiver's notification. */
type Sender = { firstName: string | null; lastName: string | null };

export function toMessage(row: MessageRow): Message {
  return {
    id: row.id,
    conversationId: row.conversationId,
    senderId: row.senderId,
    content: row.content,
    clientId: row.clientId,
    removed: row.removedAt !== null,
    offer: row.offer ?? null,
    createdAt: row.createdAt.toISOString(),
    readAt: row.readAt?.toISOString() ?? null,
  };
}

/**
 * Conversations (one per listing and buyer) and their messages. Only the two members of a
 * conversation can read or write it; anyone else is told it does not exist.
 */
export function createMessagesService(deps: {
  db: Db;
  storage: Storage;
  realtime: RealtimeHub;
  notifications: NotificationsService;
  /** Plans the email for a member who may not see the message live. */
  planMissedEmail: (
    conversationId: string,
    receiverId: string,
    settings: NotificationSettings,
  ) => Promise<void>;
}) {
  const { db, storage, realtime, notifications } = deps;

  /**
   * In the transaction that stores a new message: the receiver's notification (one per conversation
   * while unread). The conversation's row is locked by the message's insert, and `markRead` takes the
   * same lock, so a conversation being read never reads a notification for a message it has not seen.
   */
  async function noteMessage(tx: Tx, message: MessageRow, sender: Sender, settings: NotificationSettings) {
    const about = await tx.execute<{ title: string; unread: number }>(sql`
      select coalesce(l.title, c.listing_title, '') as title,
        (select count(*)::int from ${messages} m where m.conversation_id = c.id
          and m.receiver_id = ${message.receiverId} and m.read_at is null) as unread
      from ${conversations} c left join ${listings} l on l.id = c.listing_id
      where c.id = ${message.conversationId}`);
    const name = publicName(sender.firstName, sender.lastName) ?? undefined;
    const listingTitle = about.rows[0]?.title ?? '';
    return notifications.store(tx, {
      settings,
      userId: message.receiverId,
      ...(message.offer
        ? {
            type: 'offer' as const,
            data: { name, listingTitle, price: message.offer.amount, action: message.offer.action },
          }
        : {
            type: 'message' as const,
            data: {
              name,
              listingTitle,
              preview: message.content.slice(0, 140),
              count: about.rows[0]?.unread ?? 1,
            },
          }),
      link: `/messages/${message.conversationId}`,
      groupKey: `conversation:${message.conversationId}`,
    });
  }

  /**
   * After a new message and its notification committed: both members' open tabs get the message, the
   * receiver the notification and new counts, and, when away, an email later.
   */
  async function delivered(
    message: MessageRow,
    notification: Notification | null,
    settings: NotificationSettings,
  ) {
    await realtime.publish(
      [message.senderId, message.receiverId],
      [{ type: 'message', conversationId: message.conversationId, message: toMessage(message) }],
    );
    if (notification) await notifications.deliver(message.receiverId, notification);
    else await notifications.pushCounts(message.receiverId);
    await deps.planMissedEmail(message.conversationId, message.receiverId, settings);
  }

  /**
   * Stores a message (once per sender and clientId) and, when it is new, its notification, in the
   * caller's transaction.
   */
  async function storeMessage(
    tx: Tx,
    values: Parameters<typeof insertMessage>[1],
    sender: Sender,
    settings: NotificationSettings,
  ) {
    const result = await insertMessage(tx, values);
    const notification = result.created ? await noteMessage(tx, result.message, sender, settings) : null;
    return { ...result, notification };
  }

  /** Stores a message once per (sender, clientId): a retry returns the first copy. */
  async function insertMessage(
    tx: Tx,
    values: {
      conversationId: string;
      senderId: string;
      receiverId: string;
      content: string;
      clientId?: string | undefined;
      offer?: OfferEvent | undefined;
    },
  ): Promise<{ message: MessageRow; created: boolean }> {
    const inserted = await tx
      .insert(messages)
      // The clock, not the transaction's start: two messages stored in one transaction (an offer and
      // its automatic decline) keep their order.
      .values({
        ...values,
        clientId: values.clientId ?? null,
        offer: values.offer ?? null,
        createdAt: sql`clock_timestamp()`,
      })
      .onConflictDoNothing()
      .returning();
    if (inserted[0]) {
      await tx
        .update(conversations)
        .set({ lastMessageAt: inserted[0].createdAt })
        .where(eq(conversations.id, values.conversationId));
      return { message: inserted[0], created: true };
    }
    const existing = await tx
      .select()
      .from(messages)
      .where(and(eq(messages.senderId, values.senderId), eq(messages.clientId, values.clientId ?? '')))
      .limit(1);
    if (!existing[0]) throw new Error('message conflict without a stored copy');
    return { message: existing[0], created: false };
  }

  /**
   * The buyer's conversation about this listing, started when there is none yet (counted against the
   * plan's new conversations per calendar month), in the caller's transaction.
   */
  async function openConversation(
    tx: Tx,
    buyer: SessionUser,
    listing: { id: string; userId: string },
  ): Promise<string> {
    const existing = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, buyer.id)))
      .limit(1);
    if (existing[0]) return existing[0].id;
    await assertWithinQuota(tx, {
      table: conversations,
      owner: conversations.buyerId,
      userId: buyer.id,
      limit: PLAN_DETAILS[buyer.plan].newConversationsPerMonth,
      error: 'CONVERSATION_LIMIT',
      counts: sql`${conversations.createdAt} >= date_trunc('month', now())`,
    });
    await tx
      .insert(conversations)
      .values({ listingId: listing.id, buyerId: buyer.id, sellerId: listing.userId })
      .onConflictDoNothing();
    const created = await tx
      .select({ id: conversations.id })
      .from(conversations)
      .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, buyer.id)))
      .limit(1);
    return created[0]!.id;
  }

  async function summaries(
    userId: string,
    filter?: { conversationId?: string; search?: string },
  ): Promise<ConversationSummary[]> {
    const search = filter?.search?.trim().toLowerCase();
    const rows = await db.execute<{
      id: string;
      listing_id: string | null;
      title: string;
      price: string;
      photos: StoredPhoto[];
      buyer_id: string;
      other_id: string;
      first_name: string | null;
      last_name: string | null;
      other_deleted: boolean;
      last_content: string | null;
      last_offer: OfferEvent | null;
      last_at: string | null;
      last_sender: string | null;
      unread: number;
    }>(sql`
      select c.id, l.id as listing_id, coalesce(l.title, c.listing_title, '') as title,
             coalesce(l.price, c.listing_price, 0)::text as price,
             case when l.id is not null then l.photos
                  when c.listing_photo is not null then jsonb_build_array(c.listing_photo)
                  else '[]'::jsonb end as photos, c.buyer_id,
             u.id as other_id, u.first_name, u.last_name, u.deleted_at is not null as other_deleted,
             m.content as last_content, m.offer as last_offer, m.created_at as last_at, m.sender_id as last_sender,
             (select count(*)::int from ${messages} r
               where r.conversation_id = c.id and r.receiver_id = ${userId} and r.read_at is null) as unread
      from ${conversations} c
      left join ${listings} l on l.id = c.listing_id
      join ${users} u on u.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end
      left join lateral (
        select content, offer, created_at, sender_id from ${messages}
        where conversation_id = c.id order by created_at desc limit 1
      ) m on true
      where (c.buyer_id = ${userId} or c.seller_id = ${userId})
        ${filter?.conversationId ? sql`and c.id = ${filter.conversationId}` : sql``}
        ${
          search
            ? // The other member is found by the name this member sees (first name, last initial) only.
              sql`and (lower(coalesce(l.title, c.listing_title, '')) like ${containsPattern(search)}
                or lower(trim(coalesce(u.first_name, '')) || coalesce(' ' || nullif(left(trim(u.last_name), 1), '') || '.', ''))
                  like ${containsPattern(search)})`
            : sql``
        }
      order by c.last_message_at desc
      limit 200`);
    return rows.rows.map((row) => ({
      id: row.id,
      listing: {
        id: row.listing_id,
        title: row.title,
        price: Number(row.price).toFixed(2),
        photo: row.photos[0] ? photoView(storage, row.photos[0]) : null,
      },
      otherMember: {
        id: row.other_id,
        name: publicName(row.first_name, row.last_name),
        deleted: row.other_deleted,
      },
      role: row.buyer_id === userId ? ('buyer' as const) : ('seller' as const),
      lastMessage:
        row.last_content !== null && row.last_at
          ? {
              content: row.last_content,
              offer: row.last_offer,
              createdAt: new Date(row.last_at).toISOString(),
              fromMe: row.last_sender === userId,
            }
          : null,
      unreadCount: row.unread,
    }));
  }

  async function membersConversation(userId: string, conversationId: string) {
    if (!isUuid(conversationId)) throw new ApiError(404, 'NOT_FOUND');
    const rows = await db
      .select()
      .from(conversations)
      .where(
        and(
          eq(conversations.id, conversationId),
          or(eq(conversations.buyerId, userId), eq(conversations.sellerId, userId)),
        ),
      )
      .limit(1);
    if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
    return rows[0];
  }

  return {
    summaries,
    openConversation,

    /**
     * A message written by the app for a member (a step of an offer), in the caller's transaction with
     * its notification; `deliver` the result once that has committed.
     */
    async post(tx: Tx, values: Parameters<typeof insertMessage>[1] & { offer: OfferEvent }, sender: Sender) {
      const settings = await notifications.settingsFor(values.receiverId, tx);
      const result = await storeMessage(tx, values, sender, settings);
      return { ...result, settings };
    },

    /** After `post`'s transaction committed: live to both members, the notification, the email plan. */
    async deliver(posted: {
      message: MessageRow;
      notification: Notification | null;
      settings: NotificationSettings;
    }) {
      await delivered(posted.message, posted.notification, posted.settings);
    },

    async unreadTotal(userId: string): Promise<number> {
      const rows = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${messages} where ${messages.receiverId} = ${userId} and ${messages.readAt} is null`,
      );
      return rows.rows[0]?.n ?? 0;
    },

    /** A conversation and its messages, oldest first (the newest 500). */
    async thread(userId: string, conversationId: string) {
      await membersConversation(userId, conversationId);
      const [summary] = await summaries(userId, { conversationId });
      const rows = await db.execute<{ id: string }>(sql`
        select id from ${messages} where ${messages.conversationId} = ${conversationId}
        order by ${messages.createdAt} desc limit 500`);
      const ids = rows.rows.map((r) => r.id);
      const list = ids.length
        ? await db
            .select()
            .from(messages)
            .where(and(eq(messages.conversationId, conversationId), sql`${messages.id} in ${ids}`))
            .orderBy(asc(messages.createdAt), asc(messages.id))
        : [];
      return {
        conversation: summary!,
        messages: list.map(toMessage),
        offer: await newestOffer(db, eq(offers.conversationId, conversationId), userId),
      };
    },

    /** Marks what the member received in this conversation as read, and tells both members. */
    async markRead(userId: string, conversationId: string): Promise<number> {
      const conversation = await membersConversation(userId, conversationId);
      const readAt = new Date();
      const updated = await db.transaction(async (tx) => {
        // The lock a new message's insert takes: a message arriving meanwhile is read with its
        // notification, or comes after both and stays unread with its own.
        await tx.execute(sql`select 1 from ${conversations} where id = ${conversationId} for no key update`);
        const read = await tx
          .update(messages)
          .set({ readAt })
          .where(
            and(
              eq(messages.conversationId, conversationId),
              eq(messages.receiverId, userId),
              isNull(messages.readAt),
            ),
          )
          .returning({ id: messages.id });
        await notifications.markGroupRead(tx, userId, `conversation:${conversationId}`);
        return read;
      });
      if (updated.length) {
        await realtime.publish(
          [conversation.buyerId, conversation.sellerId],
          [{ type: 'read', conversationId, readerId: userId, readAt: readAt.toISOString() }],
        );
      }
      await notifications.pushCounts(userId);
      return updated.length;
    },

    /** A reply in an existing conversation (never limited by plan). */
    async reply(user: SessionUser, conversationId: string, content: string, clientId?: string) {
      const conversation = await membersConversation(user.id, conversationId);
      const receiverId = conversation.buyerId === user.id ? conversation.sellerId : conversation.buyerId;
      const receiver = await db.query.users.findFirst({
        columns: { deletedAt: true },
        where: eq(users.id, receiverId),
      });
      // The conversation stays readable; nobody is there to answer.
      if (receiver?.deletedAt) throw new ApiError(409, 'MEMBER_DELETED');
      await assertNotBlocked(db, user.id, receiverId);
      const settings = await notifications.settingsFor(receiverId);
      const result = await db.transaction((tx) =>
        storeMessage(
          tx,
          { conversationId, senderId: user.id, receiverId, content, clientId },
          user,
          settings,
        ),
      );
      if (result.created) await delivered(result.message, result.notification, settings);
      return result;
    },

    /**
     * Contact Seller: continues the buyer's conversation about this listing, or starts one (counted
     * against the plan's new conversations per calendar month).
     */
    async contactSeller(user: SessionUser, listingId: string, content: string, clientId?: string) {
      const seller = await db
        .select({ userId: listings.userId })
        .from(listings)
        .where(eq(listings.id, listingId));
      if (!seller[0]) throw new ApiError(404, 'NOT_FOUND');
      const settings = await notifications.settingsFor(seller[0].userId);
      const result = await db.transaction(async (tx) => {
        // Held to the end: the listing cannot be deleted or sold while the message is stored.
        const rows = await tx.select().from(listings).where(eq(listings.id, listingId)).for('share');
        const listing = rows[0];
        if (!listing) throw new ApiError(404, 'NOT_FOUND');
        if (listing.userId === user.id) throw new ApiError(400, 'OWN_LISTING');
        if (listing.isSold) throw new ApiError(400, 'LISTING_SOLD');
        await assertNotBlocked(tx, user.id, listing.userId);
        const conversationId = await openConversation(tx, user, listing);
        const result = await storeMessage(
          tx,
          { conversationId, senderId: user.id, receiverId: listing.userId, content, clientId },
          user,
          settings,
        );
        return { conversationId, ...result };
      });
      if (result.created) await delivered(result.message, result.notification, settings);
      return result;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
