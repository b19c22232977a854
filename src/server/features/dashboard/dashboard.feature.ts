import type { Feature, Infrastructure } from '../feature';
import { createDashboardService } from './dashboard.service';
import { dashboardRoutes } from './dashboard.routes';

/** The seller dashboard: stats over all their listings, the newest ones, the latest messages. */
export function dashboardFeature(deps: Pick<Infrastructure, 'db' | 'storage' | 'clock'>) {
  const dashboard = createDashboardService({ db: deps.db, storage: deps.storage, clock: deps.clock });
  return { service: dashboard, routes: dashboardRoutes(dashboard), jobHandlers: {} } satisfies Feature;
}
