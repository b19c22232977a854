import type { Feature, Infrastructure } from '../feature';
import { createNotificationsService } from './notifications.service';
import { notificationsRoutes } from './notifications.routes';

/** A member's notifications, stored and pushed to their open tabs; most features build on it. */
export function notificationsFeature(deps: Pick<Infrastructure, 'db' | 'realtime'>) {
  const notifications = createNotificationsService({ db: deps.db, realtime: deps.realtime });
  return {
    service: notifications,
    routes: notificationsRoutes(notifications),
    jobHandlers: {},
  } satisfies Feature;
}
