import { and, eq, gt, inArray, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { formatDate } from '@common/i18n/format';
import { languageOrDefault } from '@common/i18n/languages';
import { publicName } from '@common/labels';
import type { Db, Executor } from '../../db/client';
import { blocks, reviews, sales, users } from '../../db/schema';
import { enqueueJob, type JobHandler } from '../../jobs/queue';
import { emailTranslator } from '../../i18n/translate';
import type { TemplateMailer } from '../../mail/templates';
import { systemClock, type Clock } from '../../clock';
import type { NotificationsService } from '../notifications/notifications.service';
import { eitherBlocked } from './sales';

export const REVIEW_ASK_JOB = 'reviews.ask';
const AskJob = z.object({ saleId: z.string() });

/**
 * In the transaction that confirms a sale (the buyer's "Yes, I bought it", or an order completed):
 * both sides are asked to review the other, by a job queued once per sale.
 */
export async function askForReviews(executor: Executor, saleId: string): Promise<void> {
  await enqueueJob(executor, REVIEW_ASK_JOB, { saleId }, { dedupeKey: `${REVIEW_ASK_JOB}:${saleId}` });
}

/**
 * For the listing page: until when the viewer, as the buyer of a confirmed sale of the listing, may
 * still review its seller; null when they wrote it already, the window closed, either blocked the
 * other, the seller is leaving, or there is no such sale. One statement, on the index of confirmed
 * sales by listing and buyer.
 */
export async function buyerReviewOpenUntil(
  executor: Executor,
  listingId: string,
  viewerId: string,
  now: Date,
): Promise<string | null> {
  const [open] = await executor
    .select({ until: sales.windowEndsAt })
    .from(sales)
    .innerJoin(users, eq(users.id, sales.sellerId))
    .where(
      and(
        eq(sales.listingId, listingId),
        eq(sales.buyerId, viewerId),
        eq(sales.status, 'confirmed'),
        gt(sales.windowEndsAt, now),
        isNull(users.deletedAt),
        isNull(users.deletionDueAt),
        sql`not exists (select 1 from ${reviews} r where r.sale_id = ${sales.id} and r.reviewer_id = ${viewerId})`,
        sql`not exists (select 1 from ${blocks} b
          where (b.blocker_id = ${sales.sellerId} and b.blocked_id = ${viewerId})
             or (b.blocker_id = ${viewerId} and b.blocked_id = ${sales.sellerId}))`,
      ),
    )
    .limit(1);
  return open?.until?.toISOString() ?? null;
}

/**
 * The ask itself (docs/trust.md, "Reviews"): each side of a confirmed sale who has not reviewed the
 * other yet gets a notification ("How was buying … from Mika?"), live, and an email in their language
 * when their settings allow both sale updates and emails. Nobody is asked once the window closed,
 * when either blocked the other, or when either deleted their account or is deleting it. The keys
 * are the sale's and the side's: a job run again, or queued again, asks nobody twice.
 */
export function reviewAskJobs(deps: {
  db: Db;
  notifications: NotificationsService;
  mailer: TemplateMailer;
  publicUrl: string;
  clock?: Clock;
}): Record<string, JobHandler> {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  return {
    [REVIEW_ASK_JOB]: async (payload) => {
      const { saleId } = AskJob.parse(payload);
      const [sale] = await db.select().from(sales).where(eq(sales.id, saleId));
      if (!sale?.listingId || sale.status !== 'confirmed' || !sale.windowEndsAt) return;
      if (sale.windowEndsAt <= clock()) return;
      const members = await db
        .select({
          id: users.id,
          email: users.email,
          locale: users.locale,
          firstName: users.firstName,
          lastName: users.lastName,
          gone: sql<boolean>`${users.deletedAt} is not null or ${users.deletionDueAt} is not null`,
        })
        .from(users)
        .where(inArray(users.id, [sale.sellerId, sale.buyerId]));
      const seller = members.find((member) => member.id === sale.sellerId);
      const buyer = members.find((member) => member.id === sale.buyerId);
      if (!seller || !buyer || seller.gone || buyer.gone) return;
      if (await eitherBlocked(db, sale.sellerId, sale.buyerId)) return;
      const written = await db
        .select({ reviewerId: reviews.reviewerId })
        .from(reviews)
        .where(eq(reviews.saleId, sale.id));
      const link = `/listing/${sale.listingId}`;
      const asks = [
        { role: 'buyer' as const, member: buyer, other: seller },
        { role: 'seller' as const, member: seller, other: buyer },
      ];
      for (const { role, member, other } of asks) {
        if (written.some((review) => review.reviewerId === member.id)) continue;
        const key = `review-ask:${sale.id}:${role}`;
        const name = publicName(other.firstName, other.lastName);
        const settings = await deps.notifications.settingsFor(member.id);
        await deps.notifications.notify({
          userId: member.id,
          settings,
          type: 'sale_update',
          data: { action: `review.${role}`, listingTitle: sale.listingTitle, ...(name ? { name } : {}) },
          link,
          idempotencyKey: key,
        });
        if (!settings.emailNotifications || !settings.saleUpdates) continue;
        const language = languageOrDefault(member.locale);
        const template = role === 'buyer' ? 'reviewTheSeller' : 'reviewTheBuyer';
        await deps.mailer.send(
          deps.mailer.compose(template, {
            to: member.email,
            language,
            name: member.firstName,
            link: `${deps.publicUrl}${link}`,
            params: {
              title: sale.listingTitle,
              other: name ?? emailTranslator(language)(`${template}.someone`),
              date: formatDate(sale.windowEndsAt, language, 'long'),
            },
          }),
          { key },
        );
      }
    },
  };
}
