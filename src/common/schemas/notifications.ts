import { z } from 'zod';
import type { Message } from './messages';
import { CursorQuerySchema, NextCursorSchema } from './paging';

export const NOTIFICATION_TYPES = [
  'message',
  'offer',
  'price_drop',
  'new_listing',
  'wanted_match',
  'sale_update',
  'boost_ended',
  'system',
] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

/**
 * What the client needs to word a notification in the reader's language. Every field is optional:
 * each type uses its own (message: name, listingTitle, preview, count; offer: name, listingTitle,
 * priceCents, action; price_drop: listingTitle,
 * oldPriceCents, priceCents; new_listing: searchName, listingTitle; wanted_match: searchName (the post's title), listingTitle; sale_update and boost_ended: listingTitle;
 * system: title, body).
 */
export const NotificationDataSchema = z.object({
  name: z.string().optional(),
  listingTitle: z.string().optional(),
  preview: z.string().optional(),
  count: z.number().optional(),
  oldPriceCents: z.number().int().optional(),
  priceCents: z.number().int().optional(),
  searchName: z.string().optional(),
  /** offer: the step (made, countered, accepted, …). */
  action: z.string().optional(),
  title: z.string().optional(),
  body: z.string().optional(),
});
export type NotificationData = z.infer<typeof NotificationDataSchema>;

export const NotificationSchema = z
  .object({
    id: z.string(),
    type: z.enum(NOTIFICATION_TYPES),
    data: NotificationDataSchema,
    link: z.string().nullable(),
    read: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof NotificationSchema>;

export const NotificationListSchema = z
  .object({
    notifications: z.array(NotificationSchema),
    unreadCount: z.number(),
    nextCursor: NextCursorSchema,
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof NotificationListSchema>;

export const NotificationListQuerySchema = CursorQuerySchema.extend({
  type: z.enum(NOTIFICATION_TYPES).optional(),
});

export const NotificationSettingsSchema = z
  .object({
    messages: z.boolean(),
    priceDrops: z.boolean(),
    newListings: z.boolean(),
    saleUpdates: z.boolean(),
    systemUpdates: z.boolean(),
    emailNotifications: z.boolean(),
    pushNotifications: z.boolean(),
  })
  .meta({ id: 'NotificationSettings' });
export type NotificationSettings = z.infer<typeof NotificationSettingsSchema>;

export const DEFAULT_NOTIFICATION_SETTINGS: NotificationSettings = {
  messages: true,
  priceDrops: true,
  newListings: true,
  saleUpdates: true,
  systemUpdates: true,
  emailNotifications: true,
  pushNotifications: false,
};

/** Which switch lets a type through. */
export const SETTING_FOR_TYPE: Record<NotificationType, keyof NotificationSettings> = {
  message: 'messages',
  // A step of an offer is a message in the conversation.
  offer: 'messages',
  price_drop: 'priceDrops',
  new_listing: 'newListings',
  wanted_match: 'newListings',
  sale_update: 'saleUpdates',
  // About the member's own listings, like a sale.
  boost_ended: 'saleUpdates',
  system: 'systemUpdates',
};

/** What the server pushes over `/api/realtime`. */
export type RealtimeEvent =
  /** A new message in one of my conversations (without `message` when too big to push: refetch). */
  | { type: 'message'; conversationId: string; message?: Message }
  /** The other member (or my other tab) read this conversation. */
  | { type: 'read'; conversationId: string; readerId: string; readAt: string }
  | { type: 'counts'; messages: number; notifications: number }
  | { type: 'notification'; notification: Notification }
  /** Events may have been missed (the server lost its feed): fetch everything again. */
  | { type: 'resync' }
  /** An announcement went to every member: fetch notifications and counts again. */
  | { type: 'announcement' }
  | { type: 'pong' };

/** What the client sends: a heartbeat. */
export type RealtimeClientMessage = { type: 'ping' };
