import type { Feature, Infrastructure } from '../feature';
import { createCommunityService } from './community.service';
import { communityRoutes } from './community.routes';

/** Share Your Build: posts with photos, likes and comments. */
export function communityFeature(deps: Pick<Infrastructure, 'db' | 'storage' | 'limit'>) {
  const community = createCommunityService({ db: deps.db, storage: deps.storage });
  return {
    service: community,
    routes: communityRoutes({ community, limit: deps.limit }),
    jobHandlers: {},
  } satisfies Feature;
}
