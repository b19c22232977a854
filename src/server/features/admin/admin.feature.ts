import type { Feature, Infrastructure } from '../feature';
import type { CommunityService } from '../community/community.service';
import type { Reconciliation } from '../orders/reconcile';
import type { Disputes } from '../orders/disputes';
import { createAdminService } from './admin.service';
import { adminRoutes } from './admin.routes';

/**
 * The moderation desk: reports, the actions taken on them, the audit log, the week's numbers, and the
 * payment differences the reconciliation with Stripe found, and the disputes about orders it decides.
 */
export function adminFeature(
  deps: Pick<Infrastructure, 'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'clock' | 'realtime'> & {
    /** A moderator removes community posts. */
    community: CommunityService;
    /** Payment differences found by the hourly reconciliation with Stripe. */
    reconciliation: Reconciliation;
    /** Disputes about orders, decided here. */
    disputes: Disputes;
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
  return {
    service: admin,
    routes: adminRoutes({
      admin,
      reconciliation: deps.reconciliation,
      disputes: deps.disputes,
      clock: deps.clock,
    }),
    jobHandlers: admin.jobHandlers,
  } satisfies Feature;
}
