import { clip } from '@common/text';
import { and, eq, sql } from 'drizzle-orm';
import { PLAN_DETAILS } from '@common/catalog';
import type { SessionUser } from '@common/schemas/auth';
import { publicName } from '@common/labels';
import type { Message } from '@common/schemas/messages';
import type { OfferEvent } from '@common/schemas/offers';
import type { Notification, NotificationSettings } from '@common/schemas/notifications';
import type { Tx } from '../../db/client';
import { conversations, listings, messages } from '../../db/schema';
import { assertWithinQuota } from '../../db/member-quota';
import type { MessagesDeps } from './messages.service';

export type MessageRow = typeof messages.$inferSelect;
/** Who a message is from, for the receiver's notification. */
export type Sender = { firstName: string | null; lastName: string | null };

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

/** A message to store: its conversation, both members, its words, and the sender's id for retries. */
export interface NewMessage {
  conversationId: string;
  senderId: string;
  receiverId: string;
  content: string;
  clientId?: string | undefined;
  offer?: OfferEvent | undefined;
}

/**
 * Storing a message: once per sender and client id, with the receiver's notification and the plan of
 * the email for when they are away, in the caller's transaction; then delivering it live.
 */
export function messageSending(deps: MessagesDeps) {
  const { realtime, notifications } = deps;

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
            data: {
              name,
              listingTitle,
              priceCents: message.offer.amountCents,
              action: message.offer.action,
            },
          }
        : {
            type: 'message' as const,
            data: {
              name,
              listingTitle,
              preview: clip(message.content, 140),
              count: about.rows[0]?.unread ?? 1,
            },
          }),
      link: `/messages/${message.conversationId}`,
      groupKey: `conversation:${message.conversationId}`,
    });
  }

  /**
   * After a new message and its notification committed: both members' open tabs get the message, the
   * receiver the notification and new counts; the email planned with the message (for when they are
   * away) is looked at soon.
   */
  async function delivered(message: MessageRow, notification: Notification | null) {
    await realtime.publish(
      [message.senderId, message.receiverId],
      [{ type: 'message', conversationId: message.conversationId, message: toMessage(message) }],
    );
    if (notification) await notifications.deliver(message.receiverId, notification);
    else await notifications.pushCounts(message.receiverId);
    deps.wakeJobs();
  }

  /**
   * Stores a message (once per sender and clientId) and, when it is new, its notification and the plan
   * of its email, in the caller's transaction (so a message is never stored without its email's job).
   */
  async function storeMessage(tx: Tx, values: NewMessage, sender: Sender, settings: NotificationSettings) {
    const result = await insertMessage(tx, values);
    const notification = result.created ? await noteMessage(tx, result.message, sender, settings) : null;
    if (result.created)
      await deps.planMissedEmail(tx, result.message.conversationId, result.message.receiverId, settings);
    return { ...result, notification };
  }

  /** Stores a message once per (sender, clientId): a retry returns the first copy. */
  async function insertMessage(
    tx: Tx,
    values: NewMessage,
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

  return { storeMessage, delivered, openConversation };
}
