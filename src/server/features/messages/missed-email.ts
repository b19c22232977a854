import { clip } from '@common/text';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { languageOrDefault, type Language } from '@common/i18n/languages';
import { formatPrice } from '@common/i18n/format';
import type { OfferEvent } from '@common/schemas/offers';
import { emailTranslator } from '../../i18n/translate';
import { publicName } from '@common/labels';
import type { Db, Executor } from '../../db/client';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import type { TemplateMailer } from '../../mail/templates';
import type { NotificationSettings } from '@common/schemas/notifications';
import type { NotificationsService } from '../notifications/notifications.service';
import { later, systemClock, type Clock } from '../../clock';

/** The latest message as the email quotes it: a step of an offer in words, then its note. */
function quoteOf(row: { content: string; offer: OfferEvent | null }, language: Language): string {
  const content = row.content.length > 1000 ? `${clip(row.content, 1000)}…` : row.content;
  if (!row.offer) return content;
  const step = emailTranslator(language)(`offerEvent.${row.offer.action}`, {
    amount: formatPrice(row.offer.amountCents),
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
 * and then covers everything still unread in one email. The window is recorded only once SMTP took the
 * email, under a key made of the conversation, the member and the newest message covered: a worker
 * that dies mid-send leaves the messages uncovered for the retry (at most one duplicate, with the same
 * Message-ID), and a retry after a completed send sends nothing again.
 */
export function missedEmails(deps: {
  db: Db;
  mailer: TemplateMailer;
  notifications: NotificationsService;
  publicUrl: string;
  clock?: Clock;
}) {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;

  /** In the transaction that stores a message: the job that emails the receiver if they miss it. */
  async function plan(
    executor: Executor,
    conversationId: string,
    userId: string,
    known?: NotificationSettings,
  ) {
    const settings = known ?? (await deps.notifications.settingsFor(userId, executor));
    if (!settings.emailNotifications || !settings.messages) return;
    await enqueueJob(
      executor,
      MISSED_EMAIL_JOB,
      { conversationId, userId },
      { dedupeKey: `${MISSED_EMAIL_JOB}:${conversationId}:${userId}` },
    );
  }

  const handler: JobHandler = async (raw) => {
    const { conversationId, userId } = Payload.parse(raw);
    const settings = await deps.notifications.settingsFor(userId);
    if (!settings.emailNotifications || !settings.messages) return;

    const found = await db.execute<{
      online: boolean;
      unread: number;
      latest: string | null;
      window_open: boolean;
      next_at: string | null;
    }>(sql`
      select
        exists (select 1 from presence where user_id = ${userId} and online_until > now()) as online,
        u.unread, u.latest,
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
    // Sent first, recorded after: a worker that dies in between leaves the window unclaimed, so the
    // retry sends again under the same key (nothing when the mailer had recorded it, else one
    // duplicate with the same Message-ID), never nothing.
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
      { key: `${MISSED_EMAIL_JOB}:${conversationId}:${userId}:${state.latest}` },
    );
    await db.execute(sql`insert into conversation_emails (conversation_id, user_id, last_sent_at, covered_until)
      values (${conversationId}, ${userId}, now(), ${state.latest}::timestamptz)
      on conflict (conversation_id, user_id) do update set last_sent_at = now(),
        covered_until = greatest(conversation_emails.covered_until, excluded.covered_until)`);
    // A message that came while this ran found this job waiting and rode on it: cover it after the window.
    const unread = await db.execute<{ n: number }>(sql`select count(*)::int as n from messages
      where conversation_id = ${conversationId} and receiver_id = ${userId} and read_at is null
        and created_at > ${state.latest}::timestamptz`);
    if ((unread.rows[0]?.n ?? 0) > 0) return { runAt: later(clock, MISSED_EMAIL_INTERVAL_MINUTES * 60_000) };
  };

  return { plan, jobHandlers: { [MISSED_EMAIL_JOB]: handler } satisfies Record<string, JobHandler> };
}
