import { Hono } from 'hono';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { Database } from './db/client';
import type { Storage } from './storage/storage';
import type { AppEnv } from './http/app-env';
import { errorBody } from './http/api-error';
import { bodyLimits } from './http/body-limits';
import { handleError } from './http/error-handler';
import { securityHeaders } from './http/security-headers';
import { refuseCrossSite, requireJsonBodies } from './http/same-origin';
import { readAfterOwnWrites, rememberOwnWrites } from './http/read-your-writes';
import { systemClock, type Clock } from './clock';
import { createTrustService } from './features/trust/trust.service';
import { trustRoutes } from './features/trust/trust.routes';
import { createOffersService } from './features/offers/offers.service';
import { offersRoutes } from './features/offers/offers.routes';
import { createReviewsService } from './features/reviews/reviews.service';
import { reviewsRoutes } from './features/reviews/reviews.routes';
import { createSaleEvents } from './features/reviews/sales';
import { createAdminService } from './features/admin/admin.service';
import { adminRoutes } from './features/admin/admin.routes';
import { createRouter } from './http/create-router';
import { requestLogger } from './http/request-logger';
import { refuseControlCharacters } from './http/refuse-control-characters';
import { apiDocs } from './http/api-docs';
import { clientApp } from './http/client-app';
import { compression } from './http/compression';
import { cacheableAnswers } from './http/caching';
import { mediaRoutes } from './storage/media-routes';
import { removalJobHandlers } from './storage/removals';
import { healthRoutes } from './features/health/health.routes';
import { siteRoutes } from './features/site/site.routes';
import { boostsRoutes } from './features/boosts/boosts.routes';
import { createBoostsService } from './features/boosts/boosts.service';
import { authRoutes } from './features/auth/auth.routes';
import { createAuthService } from './features/auth/auth.service';
import { createSignInFlow } from './features/auth/sign-in';
import { sessionMiddleware } from './features/auth/sessions';
import { configuredSocialClients } from './features/auth/social';
import { profileRoutes } from './features/profile/profile.routes';
import { createProfileService } from './features/profile/profile.service';
import { listingsRoutes } from './features/listings/listings.routes';
import { aiEndpointFromEnv, createListingWriter } from './features/listings/ai-advanced';
import { createListingsService } from './features/listings/listings.service';
import { dashboardRoutes } from './features/dashboard/dashboard.routes';
import { createDashboardService } from './features/dashboard/dashboard.service';
import { createMessagesService } from './features/messages/messages.service';
import { messagesRoutes } from './features/messages/messages.routes';
import { listingHead } from './features/listings/listing-head';
import { pageRenderer } from './http/page-renderer';
import { clientIp } from './http/client-ip';
import { createLimiter } from './security/rate-limit';
import { seoFiles } from './http/seo-files';
import { createMailer, type Mailer } from './mail/mailer';
import { withTemplates } from './mail/templates';
import { accountRoutes } from './features/account/account.routes';
import { createAccountService } from './features/account/account.service';
import { createTwoFactor } from './features/auth/two-factor';
import { placesRoutes } from './features/places/places.routes';
import { devMailbox } from './mail/dev-mailbox';
import { queueLag, type JobHandler } from './jobs/queue';
import type Stripe from 'stripe';
import { createLocalBus, type Bus } from './realtime/bus';
import { createRealtimeHub } from './realtime/hub';
import { sessionAuthenticator } from './realtime/session-auth';
import { createNotificationsService } from './features/notifications/notifications.service';
import { notificationsRoutes } from './features/notifications/notifications.routes';
import { missedEmails } from './features/messages/missed-email';
import { createFleetService } from './features/fleet/fleet.service';
import { fleetRoutes } from './features/fleet/fleet.routes';
import { createFavouritesService } from './features/favourites/favourites.service';
import { favouritesRoutes } from './features/favourites/favourites.routes';
import { createSavedSearchesService } from './features/saved-searches/saved-searches.service';
import { savedSearchesRoutes } from './features/saved-searches/saved-searches.routes';
import { listingPublished } from './features/saved-searches/listing-published';
import { contactRoutes } from './features/contact/contact.routes';
import { createContactService } from './features/contact/contact.service';
import { createBillingService } from './features/billing/billing.service';
import { billingRoutes } from './features/billing/billing.routes';
import { communityRoutes } from './features/community/community.routes';
import { createCommunityService } from './features/community/community.service';

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
    ...sessionAuthenticator(db, cookies, env.PUBLIC_URL),
  });
  const auth = createAuthService({
    db,
    mailer,
    publicUrl: env.PUBLIC_URL,
    wakeJobs,
    sessionsEnded: (userId) => realtime.sessionsEnded([userId]),
  });
  const twoFactor = createTwoFactor({ db, secretsKey: env.secretsKey, wakeJobs, clock });
  const account = createAccountService({
    twoFactor,
    storage: deps.storage,
    cancelBilling: (userId) => billing.cancelForDeletion(userId),
    clock,
    db,
    mailer,
    publicUrl: env.PUBLIC_URL,
    wakeJobs,
    sessionsEnded: (userId) => realtime.sessionsEnded([userId]),
  });
  const notifications = createNotificationsService({ db, realtime });
  const missed = missedEmails({
    db,
    mailer,
    notifications,
    publicUrl: env.PUBLIC_URL,
    clock,
  });
  const favourites = createFavouritesService({ db, storage: deps.storage, notifications });
  const boosts = createBoostsService({ db, notifications, wakeJobs, clock });
  const saleEvents = createSaleEvents({ notifications });
  const listings = createListingsService({
    db,
    reads: deps.database.reads,
    storage: deps.storage,
    // Called inside the listing's transaction, so the job exists exactly when the change does.
    events: {
      published: listingPublished,
      priceChanged: (tx, id, oldPriceCents, priceCents) =>
        favourites.priceChanged(tx, id, oldPriceCents, priceCents),
      sold: (tx, id) => favourites.sold(tx, id),
      soldTo: (tx, sale) => saleEvents.soldTo(tx, sale),
      relisted: (tx, id) => saleEvents.relisted(tx, id),
    },
    wakeJobs,
  });
  const fleet = createFleetService(db);
  const trust = createTrustService({ db });
  const community = createCommunityService({ db, storage: deps.storage });
  const admin = createAdminService({
    db,
    storage: deps.storage,
    mailer,
    publicUrl: env.PUBLIC_URL,
    wakeJobs,
    sessionsEnded: (userId) => realtime.sessionsEnded([userId]),
    removePost: (postId) => community.removeAsModerator(postId),
    clock,
  });
  const savedSearches = createSavedSearchesService({
    db,
    listings,
    fleet,
    notifications,
    mailer,
    publicUrl: env.PUBLIC_URL,
    wakeJobs,
  });
  const contact = createContactService({
    db,
    mailer,
    supportEmail: env.SUPPORT_EMAIL,
    publicUrl: env.PUBLIC_URL,
    wakeJobs,
  });
  const billing = createBillingService({
    db,
    publicUrl: env.PUBLIC_URL,
    demo: env.BILLING_DEMO,
    graceDays: env.BILLING_GRACE_DAYS,
    notifications,
    mailer,
    wakeJobs,
    stripe:
      env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET && env.STRIPE_PRICE_GOLD && env.STRIPE_PRICE_PLATINUM
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET,
            prices: { gold: env.STRIPE_PRICE_GOLD, platinum: env.STRIPE_PRICE_PLATINUM },
            ...(env.STRIPE_API_URL ? { apiUrl: env.STRIPE_API_URL } : {}),
          }
        : null,
    ...(deps.stripeClient ? { stripeClient: deps.stripeClient } : {}),
  });
  const messages = createMessagesService({
    db,
    storage: deps.storage,
    realtime,
    notifications,
    planMissedEmail: missed.plan,
    wakeJobs,
    clock,
  });
  const offers = createOffersService({ db, messages, wakeJobs, clock });
  const jobHandlers: Record<string, JobHandler> = {
    ...auth.jobHandlers,
    ...account.jobHandlers,
    ...contact.jobHandlers,
    ...missed.jobHandlers,
    ...favourites.jobHandlers,
    ...boosts.jobHandlers,
    ...savedSearches.jobHandlers,
    ...billing.jobHandlers,
    ...removalJobHandlers(deps.storage),
    ...admin.jobHandlers,
    ...offers.jobHandlers,
  };

  const api = createRouter();
  api.use(bodyLimits());
  api.use(refuseControlCharacters());
  // Called cross-site by design, each checked its own way: Stripe signs its webhook; a provider's
  // callback must match the state kept in this browser's cookie. Photo uploads send the image itself.
  const crossSiteByDesign = (path: string) =>
    path === '/api/billing/webhook' || /^\/api\/auth\/social\/[a-z]+\/callback$/.test(path);
  api.use(clientIp(env.TRUST_PROXY));
  api.use(sessionMiddleware(db, cookies));
  if (deps.database.replicas) api.use(rememberOwnWrites(deps.database.replicas, cookies));
  api.use(refuseCrossSite(env.PUBLIC_URL, crossSiteByDesign));
  api.use(requireJsonBodies((path) => crossSiteByDesign(path) || path === '/api/photos'));
  api.use(async (c, next) => {
    await next();
    // Answers about who is signed in are for this browser only.
    if (!c.res.headers.has('Cache-Control')) c.header('Cache-Control', 'no-store');
  });
  // Public browse and listing pages: revalidated by ETag, shared briefly by a CDN when a visitor asks.
  api.on('GET', ['/listings', '/listings/:id'], cacheableAnswers());
  // One chain, so that its type is the route table the client's typed calls are checked against.
  const routes = api
    .route('/', healthRoutes({ ping: () => deps.database.ping(), queue: () => queueLag(db) }))
    .route(
      '/site',
      siteRoutes({
        shopUrl: env.SHOP_URL ?? null,
        supportEmail: env.SUPPORT_EMAIL,
        privacyEmail: env.PRIVACY_EMAIL ?? env.SUPPORT_EMAIL,
      }),
    )
    .route(
      '/auth',
      authRoutes({
        auth,
        limit,
        signIn: createSignInFlow({ db, auth, twoFactor, cookies, social: configuredSocialClients(env) }),
      }),
    )
    .route('/profile', profileRoutes(createProfileService(db)))
    .route('/account', accountRoutes({ account, limit, cookies }))
    .route(
      '/',
      listingsRoutes({
        db,
        storage: deps.storage,
        listings,
        messages,
        fleet,
        favourites,
        limit,
        writer: createListingWriter({ db, endpoint: aiEndpointFromEnv(env) }),
        hiddenSellers: (userId) => trust.hiddenSellers(userId),
      }),
    )
    .route('/', trustRoutes({ trust, limit }))
    .route('/', offersRoutes({ offers, limit }))
    .route('/', reviewsRoutes({ reviews: createReviewsService({ db, listings, clock }), limit }))
    .route('/places', placesRoutes())
    .route('/vehicles', fleetRoutes(fleet))
    .route('/boosts', boostsRoutes(boosts))
    .route('/favourites', favouritesRoutes(favourites))
    .route('/saved-searches', savedSearchesRoutes(savedSearches))
    .route('/contact', contactRoutes({ contact, limit }))
    .route('/billing', billingRoutes(billing))
    .route('/community', communityRoutes({ community, limit }))
    .route('/conversations', messagesRoutes({ messages, limit }))
    .route('/notifications', notificationsRoutes(notifications))
    .route('/dashboard', dashboardRoutes(createDashboardService({ db, storage: deps.storage })))
    .route('/admin', adminRoutes(admin));

  // Generated from the route schemas once, on first request: the routes do not change at run time.
  let openApiDocument: ReturnType<typeof api.getOpenAPI31Document> | undefined;
  api.get('/openapi.json', (c) => {
    openApiDocument ??= api.getOpenAPI31Document({
      openapi: '3.1.0',
      info: {
        title: 'ModMarket API',
        version: '1.0.0',
        description: 'The marketplace for aftermarket car parts.',
      },
    });
    return c.json(openApiDocument);
  });
  api.route('/docs', apiDocs());
  api.all('*', (c) => c.json(errorBody(c, 'NOT_FOUND'), 404));

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
          const listing = await listings.detail(id, null);
          return listing ? { head: listingHead(listing, env.PUBLIC_URL) } : { head: null, status: 404 };
        },
      }),
    );

  app.onError(handleError);
  return Object.assign(app, {
    jobHandlers,
    mailer,
    realtime,
    notifications,
    routes,
    /** Writes the search impressions counted since the last call (every few seconds, and at stop). */
    flushImpressions: () => listings.flushImpressions(),
  });
}

export type App = ReturnType<typeof createApp>;

/** Every endpoint under `/api` with its request and answer types: what the client's `hc` calls are typed by. */
export type ApiRoutes = App['routes'];
