import type { Feature, Infrastructure } from '../feature';
import { createContactService } from './contact.service';
import { contactRoutes } from './contact.routes';

/** The contact form: stored, then emailed to support and acknowledged to the sender in jobs. */
export function contactFeature(deps: Pick<Infrastructure, 'env' | 'db' | 'mailer' | 'wakeJobs' | 'limit'>) {
  const { env } = deps;
  const contact = createContactService({
    db: deps.db,
    mailer: deps.mailer,
    supportEmail: env.SUPPORT_EMAIL,
    publicUrl: env.PUBLIC_URL,
    wakeJobs: deps.wakeJobs,
  });
  return {
    service: contact,
    routes: contactRoutes({ contact, limit: deps.limit }),
    jobHandlers: contact.jobHandlers,
  } satisfies Feature;
}
