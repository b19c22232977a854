import { z } from 'zod';
import { PhotoViewSchema } from './listings';

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
      price: z.string(),
      photo: PhotoViewSchema.nullable(),
    }),
    /** `deleted`: the member deleted their account; their messages stay, from "Deleted member". */
    otherMember: z.object({ id: z.string(), name: z.string().nullable(), deleted: z.boolean() }),
    role: z.enum(['buyer', 'seller']),
    lastMessage: z.object({ content: z.string(), createdAt: z.string(), fromMe: z.boolean() }).nullable(),
    unreadCount: z.number(),
  })
  .meta({ id: 'ConversationSummary' });
export type ConversationSummary = z.infer<typeof ConversationSummarySchema>;

export const ConversationListSchema = z
  .object({ conversations: z.array(ConversationSummarySchema), unreadTotal: z.number() })
  .meta({ id: 'ConversationList' });

export const ThreadSchema = z
  .object({ conversation: ConversationSummarySchema, messages: z.array(MessageSchema) })
  .meta({ id: 'Thread' });
export type Thread = z.infer<typeof ThreadSchema>;
