import type { Feature, Infrastructure } from '../feature';
import type { NotificationsService } from '../notifications/notifications.service';
import { createMessagesService } from './messages.service';
import { messagesRoutes } from './messages.routes';
import { missedEmails } from './missed-email';
import { paymentsMode } from '../orders/payments-mode';

/** Conversations about a listing, live in open tabs, and the email for a message its receiver missed. */
export function messagesFeature(
  deps: Pick<
    Infrastructure,
    'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'clock' | 'realtime' | 'limit'
  > & {
    notifications: NotificationsService;
  },
) {
  const { db, notifications, clock } = deps;
  const missed = missedEmails({
    db,
    mailer: deps.mailer,
    notifications,
    publicUrl: deps.env.PUBLIC_URL,
    clock,
  });
  const messages = createMessagesService({
    db,
    storage: deps.storage,
    realtime: deps.realtime,
    notifications,
    planMissedEmail: missed.plan,
    wakeJobs: deps.wakeJobs,
    payments: paymentsMode(deps.env),
    clock,
  });
  return {
    service: messages,
    routes: messagesRoutes({ messages, limit: deps.limit }),
    jobHandlers: missed.jobHandlers,
  } satisfies Feature;
}
