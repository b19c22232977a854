import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes } from 'hono/route';
import { ErrorResponseSchema } from '@common/schemas/errors';
import type { AppEnv } from './app-env';
import { ApiError } from './api-error';

/** Route-definition shorthands shared by every feature's `createRoute` calls. */

/** A JSON response of `schema`. */
export const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});

/** A required JSON request body of `schema` (spread into `request`). */
export const body = <T extends z.ZodType>(schema: T) => ({
  body: { content: { 'application/json': { schema } }, required: true },
});

/** An error response (the shared error shape). */
export const failure = (description: string) => json(ErrorResponseSchema, description);

/** The security scheme of the API document that member operations name (the session cookie). */
export const SESSION_SCHEME = 'session';

/**
 * Lets only a signed-in member through. It is the first of a member route's handlers, and
 * `membersFirst` (run before the API's other checks) finds it there to turn a visitor away first.
 */
const membersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw new ApiError(401, 'UNAUTHORIZED');
  await next();
};

/** Whether a handler of the route table is `membersOnly` (as is, or as a mounted router wraps it). */
const isMembersOnly = (handler: unknown) =>
  handler === membersOnly ||
  (handler as { __COMPOSED_HANDLER?: unknown } | null)?.__COMPOSED_HANDLER === membersOnly;

/**
 * A visitor asking for a member operation gets 401 before any other check of what they sent (a body
 * limit, control characters, the cross-site rule, the content type, validation): the route table
 * says which operations are for members, and this reads it for the request's route.
 */
export const membersFirst: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user') && matchedRoutes(c).some((matched) => isMembersOnly(matched.handler)))
    throw new ApiError(401, 'UNAUTHORIZED');
  await next();
};

/**
 * Lets through only a member others can see by name: what they send or publish carries it. Sign-up
 * asks for none; the app asks for it the first time it is needed (`PUT /api/account/name`).
 */
const namedOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')?.firstName?.trim()) throw new ApiError(403, 'NAME_REQUIRED');
  await next();
};

/**
 * A route of a feature's table. `member: true` admits signed-in members only (a visitor gets 401
 * UNAUTHORIZED from the table, not from each handler), and the handler reads the member with
 * `requireUser(c)`. `member: 'named'` also needs the member's name (403 NAME_REQUIRED): for what
 * shows them to others (a message, an offer, an order, a listing, a post, a review).
 */
export function route<const R extends RouteConfig>(config: R & { member?: true | 'named' }): R {
  const { member, ...definition } = config;
  const middleware = definition.middleware === undefined ? [] : [definition.middleware].flat();
  const guards = member === 'named' ? [membersOnly, namedOnly] : member ? [membersOnly] : [];
  if (!guards.length) return createRoute(definition as R);
  const responses = {
    401: failure('Not signed in (UNAUTHORIZED)'),
    ...(member === 'named'
      ? { 403: failure('Not allowed, or the member has no name yet (NAME_REQUIRED)') }
      : {}),
    ...definition.responses,
  };
  return createRoute({
    ...definition,
    responses,
    security: [{ [SESSION_SCHEME]: [] }],
    middleware: [...guards, ...middleware],
  } as unknown as R);
}
