import type { Feature, Infrastructure } from '../feature';
import type { CommunityService } from '../community/community.service';
import { createAdminService } from './admin.service';
import { adminRoutes } from './admin.routes';

/** The moderation desk: reports, the actions taken on them, the audit log and the week's numbers. */
export function adminFeature(
  deps: Pick<Infrastructure, 'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'clock' | 'realtime'> & {
    /** A moderator removes community posts. */
    community: CommunityService;
  },
) {
  const { realtime, community } = deps;
  const admin = createAdminService({
    db: deps.db,
    storage: deps.storage,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL,
    wakeJobs: deps.wakeJobs,
    sessionsEnded: (userId) => realtime.sessionsEnded([userId]),
    removePost: (postId) => community.removeAsModerator(postId),
    clock: deps.clock,
  });
  return { service: admin, routes: adminRoutes(admin), jobHandlers: admin.jobHandlers } satisfies Feature;
}
