import type { Feature, Infrastructure } from '../feature';
import type { MessagesService } from '../messages/messages.service';
import { createOffersService } from './offers.service';
import { offersRoutes } from './offers.routes';

/** Offers on a listing: named, then accepted, declined or countered, each step a message in the conversation. */
export function offersFeature(
  deps: Pick<Infrastructure, 'db' | 'wakeJobs' | 'clock' | 'limit'> & { messages: MessagesService },
) {
  const offers = createOffersService({
    db: deps.db,
    messages: deps.messages,
    wakeJobs: deps.wakeJobs,
    clock: deps.clock,
  });
  return {
    service: offers,
    routes: offersRoutes({ offers, limit: deps.limit }),
    jobHandlers: offers.jobHandlers,
  } satisfies Feature;
}
