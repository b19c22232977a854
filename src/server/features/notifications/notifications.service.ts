import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  NOTIFICATION_TYPES,
  NotificationDataSchema,
  SETTING_FOR_TYPE,
  type Notification,
  type NotificationData,
  type NotificationList,
  type NotificationSettings,
  type NotificationType,
} from '@common/schemas/notifications';
import type { Db, Executor } from '../../db/client';
import { nextJobKey } from '../../jobs/job-context';
import { messages, notificationSettings, notifications } from '../../db/schema';
import { ApiError } from '../../http/api-error';
import type { RealtimeHub } from '../../realtime/hub';
import { isUuid } from '../../http/ids';
import { before, decodeKeyset, encodeKeyset, exactTime } from '../../db/keyset';

type Row = typeof notifications.$inferSelect;

export interface NotifyInput {
  userId: string;
  type: NotificationType;
  data: NotificationData;
  link?: string | null;
  groupKey?: string;
  /** One notification per member and key; inside a job, a key stable across its attempts by default. */
  idempotencyKey?: string;
  /** The member's settings, when the caller has read them already. */
  settings?: NotificationSettings;
}
const PAGE_SIZE = 30;

export function toNotification(row: Row): Notification {
  const data = NotificationDataSchema.safeParse(row.data);
  return {
    id: row.id,
    type: (NOTIFICATION_TYPES as readonly string[]).includes(row.type)
      ? (row.type as NotificationType)
      : 'system',
    data: data.success ? data.data : {},
    link: row.link,
    read: row.readAt !== null,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The notification service other features call (`notify`), and what the member reads. Every change
 * pushes the member's new unread counts to their open tabs.
 */
export function createNotificationsService(deps: { db: Db; realtime: RealtimeHub }) {
  const { db, realtime } = deps;

  /** The member's settings (inside a transaction, read through it: `executor`). */
  async function settingsFor(userId: string, executor: Executor = db): Promise<NotificationSettings> {
    const rows = await executor
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .limit(1);
    if (!rows[0]) return { ...DEFAULT_NOTIFICATION_SETTINGS };
    const { userId: _user, updatedAt: _updated, ...settings } = rows[0];
    return settings;
  }

  async function unreadCount(userId: string): Promise<number> {
    const rows = await db.execute<{ n: number }>(
      sql`select count(*)::int as n from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null`,
    );
    return rows.rows[0]?.n ?? 0;
  }

  /** Both badges of the nav, in one round trip. */
  async function counts(userId: string) {
    const rows = await db.execute<{ messages: number; notifications: number }>(sql`select
      (select count(*)::int from ${messages} where ${messages.receiverId} = ${userId} and ${messages.readAt} is null) as messages,
      (select count(*)::int from ${notifications} where ${notifications.userId} = ${userId} and ${notifications.readAt} is null) as notifications`);
    return rows.rows[0] ?? { messages: 0, notifications: 0 };
  }

  async function pushCounts(userId: string) {
    const current = await counts(userId);
    await realtime.publish([userId], [{ type: 'counts', ...current }]);
  }

  /**
   * Stores a notification, if the member's settings allow this type, in the caller's transaction
   * when one is given; `deliver` it once that has committed. With a `groupKey`, an unread
   * notification with the same key is brought up to date instead of adding another. With an
   * `idempotencyKey`, a second call with the same key (a job run again) stores nothing.
   */
  async function store(executor: Executor, input: NotifyInput): Promise<Notification | null> {
    // Taken first, so a job's keys stay in step across attempts whatever the settings say.
    const idempotencyKey = input.idempotencyKey ?? (input.groupKey ? null : nextJobKey('notification'));
    const settings = input.settings ?? (await settingsFor(input.userId));
    if (!settings[SETTING_FOR_TYPE[input.type]]) return null;
    const values = {
      userId: input.userId,
      type: input.type,
      data: input.data,
      link: input.link ?? null,
      groupKey: input.groupKey ?? null,
      idempotencyKey,
    };
    const rows = input.groupKey
      ? await executor
          .insert(notifications)
          .values(values)
          .onConflictDoUpdate({
            target: [notifications.userId, notifications.groupKey],
            targetWhere: sql`read_at is null and group_key is not null`,
            set: { type: values.type, data: values.data, link: values.link, createdAt: sql`now()` },
          })
          .returning()
      : await executor
          .insert(notifications)
          .values(values)
          .onConflictDoNothing({ target: [notifications.userId, notifications.idempotencyKey] })
          .returning();
    return rows[0] ? toNotification(rows[0]) : null;
  }

  async function deliver(userId: string, notification: Notification) {
    await realtime.publish([userId], [{ type: 'notification', notification }]);
    await pushCounts(userId);
  }

  return {
    settingsFor,
    unreadCount,
    counts,
    pushCounts,

    async updateSettings(userId: string, settings: NotificationSettings): Promise<NotificationSettings> {
      await db
        .insert(notificationSettings)
        .values({ userId, ...settings })
        .onConflictDoUpdate({
          target: notificationSettings.userId,
          set: { ...settings, updatedAt: new Date() },
        });
      return settings;
    },

    store,

    /** Tells the member's open tabs about a stored notification (after its transaction committed). */
    deliver,

    /** `store` and `deliver` in one go, for callers with no transaction of their own. */
    async notify(input: NotifyInput): Promise<Notification | null> {
      const notification = await store(db, input);
      if (notification) await deliver(input.userId, notification);
      return notification;
    },

    /**
     * An announcement to every member who keeps "System updates" on, in one statement; open tabs
     * fetch their notifications again. Returns how many members it reached.
     */
    async announce(input: { title: string; body: string; link?: string | null }): Promise<number> {
      const data = JSON.stringify({ title: input.title, body: input.body });
      const rows = await db.execute(sql`
        insert into ${notifications} (user_id, type, data, link)
        select u.id, 'system', ${data}::jsonb, ${input.link ?? null}
        from "user" u left join ${notificationSettings} s on s.user_id = u.id
        where coalesce(s.system_updates, true)
        returning 1`);
      await realtime.publish('*', [{ type: 'announcement' }]);
      return rows.rows.length;
    },

    /** Newest first, 30 a page, optionally one type. */
    async list(
      userId: string,
      query: { type?: NotificationType; cursor?: string },
    ): Promise<NotificationList> {
      const position = query.cursor ? decodeKeyset(query.cursor) : null;
      const rows = await db
        .select({ row: notifications, at: exactTime(notifications.createdAt) })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, userId),
            query.type ? eq(notifications.type, query.type) : undefined,
            position ? before(notifications.createdAt, notifications.id, position) : undefined,
          ),
        )
        .orderBy(desc(notifications.createdAt), desc(notifications.id))
        .limit(PAGE_SIZE + 1);
      const page = rows.slice(0, PAGE_SIZE);
      const last = page.at(-1);
      return {
        notifications: page.map(({ row }) => toNotification(row)),
        unreadCount: await unreadCount(userId),
        nextCursor: rows.length > PAGE_SIZE && last ? encodeKeyset({ at: last.at, id: last.row.id }) : null,
      };
    },

    async markRead(userId: string, id: string): Promise<void> {
      if (!isUuid(id)) throw new ApiError(404, 'NOT_FOUND');
      const rows = await db
        .select({ readAt: notifications.readAt })
        .from(notifications)
        .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
        .limit(1);
      if (!rows[0]) throw new ApiError(404, 'NOT_FOUND');
      if (rows[0].readAt) return;
      await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.id, id), isNull(notifications.readAt)));
      await pushCounts(userId);
    },

    async markAllRead(userId: string): Promise<number> {
      const updated = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
        .returning({ id: notifications.id });
      if (updated.length) await pushCounts(userId);
      return updated.length;
    },

    /** Reading what a notification is about (e.g. opening the conversation) reads the notification. */
    async markGroupRead(executor: Executor, userId: string, groupKey: string): Promise<void> {
      await executor
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.userId, userId),
            eq(notifications.groupKey, groupKey),
            isNull(notifications.readAt),
          ),
        );
    },
  };
}

export type NotificationsService = ReturnType<typeof createNotificationsService>;
