import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { AI_DRAFT_MAX_BODY_BYTES } from '../features/listings/ai-draft';
import { ApiError } from './api-error';

/** The largest JSON body any endpoint takes (a listing with 10 photos and a long description fits easily). */
const MAX_JSON_BODY_BYTES = 256 * 1024;

const refuseLarger = (maxSize: number) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError(413, 'PAYLOAD_TOO_LARGE');
    },
  });

/** Methods whose body no handler reads: the cap has nothing to guard, and looking builds a full Request. */
const BODILESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Every request body under `/api` is capped; photo uploads have their own, larger cap on their route.
 * An AI draft request is a few short fields: anything larger is refused before it is read. A read's
 * body is never read, so it is not looked at either.
 */
export function bodyLimits(): MiddlewareHandler {
  const jsonBodyLimit = refuseLarger(MAX_JSON_BODY_BYTES);
  const aiDraftBodyLimit = refuseLarger(AI_DRAFT_MAX_BODY_BYTES);
  return (c, next) =>
    BODILESS.has(c.req.method) || c.req.path === '/api/photos'
      ? next()
      : (c.req.path === '/api/listings/ai-draft' ? aiDraftBodyLimit : jsonBodyLimit)(c, next);
}
