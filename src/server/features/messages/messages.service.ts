import { and, desc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { SessionUser } from '@common/schemas/auth';
import { publicName } from '@common/labels';
import {
  CONVERSATIONS_PAGE,
  MESSAGES_PAGE,
  type ConversationSummary,
  type MessagePage,
  type Thread,
} from '@common/schemas/messages';
import type { OfferEvent } from '@common/schemas/offers';
import type { OrderStatus } from '@common/schemas/orders';
import { checkoutOffered, type PaymentsMode } from '../orders/payments-mode';
import type { Notification, NotificationSettings } from '@common/schemas/notifications';
import type { StoredPhoto } from '@common/photos';
import type { Db, Executor, Tx } from '../../db/client';
import { conversations, listings, messages, offers, orders, payoutAccounts, users } from '../../db/schema';
import { newestOffer } from '../offers/offer-view';
import { ApiError } from '../../http/api-error';
import type { Storage } from '../../storage/storage';
import type { RealtimeHub } from '../../realtime/hub';
import { photoView } from '../../cards/listing-card';
import type { NotificationsService } from '../notifications/notifications.service';
import { isUuid } from '../../http/ids';
import { lockMembers } from '../../db/member-state';
import { containsPattern } from '../../db/like';
import { before, decodeKeyset, encodeKeyset, exactTime, type Keyset } from '../../db/keyset';
import { assertNotBlocked } from '../trust/trust.service';

import { messageSending, toMessage, type MessageRow, type NewMessage, type Sender } from './sending';
import { systemClock, type Clock } from '../../clock';

export { toMessage };

export interface MessagesDeps {
  db: Db;
  storage: Storage;
  realtime: RealtimeHub;
  notifications: NotificationsService;
  /** Plans the email for a member who may not see the message live, in the message's transaction. */
  planMissedEmail: (
    executor: Executor,
    conversationId: string,
    receiverId: string,
    settings: NotificationSettings,
  ) => Promise<void>;
  /** Tells this instance's job worker that work is waiting. */
  wakeJobs: () => void;
  /** How deals are paid (payments-mode.ts): "Pay now" only when not `off`. */
  payments?: PaymentsMode;
  clock?: Clock;
}

/**
 * Conversations (one per listing and buyer) and their messages. Only the two members of a
 * conversation can read or write it; anyone else is told it does not exist.
 */
export function createMessagesService(deps: MessagesDeps) {
  const { db, storage, realtime, notifications } = deps;
  const clock = deps.clock ?? systemClock;

  const { storeMessage, delivered, openConversation } = messageSending(deps);

  /**
   * Where the conversation's deal stands, in one statement: its newest order, and whether its seller
   * takes payment here (payouts ready), for "Pay now" on an accepted offer.
   */
  async function dealOf(conversationId: string) {
    const [row] = (
      await db.execute<{ order: { id: string; status: OrderStatus } | null; payouts: string | null }>(sql`
        select
          (select json_build_object('id', o.id, 'status', o.status) from ${orders} o
            where o.conversation_id = c.id order by o.created_at desc limit 1) as "order",
          (select p.state from ${payoutAccounts} p where p.user_id = c.seller_id) as payouts
        from ${conversations} c where c.id = ${conversationId}`)
    ).rows;
    return { order: row?.order ?? null, checkout: checkoutOffered(deps.payments ?? 'off', row?.payouts) };
  }

  /**
   * The conversations `page` names (its `id`s, newest activity first), as this member sees them: the
   * listing (or what it was), the other member, the last message and how many of theirs are unread.
   */
  async function describe(userId: string, page: SQL) {
    const rows = await db.execute<{
      id: string;
      at: string;
      listing_id: string | null;
      title: string;
      price_cents: number;
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
      with page as (${page})
      select c.id, ${exactTime(sql`c.last_message_at`)} as at, l.id as listing_id,
             coalesce(l.title, c.listing_title, '') as title,
             coalesce(l.price_cents, c.listing_price_cents, 0) as price_cents,
             case when l.id is not null then l.photos
                  when c.listing_photo is not null then jsonb_build_array(c.listing_photo)
                  else '[]'::jsonb end as photos, c.buyer_id,
             u.id as other_id, u.first_name, u.last_name, u.deleted_at is not null as other_deleted,
             m.content as last_content, m.offer as last_offer, m.created_at as last_at, m.sender_id as last_sender,
             (select count(*)::int from ${messages} r
               where r.conversation_id = c.id and r.receiver_id = ${userId} and r.read_at is null) as unread
      from page p
      join ${conversations} c on c.id = p.id
      left join ${listings} l on l.id = c.listing_id
      join ${users} u on u.id = case when c.buyer_id = ${userId} then c.seller_id else c.buyer_id end
      left join lateral (
        select content, offer, created_at, sender_id from ${messages}
        where conversation_id = c.id order by created_at desc, id desc limit 1
      ) m on true
      order by c.last_message_at desc, c.id desc`);
    return rows.rows.map((row) => ({
      at: row.at,
      summary: {
        id: row.id,
        listing: {
          id: row.listing_id,
          title: row.title,
          priceCents: row.price_cents,
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
      } satisfies ConversationSummary,
    }));
  }

  /**
   * A page of the member's conversations, newest activity first, from `cursor` on. The member's side
   * as buyer and as seller are each read from their own index in order and merged, so a page reads
   * about a page of rows however many conversations the member has; a search filters as it reads.
   */
  async function inbox(userId: string, query: { search?: string | undefined; cursor?: string | undefined }) {
    const search = query.search?.trim().toLowerCase();
    const after = query.cursor ? decodeKeyset(query.cursor) : null;
    const take = CONVERSATIONS_PAGE + 1;
    const side = (own: 'buyer_id' | 'seller_id', other: 'buyer_id' | 'seller_id') => sql`(
      select c.id, c.last_message_at from ${conversations} c
      ${
        search
          ? sql`left join ${listings} l on l.id = c.listing_id join ${users} u on u.id = c.${sql.raw(other)}`
          : sql``
      }
      where c.${sql.raw(own)} = ${userId}
        ${after ? sql`and ${before(sql`c.last_message_at`, sql`c.id`, after)}` : sql``}
        ${
          search
            ? // The other member is found by the name this member sees (first name, last initial) only.
              sql`and (lower(coalesce(l.title, c.listing_title, '')) like ${containsPattern(search)}
                or lower(trim(coalesce(u.first_name, '')) || coalesce(' ' || nullif(left(trim(u.last_name), 1), '') || '.', ''))
                  like ${containsPattern(search)})`
            : sql``
        }
      order by c.last_message_at desc, c.id desc limit ${take})`;
    const rows = await describe(
      userId,
      sql`select id, last_message_at from (${side('buyer_id', 'seller_id')} union all ${side('seller_id', 'buyer_id')}) mine
        order by last_message_at desc, id desc limit ${take}`,
    );
    const shown = rows.slice(0, CONVERSATIONS_PAGE);
    const last = shown[shown.length - 1];
    return {
      conversations: shown.map((row) => row.summary),
      nextCursor:
        rows.length > CONVERSATIONS_PAGE && last ? encodeKeyset({ at: last.at, id: last.summary.id }) : null,
    };
  }

  /** Messages of a conversation, oldest first: the newest page, or the page before `position`. */
  async function readPage(conversationId: string, position: Keyset | null): Promise<MessagePage> {
    const rows = await db
      .select({ message: messages, at: exactTime(messages.createdAt) })
      .from(messages)
      .where(
        and(
          eq(messages.conversationId, conversationId),
          position ? before(messages.createdAt, messages.id, position) : undefined,
        ),
      )
      .orderBy(desc(messages.createdAt), desc(messages.id))
      .limit(MESSAGES_PAGE + 1);
    const page = rows.slice(0, MESSAGES_PAGE);
    const oldest = page[page.length - 1];
    return {
      messages: page.reverse().map((row) => toMessage(row.message)),
      nextCursor:
        rows.length > MESSAGES_PAGE && oldest ? encodeKeyset({ at: oldest.at, id: oldest.message.id }) : null,
    };
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
    inbox,
    openConversation,

    /**
     * A message written by the app for a member (a step of an offer), in the caller's transaction with
     * its notification; `deliver` the result once that has committed.
     */
    async post(tx: Tx, values: NewMessage & { offer: OfferEvent }, sender: Sender) {
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
      await delivered(posted.message, posted.notification);
    },

    async unreadTotal(userId: string): Promise<number> {
      const rows = await db.execute<{ n: number }>(
        sql`select count(*)::int as n from ${messages} where ${messages.receiverId} = ${userId} and ${messages.readAt} is null`,
      );
      return rows.rows[0]?.n ?? 0;
    },

    /** A conversation and its newest page of messages, oldest first, with where its deal stands. */
    async thread(userId: string, conversationId: string): Promise<Thread> {
      await membersConversation(userId, conversationId);
      const [described] = await describe(
        userId,
        sql`select id, last_message_at from ${conversations} where id = ${conversationId}`,
      );
      return {
        conversation: described!.summary,
        ...(await readPage(conversationId, null)),
        offer: await newestOffer(db, eq(offers.conversationId, conversationId), userId, clock()),
        ...(await dealOf(conversationId)),
      };
    },

    /** The page of a conversation's messages before `cursor` (a thread's or a page's `nextCursor`), or the newest. */
    async messagePage(userId: string, conversationId: string, cursor?: string): Promise<MessagePage> {
      const position = cursor ? decodeKeyset(cursor) : null;
      await membersConversation(userId, conversationId);
      return readPage(conversationId, position);
    },

    /** Marks what the member received in this conversation as read, and tells both members. */
    async markRead(userId: string, conversationId: string): Promise<number> {
      const conversation = await membersConversation(userId, conversationId);
      const readAt = clock();
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
      const result = await db.transaction(async (tx) => {
        // Checked again where it is written: a deletion or suspension that came in between wins.
        await lockMembers(tx, { actor: user.id, receiver: receiverId });
        return storeMessage(
          tx,
          { conversationId, senderId: user.id, receiverId, content, clientId },
          user,
          settings,
        );
      });
      if (result.created) await delivered(result.message, result.notification);
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
        // The sender's and the seller's rows first: refused if either was suspended or deleted since.
        await lockMembers(tx, { actor: user.id, owner: seller[0]!.userId });
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
      if (result.created) await delivered(result.message, result.notification);
      return result;
    },

    /**
     * A seller writes first, about one of their listings on the market, to a member who wants the part
     * (parts wanted's "I have this"): the conversation with that buyer about the listing, started when
     * there is none, and the message. `within` runs in the same transaction before the message is
     * stored (the answer's plan counter), so a refused answer leaves nothing.
     */
    async answerWanted(
      seller: SessionUser,
      input: { listingId: string; buyerId: string; content: string },
      within: (tx: Tx, conversationId: string) => Promise<void>,
    ): Promise<string> {
      const settings = await notifications.settingsFor(input.buyerId);
      const result = await db.transaction(async (tx) => {
        await lockMembers(tx, { actor: seller.id, receiver: input.buyerId });
        const rows = await tx
          .select()
          .from(listings)
          .where(and(eq(listings.id, input.listingId), eq(listings.userId, seller.id)))
          .for('share');
        const listing = rows[0];
        if (!listing) throw new ApiError(404, 'NOT_FOUND');
        if (listing.isSold) throw new ApiError(400, 'LISTING_SOLD');
        await assertNotBlocked(tx, seller.id, input.buyerId);
        await tx
          .insert(conversations)
          .values({ listingId: listing.id, buyerId: input.buyerId, sellerId: seller.id })
          .onConflictDoNothing();
        const [conversation] = await tx
          .select({ id: conversations.id })
          .from(conversations)
          .where(and(eq(conversations.listingId, listing.id), eq(conversations.buyerId, input.buyerId)));
        await within(tx, conversation!.id);
        const stored = await storeMessage(
          tx,
          {
            conversationId: conversation!.id,
            senderId: seller.id,
            receiverId: input.buyerId,
            content: input.content,
          },
          seller,
          settings,
        );
        return { conversationId: conversation!.id, ...stored };
      });
      if (result.created) await delivered(result.message, result.notification);
      return result.conversationId;
    },
  };
}

export type MessagesService = ReturnType<typeof createMessagesService>;
