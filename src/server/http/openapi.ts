import { createRoute, type RouteConfig, type z } from '@hono/zod-openapi';
import type { MiddlewareHandler } from 'hono';
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

/** Lets only a signed-in member through, before the request is validated or the handler runs. */
const membersOnly: MiddlewareHandler<AppEnv> = async (c, next) => {
  if (!c.get('user')) throw new ApiError(401, 'UNAUTHORIZED');
  await next();
};

/**
 * A route of a feature's table. `member: true` admits signed-in members only (a visitor gets 401
 * UNAUTHORIZED from the table, not from each handler), and the handler reads the member with
 * `requireUser(c)`.
 */
export function route<const R extends RouteConfig>(config: R & { member?: true }): R {
  const { member, ...definition } = config;
  const middleware = definition.middleware === undefined ? [] : [definition.middleware].flat();
  return createRoute(
    (member ? { ...definition, middleware: [membersOnly, ...middleware] } : definition) as R,
  );
}
