import type { Feature, Infrastructure } from '../feature';
import type { MessagesService } from '../messages/messages.service';
import type { NotificationsService } from '../notifications/notifications.service';
import type { TrustService } from '../trust/trust.service';
import { createWantedService } from './wanted.service';
import { wantedRoutes } from './wanted.routes';

/**
 * Parts wanted. Built after listings and messages: listings queue a published listing's match through
 * `matching.ts` (`wantedListingPublished`), which needs nothing from here.
 */
export function wantedFeature(
  deps: Pick<Infrastructure, 'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'limit'> & {
    messages: MessagesService;
    notifications: NotificationsService;
    trust: TrustService;
  },
) {
  const wanted = createWantedService({
    db: deps.db,
    storage: deps.storage,
    messages: deps.messages,
    notifications: deps.notifications,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL,
    wakeJobs: deps.wakeJobs,
  });
  return {
    service: wanted,
    routes: wantedRoutes({ wanted, trust: deps.trust, limit: deps.limit }),
    jobHandlers: wanted.jobHandlers,
  } satisfies Feature;
}
