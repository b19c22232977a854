import type { Feature, Infrastructure } from '../feature';
import type { NotificationsService } from '../notifications/notifications.service';
import { createFavouritesService } from './favourites.service';
import { favouritesRoutes } from './favourites.routes';

/** Saved listings, and telling the members who saved one when its price drops or it sells. */
export function favouritesFeature(
  deps: Pick<Infrastructure, 'db' | 'storage' | 'clock'> & { notifications: NotificationsService },
) {
  const favourites = createFavouritesService({
    db: deps.db,
    storage: deps.storage,
    notifications: deps.notifications,
    clock: deps.clock,
  });
  return {
    service: favourites,
    routes: favouritesRoutes(favourites),
    jobHandlers: favourites.jobHandlers,
  } satisfies Feature;
}
