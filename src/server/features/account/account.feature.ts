import type { Feature, Infrastructure } from '../feature';
import type { TwoFactor } from '../auth/two-factor';
import type { BillingService } from '../billing/billing.service';
import { createAccountService } from './account.service';
import { accountRoutes } from './account.routes';

/** A member's own account: details, password, email change, sessions, second step, export and deletion. */
export function accountFeature(
  deps: Pick<
    Infrastructure,
    'env' | 'db' | 'storage' | 'mailer' | 'wakeJobs' | 'clock' | 'realtime' | 'limit' | 'cookies'
  > & {
    twoFactor: TwoFactor;
    /** Deleting an account ends its paid plan at once. */
    billing: BillingService;
  },
) {
  const { realtime, billing } = deps;
  const account = createAccountService({
    twoFactor: deps.twoFactor,
    storage: deps.storage,
    cancelBilling: (userId) => billing.cancelForDeletion(userId),
    clock: deps.clock,
    db: deps.db,
    mailer: deps.mailer,
    publicUrl: deps.env.PUBLIC_URL,
    wakeJobs: deps.wakeJobs,
    sessionsEnded: (userId) => realtime.sessionsEnded([userId]),
  });
  return {
    service: account,
    routes: accountRoutes({ account, limit: deps.limit, cookies: deps.cookies }),
    jobHandlers: account.jobHandlers,
  } satisfies Feature;
}
