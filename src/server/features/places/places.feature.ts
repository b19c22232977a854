import type { Feature } from '../feature';
import { placesRoutes } from './places.routes';

/** ZIP codes to places (looked up offline): routes only, built from nothing. */
export function placesFeature() {
  return { service: null, routes: placesRoutes(), jobHandlers: {} } satisfies Feature;
}
