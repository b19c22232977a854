import { queueLag } from '../../jobs/queue';
import type { Feature, Infrastructure } from '../feature';
import { healthRoutes } from './health.routes';

/** Whether the database answers and how far behind the job queue is: routes only. */
export function healthFeature(deps: Pick<Infrastructure, 'database' | 'db'>) {
  const { database, db } = deps;
  return {
    service: null,
    routes: healthRoutes({ ping: () => database.ping(), queue: () => queueLag(db) }),
    jobHandlers: {},
  } satisfies Feature;
}
