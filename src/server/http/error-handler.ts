import type { ErrorHandler } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { ErrorCode } from '@common/schemas/errors';
import { isDatabaseUnavailable } from '../db/unavailable';
import { logSecurityEvent, type SecurityEvent } from '../security/security-log';
import type { AppEnv } from './app-env';
import { ApiError, errorBody, errorResponse } from './api-error';

/** Refusals that belong in the security log as well as in the answer. */
const SECURITY_EVENT_OF: Partial<Record<ErrorCode, SecurityEvent>> = {
  RATE_LIMITED: 'limit.reached',
  FORBIDDEN: 'authorization.refused',
  CROSS_SITE_REQUEST: 'authorization.refused',
  WEBHOOK_SIGNATURE: 'webhook.signature-failed',
};

/**
 * The app's `onError`: an `ApiError` is answered with its code (and logged as a security event when it
 * is one), Hono's own refusals below 500 with the nearest code, an unreachable database with 503 and
 * `Retry-After`, and anything else with 500 and the error in the log.
 */
export const handleError: ErrorHandler<AppEnv> = (error, c) => {
  if (error instanceof ApiError) {
    const event = SECURITY_EVENT_OF[error.code];
    if (event) logSecurityEvent(c, event, { code: error.code, method: c.req.method, path: c.req.path });
    // A refusal because something underneath failed (a store out of reach): the cause goes to the log.
    if (error.cause)
      c.get('logger').warn({ err: error.cause, code: error.code }, 'request failed underneath');
    return errorResponse(c, error);
  }
  if (error instanceof HTTPException && error.status < 500) {
    const code =
      error.status === 413 ? 'PAYLOAD_TOO_LARGE' : error.status === 404 ? 'NOT_FOUND' : 'VALIDATION_ERROR';
    return c.json(errorBody(c, code), error.status);
  }
  if (isDatabaseUnavailable(error)) {
    c.get('logger').warn({ err: error }, 'database unavailable');
    c.header('Retry-After', '5');
    return c.json(errorBody(c, 'SERVICE_UNAVAILABLE'), 503);
  }
  c.get('logger').error({ err: error }, 'unhandled error');
  return c.json(errorBody(c, 'INTERNAL_ERROR'), 500);
};
