import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { languageOrDefault, type Language } from '@common/i18n/languages';
import { formatPrice } from '@common/i18n/format';
import type { OfferEvent } from '@common/schemas/offers';
import { emailTranslator } from '../../i18n/translate';
import { publicName } from '@common/labels';
import type { Db } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import type { NotificationSettings } from '@common/schemas/notifications';
import type { NotificationsService } from '../notifications/notifications.service';

/** The latest message as the email quotes it: a step of an offer in words, then its note. */
function quoteOf(row: { content: string; offer: OfferEvent | null }, language: Language): string {
  const content = row.content.length > 1000 ? `${row.content.slice(0, 1000)}…` : row.content;
  if (!row.offer) return content;
  const step = emailTranslator(language)(`offerEvent.${row.offer.action}`, {
    amount: formatPrice(row.offer.amount),
  });
  return content ? `${step}\n${content}` : step;
}

export const MISSED_EMAIL_JOB = 'messages.missed-email';
/** At most one email per conversation and receiver in this window. */
export const MISSED_EMAIL_INTERVAL_MINUTES = 15;

const Payload = z.object({ conversationId: z.string().uuid(), userId: z.string() });

/**
 * Email for messages a member missed. A message plans one job per (conversation, receiver) — while
 * one waits, later messages ride on it. The job sends nothing when the member is online, has read
 * everything, or turned these emails off; inside the 15-minute window it waits for the window's end
 * and then covers everything still unread in one email. The window is claimed in the database before
 * the email is sent and given back if SMTP fails, so a retry never sends the same messages twice.
 */
export function missedEmails(deps: {
  db: Db;
  mailer: TemplateMailer;
  notifications: NotificationsService;
  publicUrl: string;
  wakeJobs: () => void;
}) {
  const { db } = deps;

  async function plan(conversationId: string, userId: string, known?: NotificationSettings) {
    const settings = known ?? (await deps.notifications.settingsFor(userId));
    if (!settings.emailNotifications || !settings.messages) return;
    await enqueueJob(
      db,
      MISSED_EMAIL_JOB,
      { conversationId, userId },
      { dedupeKey: `${MISSED_EMAIL_JOB}:${conversationId}:${userId}` },
    );
    deps.wakeJobs();
  }

  const handler: JobHandler = async (raw) => {
    const { conversationId, userId } = Payload.parse(raw);
    const settings = await deps.notifications.settingsFor(userId);
    if (!settings.emailNotifications || !settings.messages) return;

    const found = await db.execute<{
      online: boolean;
      unread: number;
      latest: string | null;
      last_sent_at: string | null;
      covered_until: string | null;
      window_open: boolean;
      next_at: string | null;
    }>(sql`
      select
        exists (select 1 from presence where user_id = ${userId} and online_until > now()) as online,
        u.unread, u.latest,
        e.last_sent_at::text as last_sent_at, e.covered_until::text as covered_until,
        coalesce(e.last_sent_at > now() - make_interval(mins => ${MISSED_EMAIL_INTERVAL_MINUTES}), false) as window_open,
        (e.last_sent_at + make_interval(mins => ${MISSED_EMAIL_INTERVAL_MINUTES}))::text as next_at
      from (select count(*)::int as unread, max(created_at)::text as latest from messages
            where conversation_id = ${conversationId} and receiver_id = ${userId} and read_at is null
              and created_at > coalesce((select covered_until from conversation_emails
                where conversation_id = ${conversationId} and user_id = ${userId}), '-infinity')) u
      left join conversation_emails e on e.conversation_id = ${conversationId} and e.user_id = ${userId}`);
    const state = found.rows[0];
    if (!state || state.online || state.unread === 0 || !state.latest) return;
    if (state.window_open && state.next_at) return { runAt: new Date(state.next_at) };

    // Claim the window (compare-and-set on what was read above).
    const claimed = state.last_sent_at
      ? await db.execute(sql`update conversation_emails set last_sent_at = now(), covered_until = ${state.latest}::timestamptz
          where conversation_id = ${conversationId} and user_id = ${userId}
            and last_sent_at = ${state.last_sent_at}::timestamptz returning 1`)
      : await db.execute(sql`insert into conversation_emails (conversation_id, user_id, last_sent_at, covered_until)
          values (${conversationId}, ${userId}, now(), ${state.latest}::timestamptz)
          on conflict do nothing returning 1`);
    if (claimed.rows.length === 0) return { runAt: new Date() };

    try {
      const details = await db.execute<{
        email: string;
        locale: string;
        first_name: string | null;
        title: string;
        content: string;
        offer: OfferEvent | null;
        sender_first: string | null;
        sender_last: string | null;
      }>(sql`
        select r.email, r.locale, r.first_name, coalesce(l.title, c.listing_title, '') as title, m.content, m.offer,
               s.first_name as sender_first, s.last_name as sender_last
        from messages m
        join "user" r on r.id = m.receiver_id
        join "user" s on s.id = m.sender_id
        join conversations c on c.id = m.conversation_id
        left join listings l on l.id = c.listing_id
        where m.conversation_id = ${conversationId} and m.receiver_id = ${userId}
          and m.created_at <= ${state.latest}::timestamptz
        order by m.created_at desc limit 1`);
      const row = details.rows[0];
      if (!row) return;
      const language = languageOrDefault(row.locale);
      const sender = publicName(row.sender_first, row.sender_last) ?? 'ModMarket';
      await deps.mailer.send(
        deps.mailer.compose('newMessages', {
          to: row.email,
          language,
          name: row.first_name,
          link: `${deps.publicUrl}/messages/${conversationId}`,
          params: {
            sender,
            listing: row.title,
            count: state.unread,
            settings: `${deps.publicUrl}/notifications`,
          },
          quote: quoteOf(row, language),
        }),
      );
    } catch (error) {
      // Give the window back so the retry sends these messages.
      await (state.last_sent_at
        ? db.execute(sql`update conversation_emails set last_sent_at = ${state.last_sent_at}::timestamptz,
            covered_until = ${state.covered_until}::timestamptz
            where conversation_id = ${conversationId} and user_id = ${userId}`)
        : db.execute(sql`delete from conversation_emails
            where conversation_id = ${conversationId} and user_id = ${userId}`));
      throw error;
    }
  };

  return { plan, jobHandlers: { [MISSED_EMAIL_JOB]: handler } satisfies Record<string, JobHandler> };
}
