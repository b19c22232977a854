import { ORDER_STATUSES } from './orders';
import { z } from 'zod';
import { cents } from './money';
import { PhotoViewSchema } from './listings';
import { OfferEventSchema, OfferSchema } from './offers';
import { CursorQuerySchema, NextCursorSchema } from './paging';

export const MESSAGE_MAX_LENGTH = 4000;

export const SendMessageSchema = z
  .object({
    content: z
      .string()
      .trim()
      .min(1, 'validation.messageRequired')
      .max(MESSAGE_MAX_LENGTH, 'validation.messageTooLong'),
    /** Chosen by the sender's browser; sending again with the same key stores nothing new. */
    clientId: z.string().min(8).max(64).optional(),
  })
  .meta({ id: 'SendMessage' });

export const MessageSchema = z
  .object({
    id: z.string(),
    conversationId: z.string(),
    senderId: z.string(),
    content: z.string(),
    clientId: z.string().nullable(),
    /** Removed by a moderator: its content is gone. */
    removed: z.boolean(),
    /** A step of an offer (an event card); `content` is then its note. */
    offer: OfferEventSchema.nullable(),
    createdAt: z.string(),
    readAt: z.string().nullable(),
  })
  .meta({ id: 'Message' });
export type Message = z.infer<typeof MessageSchema>;

export const ConversationSummarySchema = z
  .object({
    id: z.string(),
    /** As it was when deleted: then `id` is null and the listing is no longer available. */
    listing: z.object({
      id: z.string().nullable(),
      title: z.string(),
      priceCents: cents(),
      photo: PhotoViewSchema.nullable(),
    }),
    /** `deleted`: the member deleted their account; their messages stay, from "Deleted member". */
    otherMember: z.object({ id: z.string(), name: z.string().nullable(), deleted: z.boolean() }),
    role: z.enum(['buyer', 'seller']),
    lastMessage: z
      .object({
        content: z.string(),
        offer: OfferEventSchema.nullable(),
        createdAt: z.string(),
        fromMe: z.boolean(),
      })
      .nullable(),
    unreadCount: z.number(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

/** Conversations a page, newest activity first. */
export const CONVERSATIONS_PAGE = 30;
/** Messages a page, going back from the newest. */
export const MESSAGES_PAGE = 50;
export const ConversationListQuerySchema = CursorQuerySchema.extend({
  /** Matches the other member's name as shown and the listing's title, across every conversation. */
  search: z.string().max(100).optional(),
});

export const ConversationListSchema = z
  .object({
    conversations: z.array(ConversationSummarySchema),
    unreadTotal: z.number(),
    /** Where the next (older) page starts; null on the last page. */
    nextCursor: NextCursorSchema,
  })
  .meta({ id: 'ConversationList' });
export type ConversationList = z.infer<typeof ConversationListSchema>;

/** `cursor`: a thread's or a page's `nextCursor`; without it, the newest page. */
export const MessagePageQuerySchema = CursorQuerySchema;

/**
 * Messages of a thread, oldest first; the next page is the older one, and `nextCursor` says where it
 * starts (null: no older ones).
 */
export const MessagePageSchema = z
  .object({ messages: z.array(MessageSchema), nextCursor: NextCursorSchema })
  .meta({ id: 'MessagePage' });
export type MessagePage = z.infer<typeof MessagePageSchema>;

/** A conversation with its newest messages; older ones come as `MessagePage`s. */
export const ThreadSchema = MessagePageSchema.extend({
  conversation: ConversationSummarySchema,
  /** The newest offer between the two on this listing, if any (its answer buttons). */
  offer: OfferSchema.nullable(),
  /** The newest order placed from this conversation, if any (a link to its page). */
  order: z.object({ id: z.string(), status: z.enum(ORDER_STATUSES) }).nullable(),
  /** Whether the seller takes payment here (payouts ready): "Pay now" on an accepted offer. */
  checkout: z.boolean(),
}).meta({ id: 'Thread' });
export type Thread = z.infer<typeof ThreadSchema>;
