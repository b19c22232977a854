import { Hono } from 'hono';
import { secureHeaders } from 'hono/secure-headers';
import { HTTPException } from 'hono/http-exception';
import type { Logger } from 'pino';
import type { Env } from './env';
import type { Database } from './db/client';
import type { Storage } from './storage/storage';
import type { AppEnv } from './http/app-env';
import { ApiError, errorBody, errorResponse } from './http/api-error';
import { createRouter } from './http/create-router';
import { requestLogger } from './http/request-logger';
import { apiDocs } from './http/api-docs';
import { clientApp } from './http/client-app';
import { mediaRoutes } from './storage/media-routes';
import { healthRoutes } from './features/health/health.routes';

export interface AppDeps {
  env: Env;
  database: Database;
  storage: Storage;
  logger: Logger;
  /** The built React app; absent in API tests and in development (Vite serves it). */
  clientDir?: string;
}

/** Builds the whole HTTP app from its parts; `index.ts` listens, tests call `app.request()`. */
export function createApp(deps: AppDeps) {
  const api = createRouter();
  api.route('/', healthRoutes({ ping: () => deps.database.ping() }));

  api.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'ModMarket API',
      version: '1.0.0',
      description: 'The marketplace for aftermarket car parts.',
    },
  });
  api.route('/docs', apiDocs());
  api.all('*', (c) => c.json(errorBody(c, 'NOT_FOUND'), 404));

  const app = new Hono<AppEnv>();
  app.use(requestLogger(deps.logger));
  app.use(
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        styleSrc: ["'self'", "'unsafe-inline'"],
        scriptSrc: ["'self'"],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
      },
      strictTransportSecurity: deps.env.isProduction ? 'max-age=31536000; includeSubDomains' : false,
    }),
  );
  app.route('/api', api);
  app.route('/media', mediaRoutes(deps.storage));
  if (deps.clientDir) app.route('/', clientApp(deps.clientDir));

  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error);
    if (error instanceof HTTPException && error.status < 500) {
      const code =
        error.status === 413 ? 'PAYLOAD_TOO_LARGE' : error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
      return c.json(errorBody(c, code), error.status);
    }
    c.get('logger').error({ err: error }, 'unhandled error');
    return c.json(errorBody(c, 'INTERNAL_ERROR'), 500);
  });
  return app;
}

export type App = ReturnType<typeof createApp>;
