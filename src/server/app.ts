import { Hono } from 'hono';
import type { Logger } from 'pino';
import type Stripe from 'stripe';
import type { Env } from './env';
import type { Database } from './db/client';
import type { Storage } from './storage/storage';
import { systemClock, type Clock } from './clock';
import type { AppEnv } from './http/app-env';
import { apiDocs } from './http/api-docs';
import { bodyLimits } from './http/body-limits';
import { cacheableAnswers } from './http/caching';
import { clientApp } from './http/client-app';
import { clientIp } from './http/client-ip';
import { compression } from './http/compression';
import { createRouter } from './http/create-router';
import { handleError } from './http/error-handler';
import { pageRenderer } from './http/page-renderer';
import { readAfterOwnWrites, rememberOwnWrites } from './http/read-your-writes';
import { refuseUnstorableText } from './http/refuse-unstorable-text';
import { requestLogger } from './http/request-logger';
import { refuseCrossSite, requireJsonBodies } from './http/same-origin';
import { securityHeaders } from './http/security-headers';
import { seoFiles } from './http/seo-files';
import type { JobHandler } from './jobs/queue';
import { devMailbox } from './mail/dev-mailbox';
import { createMailer, type Mailer } from './mail/mailer';
import { withTemplates } from './mail/templates';
import { createLocalBus, type Bus } from './realtime/bus';
import { createRealtimeHub } from './realtime/hub';
import { sessionAuthenticator } from './realtime/session-auth';
import { createLimiter } from './security/rate-limit';
import { mediaRoutes } from './storage/media-routes';
import { removalJobHandlers } from './storage/removals';
import type { Infrastructure } from './features/feature';
import { sessionCookieName, sessionMiddleware } from './features/auth/sessions';
import { apiDocument } from './http/openapi-document';
import { unknownRoute } from './http/unknown-route';
import { membersFirst } from './http/openapi';
import { listingHead } from './features/listings/listing-head';
import { accountFeature } from './features/account/account.feature';
import { adminFeature } from './features/admin/admin.feature';
import { authFeature } from './features/auth/auth.feature';
import { billingFeature } from './features/billing/billing.feature';
import { boostsFeature } from './features/boosts/boosts.feature';
import { communityFeature } from './features/community/community.feature';
import { contactFeature } from './features/contact/contact.feature';
import { dashboardFeature } from './features/dashboard/dashboard.feature';
import { favouritesFeature } from './features/favourites/favourites.feature';
import { fleetFeature } from './features/fleet/fleet.feature';
import { healthFeature } from './features/health/health.feature';
import { listingsFeature } from './features/listings/listings.feature';
import { messagesFeature } from './features/messages/messages.feature';
import { notificationsFeature } from './features/notifications/notifications.feature';
import { offersFeature } from './features/offers/offers.feature';
import { ordersFeature } from './features/orders/orders.feature';
import { placesFeature } from './features/places/places.feature';
import { profileFeature } from './features/profile/profile.feature';
import { reviewsFeature } from './features/reviews/reviews.feature';
import { savedSearchesFeature } from './features/saved-searches/saved-searches.feature';
import { siteFeature } from './features/site/site.feature';
import { trustFeature } from './features/trust/trust.feature';
import { wantedFeature } from './features/wanted/wanted.feature';

export interface AppDeps {
  env: Env;
  database: Database;
  storage: Storage;
  logger: Logger;
  /** The built React app; absent in API tests and in development (Vite serves it). */
  clientDir?: string;
  /** Defaults to SMTP when `SMTP_URL` is set, else the outbox. */
  mailer?: Mailer;
  /** Tells the job worker that a job is waiting (the worker also polls). */
  wakeJobs?: () => void;
  /** How realtime events reach other instances; in-process when absent. */
  realtimeBus?: Bus;
  /** A Stripe client (tests point one at a fake server); built from STRIPE_SECRET_KEY otherwise. */
  stripeClient?: Stripe;
  /** The time rules are judged at (expiries, windows, limits); tests move it on. The system's by default. */
  clock?: Clock;
}

/** Builds the whole HTTP app from its parts; `index.ts` listens, tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  const { env, logger } = deps;
  const clock = deps.clock ?? systemClock;
  const db = deps.database.db;
  const mailer = withTemplates(
    deps.mailer ??
      createMailer({
        smtpUrl: env.SMTP_URL,
        from: env.MAIL_FROM,
        db,
        logger,
        logLinks: env.devMailbox,
        requireTls: env.isProduction && !env.ALLOW_HTTP,
      }),
    { supportEmail: env.SUPPORT_EMAIL },
  );
  const wakeJobs = deps.wakeJobs ?? (() => undefined);
  const limit = createLimiter(db, env.RATE_LIMIT_SCALE);
  const cookies = { secure: env.PUBLIC_URL.startsWith('https://') };
  const realtime = createRealtimeHub({
    db,
    bus: deps.realtimeBus ?? createLocalBus(),
    logger,
    ...sessionAuthenticator(db, cookies, env.PUBLIC_URL, clock),
  });
  const infra: Infrastructure = {
    env,
    database: deps.database,
    db,
    storage: deps.storage,
    mailer,
    clock,
    wakeJobs,
    limit,
    cookies,
    realtime,
  };

  // Each feature is built from the infrastructure and the services of features built above it, never
  // below (the lint rule no-use-before-define holds this file to that order).
  const health = healthFeature(infra);
  const site = siteFeature(infra);
  const places = placesFeature();
  const notifications = notificationsFeature(infra);
  const auth = authFeature(infra);
  const billing = billingFeature({
    ...infra,
    notifications: notifications.service,
    stripeClient: deps.stripeClient,
  });
  const account = accountFeature({ ...infra, twoFactor: auth.service.twoFactor, billing: billing.service });
  const profile = profileFeature(infra);
  const fleet = fleetFeature(infra);
  const favourites = favouritesFeature({ ...infra, notifications: notifications.service });
  const boosts = boostsFeature({ ...infra, notifications: notifications.service });
  const trust = trustFeature(infra);
  const messages = messagesFeature({ ...infra, notifications: notifications.service });
  // Listings tell saved searches and sales about a change through parts that need neither service
  // (listings.feature.ts); both are built after listings, since they read it.
  const listings = listingsFeature({
    ...infra,
    notifications: notifications.service,
    favourites: favourites.service,
    fleet: fleet.service,
    messages: messages.service,
    trust: trust.service,
  });
  const offers = offersFeature({ ...infra, messages: messages.service });
  const orders = ordersFeature({
    ...infra,
    billing: billing.service,
    notifications: notifications.service,
    fleet: fleet.service,
  });
  const reviews = reviewsFeature({
    ...infra,
    listings: listings.service,
    notifications: notifications.service,
  });
  const savedSearches = savedSearchesFeature({
    ...infra,
    listings: listings.service,
    fleet: fleet.service,
    notifications: notifications.service,
  });
  const wanted = wantedFeature({
    ...infra,
    messages: messages.service,
    notifications: notifications.service,
    trust: trust.service,
  });
  const contact = contactFeature(infra);
  const community = communityFeature(infra);
  const admin = adminFeature({
    ...infra,
    community: community.service,
    reconciliation: orders.reconciliation,
    disputes: orders.disputes,
  });
  const dashboard = dashboardFeature(infra);

  // Every feature, for the jobs it runs.
  const features = [
    health,
    site,
    places,
    notifications,
    auth,
    billing,
    account,
    profile,
    fleet,
    favourites,
    boosts,
    trust,
    messages,
    listings,
    offers,
    orders,
    reviews,
    savedSearches,
    wanted,
    contact,
    community,
    admin,
    dashboard,
  ];
  const jobHandlers: Record<string, JobHandler> = Object.assign(
    {},
    ...features.map((feature) => feature.jobHandlers),
    removalJobHandlers(deps.storage),
  );

  const api = createRouter();
  // Called cross-site by design, each checked its own way: Stripe signs its webhook; a provider's
  // callback must match the state kept in this browser's cookie. Photo uploads send the image itself.
  const crossSiteByDesign = (path: string) =>
    path === '/api/billing/webhook' || /^\/api\/auth\/social\/[a-z]+\/callback$/.test(path);
  api.use(clientIp(env.TRUST_PROXY));
  api.use(sessionMiddleware(db, cookies, clock));
  // A visitor asking for a member operation is turned away before anything they sent is looked at.
  api.use(membersFirst);
  api.use(bodyLimits());
  api.use(refuseUnstorableText());
  if (deps.database.replicas) api.use(rememberOwnWrites(deps.database.replicas, cookies));
  api.use(refuseCrossSite(env.PUBLIC_URL, crossSiteByDesign));
  api.use(requireJsonBodies((path) => crossSiteByDesign(path) || path === '/api/photos'));
  api.use(async (c, next) => {
    await next();
    // Answers about who is signed in are for this browser only. Set on the answer's headers, not with
    // `c.header`, which after the handler copies the answer through a stream (issue 37's profile).
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store');
  });
  // Public browse and listing pages: revalidated by ETag, shared briefly by a CDN when a visitor asks.
  api.on('GET', ['/listings', '/listings/:id'], cacheableAnswers());
  // One chain, so that its type is the route table the client's typed calls are checked against.
  const routes = api
    .route('/', health.routes)
    .route('/site', site.routes)
    .route('/auth', auth.routes)
    .route('/profile', profile.routes)
    .route('/account', account.routes)
    .route('/', listings.routes)
    .route('/', trust.routes)
    .route('/', offers.routes)
    .route('/', orders.routes)
    .route('/', reviews.routes)
    .route('/places', places.routes)
    .route('/vehicles', fleet.routes)
    .route('/boosts', boosts.routes)
    .route('/favourites', favourites.routes)
    .route('/saved-searches', savedSearches.routes)
    .route('/wanted', wanted.routes)
    .route('/contact', contact.routes)
    .route('/billing', billing.routes)
    .route('/community', community.routes)
    .route('/conversations', messages.routes)
    .route('/notifications', notifications.routes)
    .route('/dashboard', dashboard.routes)
    .route('/admin', admin.routes);

  // Generated from the route schemas once, on first request: the routes do not change at run time.
  let openApiDocument: ReturnType<typeof apiDocument> | undefined;
  api.get('/openapi.json', (c) => {
    openApiDocument ??= apiDocument(api, sessionCookieName(cookies));
    return c.json(openApiDocument);
  });
  api.route('/docs', apiDocs());
  api.all('*', unknownRoute(api, '/api'));

  const app = new Hono<AppEnv>();
  app.use(requestLogger(deps.logger));
  if (deps.database.replicas) app.use(readAfterOwnWrites(deps.database.replicas, cookies));
  // Brotli or gzip for every text answer big enough to gain (the built files come precompressed).
  app.use(compression());
  app.use(securityHeaders(env));
  app.route('/api', api);
  app.route('/media', mediaRoutes(deps.storage));
  if (env.devMailbox) app.route('/dev/mailbox', devMailbox(db));
  app.route('/', seoFiles({ db: deps.database.reads, publicUrl: env.PUBLIC_URL }));
  if (deps.clientDir)
    app.route(
      '/',
      clientApp(deps.clientDir, {
        render: pageRenderer({
          clientDir: deps.clientDir,
          publicUrl: env.PUBLIC_URL,
          api: (request, c) => app.fetch(request, c.env),
        }),
        head: async (path) => {
          const id = /^\/listing\/([0-9a-f-]{36})$/i.exec(path)?.[1];
          if (!id) return null;
          const listing = await listings.service.detail(id, null);
          return listing ? { head: listingHead(listing, env.PUBLIC_URL) } : { head: null, status: 404 };
        },
      }),
    );

  app.onError(handleError);
  return Object.assign(app, {
    jobHandlers,
    mailer,
    realtime,
    notifications: notifications.service,
    routes,
    /** Writes the search impressions counted since the last call (every few seconds, and at stop). */
    flushImpressions: () => listings.service.flushImpressions(),
    /** Compares recent orders with Stripe's record (hourly); the number of new differences for the desk. */
    reconcilePayments: () => orders.reconciliation.run(clock()),
  });
}

export type App = ReturnType<typeof createApp>;

/** Every endpoint under `/api` with its request and answer types: what the client's `hc` calls are typed by. */
export type ApiRoutes = App['routes'];
