import type { Feature, Infrastructure } from '../feature';
import { createTrustService } from './trust.service';
import { trustRoutes } from './trust.routes';

/** Blocking and reporting between members (a block may hide the blocked seller's listings). */
export function trustFeature(deps: Pick<Infrastructure, 'db' | 'limit'>) {
  const trust = createTrustService({ db: deps.db });
  return {
    service: trust,
    routes: trustRoutes({ trust, limit: deps.limit }),
    jobHandlers: {},
  } satisfies Feature;
}
