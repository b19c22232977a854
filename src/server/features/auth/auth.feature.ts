import type { Feature, Infrastructure } from '../feature';
import { createAuthService } from './auth.service';
import { authRoutes } from './auth.routes';
import { createSignInFlow } from './sign-in';
import { configuredSocialClients } from './social';
import { createTwoFactor } from './two-factor';

/** Sign-up, sign-in (with a second step and social providers), and the one-time links they email. */
export function authFeature(
  deps: Pick<
    Infrastructure,
    'env' | 'db' | 'mailer' | 'wakeJobs' | 'clock' | 'realtime' | 'limit' | 'cookies'
  >,
) {
  const { env, db, wakeJobs, realtime } = deps;
  const auth = createAuthService({
    db,
    mailer: deps.mailer,
    publicUrl: env.PUBLIC_URL,
    wakeJobs,
    sessionsEnded: (userId) => realtime.sessionsEnded([userId]),
    clock: deps.clock,
  });
  const twoFactor = createTwoFactor({ db, secretsKey: env.secretsKey, wakeJobs, clock: deps.clock });
  const signIn = createSignInFlow({
    db,
    auth,
    twoFactor,
    cookies: deps.cookies,
    social: configuredSocialClients(env),
    clock: deps.clock,
  });
  return {
    // The account settings turn the second step on and off.
    service: { auth, twoFactor },
    routes: authRoutes({ auth, limit: deps.limit, signIn }),
    jobHandlers: auth.jobHandlers,
  } satisfies Feature;
}
