import type { Feature, Infrastructure } from '../feature';
import { createProfileService } from './profile.service';
import { profileRoutes } from './profile.routes';

/** A member's profile: the role and the preferences onboarding asks for. */
export function profileFeature(deps: Pick<Infrastructure, 'db'>) {
  const profile = createProfileService(deps.db);
  return { service: profile, routes: profileRoutes(profile), jobHandlers: {} } satisfies Feature;
}
