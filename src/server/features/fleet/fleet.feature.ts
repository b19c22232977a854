import type { Feature, Infrastructure } from '../feature';
import { createFleetService } from './fleet.service';
import { fleetRoutes } from './fleet.routes';

/** A member's vehicles, which decide the parts that fit. */
export function fleetFeature(deps: Pick<Infrastructure, 'db'>) {
  const fleet = createFleetService(deps.db);
  return { service: fleet, routes: fleetRoutes(fleet), jobHandlers: {} } satisfies Feature;
}
