import { and, eq, isNull, ne, sql } from 'drizzle-orm';
import { languageOrDefault } from '@common/i18n/languages';
import { paths } from '@common/routes';
import type { Db } from '../../db/client';
import { disputes, orderReturns, orders, users } from '../../db/schema';
import type { JobHandler } from '../../jobs/queue';
import { emailTranslator } from '../../i18n/translate';
import type { TemplateMailer } from '../../mail/templates';
import { systemClock, type Clock } from '../../clock';
import type { NotificationsService } from '../notifications/notifications.service';
import {
  ORDER_JOBS,
  DeadlineJob,
  NotifyJob,
  OrderJob,
  applyTransition,
  lockedOrder,
  openReturn,
  tell,
} from './orders.service';
import { releaseAt } from './order-view';
import { acceptReturn, putOffRelease } from './returns';

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
      const link = paths.order.href(order.id);
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

    /**
     * 7 days after delivery or pickup, unless the buyer confirmed first: completed, a held payment
     * released. Not while a return or dispute is open (closing it queues this again), nor before a
     * refused return's grace is over (that queued its own).
     */
    [ORDER_JOBS.release]: async (payload) => {
      const { orderId } = OrderJob.parse(payload);
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await lockedOrder(tx, orderId);
        if (!row || (row.status !== 'delivered' && row.status !== 'picked_up') || !row.deliveredAt) return;
        if (releaseAt(row) > now || row.frozen || (await openReturn(tx, row.id))) return;
        await applyTransition(tx, row, 'autoComplete', 'system', { actorId: null, now });
      });
    },

    /**
     * A deadline of a return or a dispute: the seller's silence accepts a return; an accepted return
     * never sent back lapses; the side that has not acted yet is reminded. Nothing when it moved on.
     */
    [ORDER_JOBS.deadline]: async (payload) => {
      const { orderId, kind } = DeadlineJob.parse(payload);
      const now = clock();
      await db.transaction(async (tx) => {
        const row = await lockedOrder(tx, orderId);
        if (!row) return;
        const [ret] = await tx.select().from(orderReturns).where(eq(orderReturns.orderId, orderId));
        const open = row.status === 'shipped' || row.status === 'delivered' || row.status === 'picked_up';
        switch (kind) {
          case 'return_answer':
            if (open && ret?.status === 'requested') await acceptReturn(tx, row, null, now);
            return;
          case 'return_answer_reminder':
            if (open && ret?.status === 'requested')
              await tell(tx, orderId, 'remind_answer_return', ['seller']);
            return;
          case 'return_send_reminder':
            if (open && ret?.status === 'accepted') await tell(tx, orderId, 'remind_send_return', ['buyer']);
            return;
          case 'return_send_lapse':
            if (open && ret?.status === 'accepted') {
              await tx
                .update(orderReturns)
                .set({ status: 'lapsed', updatedAt: now })
                .where(eq(orderReturns.orderId, orderId));
              await putOffRelease(tx, row, now);
            }
            return;
          case 'return_receive_reminder':
            if (open && ret?.status === 'sent') await tell(tx, orderId, 'remind_receive_return', ['seller']);
            return;
          case 'dispute_reminder': {
            // The side that has said nothing yet in the members' open dispute.
            const [dispute] = await tx
              .select({
                openedBy: disputes.openedBy,
                answered: sql<boolean>`exists (select 1 from dispute_entries e where e.dispute_id = "disputes"."id" and e.side <> "disputes"."opened_by")`,
              })
              .from(disputes)
              .where(
                and(
                  eq(disputes.orderId, orderId),
                  eq(disputes.status, 'open'),
                  ne(disputes.openedBy, 'card'),
                ),
              );
            if (dispute && !dispute.answered)
              await tell(tx, orderId, 'remind_dispute', [dispute.openedBy === 'buyer' ? 'seller' : 'buyer']);
            return;
          }
        }
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
