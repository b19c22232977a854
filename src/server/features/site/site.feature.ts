import type { Feature, Infrastructure } from '../feature';
import { siteRoutes } from './site.routes';

/** The settings the pages show (shop and support addresses), from the environment: routes only. */
export function siteFeature(deps: Pick<Infrastructure, 'env'>) {
  const { env } = deps;
  return {
    service: null,
    routes: siteRoutes({
      shopUrl: env.SHOP_URL ?? null,
      supportEmail: env.SUPPORT_EMAIL,
      privacyEmail: env.PRIVACY_EMAIL ?? env.SUPPORT_EMAIL,
    }),
    jobHandlers: {},
  } satisfies Feature;
}
