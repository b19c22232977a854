import type { Feature, Infrastructure } from '../feature';
import type { NotificationsService } from '../notifications/notifications.service';
import { createBoostsService } from './boosts.service';
import { boostsRoutes } from './boosts.routes';

/** Boosting a listing to the top of its results for a while, within the plan's allowance. */
export function boostsFeature(
  deps: Pick<Infrastructure, 'db' | 'wakeJobs' | 'clock'> & { notifications: NotificationsService },
) {
  const boosts = createBoostsService({
    db: deps.db,
    notifications: deps.notifications,
    wakeJobs: deps.wakeJobs,
    clock: deps.clock,
  });
  return { service: boosts, routes: boostsRoutes(boosts), jobHandlers: boosts.jobHandlers } satisfies Feature;
}
