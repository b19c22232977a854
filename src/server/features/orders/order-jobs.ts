import { and, eq, isNull } from 'drizzle-orm';
import { languageOrDefault } from '@common/i18n/languages';
import type { Db } from '../../db/client';
import { orders, users } from '../../db/schema';
import type { JobHandler } from '../../jobs/queue';
import { emailTranslator } from '../../i18n/translate';
import type { TemplateMailer } from '../../mail/templates';
import { systemClock, type Clock } from '../../clock';
import type { NotificationsService } from '../notifications/notifications.service';
import { ORDER_JOBS, NotifyJob, OrderJob, applyTransition, lockedOrder } from './orders.service';
import { releaseTime } from './order-view';

/**
 * The order jobs that are not Stripe's: telling the other side of a step (a notification, live, and
 * an email in their language), completing an order 7 days after delivery or pickup, and letting go of
 * a listing whose checkout was never paid.
 */
export function orderJobs(deps: {
  db: Db;
  notifications: NotificationsService;
  mailer: TemplateMailer;
  publicUrl: string;
  clock?: Clock;
  /** Lets a Stripe checkout go once its order is cancelled (nothing in demo mode). */
  endCheckout: (sessionId: string) => Promise<void>;
}): Record<string, JobHandler> {
  const { db } = deps;
  const clock = deps.clock ?? systemClock;
  return {
    [ORDER_JOBS.notify]: async (payload, job) => {
      const { orderId, event, to } = NotifyJob.parse(payload);
      const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
      if (!order) return;
      const [member] = await db
        .select({ email: users.email, locale: users.locale, firstName: users.firstName })
        .from(users)
        .where(and(eq(users.id, to === 'buyer' ? order.buyerId : order.sellerId), isNull(users.deletedAt)));
      if (!member) return;
      const link = `/orders/${order.id}`;
      await deps.notifications.notify({
        userId: to === 'buyer' ? order.buyerId : order.sellerId,
        type: 'sale_update',
        data: { action: `order.${event}`, listingTitle: order.listingTitle },
        link,
        idempotencyKey: `order:${order.id}:${event}:${to}:${job.jobId}`,
      });
      const language = languageOrDefault(member.locale);
      const t = emailTranslator(language);
      await deps.mailer.send(
        deps.mailer.compose('orderUpdate', {
          to: member.email,
          language,
          name: member.firstName,
          link: `${deps.publicUrl}${link}`,
          params: { title: order.listingTitle, step: t(`orderUpdate.steps.${event}`) },
        }),
      );
    },

    /** 7 days after delivery or pickup, unless the buyer confirmed first: completed, a held payment released. */
    [ORDER_JOBS.release]: async (payload) => {
      const { orderId } = OrderJob.parse(payload);
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await lockedOrder(tx, orderId);
        if (!row || (row.status !== 'delivered' && row.status !== 'picked_up') || !row.deliveredAt) return;
        if (releaseTime(row.deliveredAt) > now) return;
        await applyTransition(tx, row, 'autoComplete', 'system', { actorId: null, now });
      });
    },

    /** The buyer never paid at Stripe's checkout: the listing goes back on the market. */
    [ORDER_JOBS.expire]: async (payload) => {
      const { orderId } = OrderJob.parse(payload);
      const cancelled = await db.transaction(async (tx) => {
        const row = await lockedOrder(tx, orderId);
        if (row?.status !== 'awaiting_payment') return null;
        return applyTransition(tx, row, 'abandon', 'system', { actorId: null, now: clock() });
      });
      // Closed at Stripe too; a payment that slipped in meanwhile is refunded when Stripe reports it.
      if (cancelled?.checkoutSessionId)
        await deps.endCheckout(cancelled.checkoutSessionId).catch(() => undefined);
    },
  };
}
