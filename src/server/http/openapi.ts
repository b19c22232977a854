import type { z } from '@hono/zod-openapi';
import { ErrorResponseSchema } from '@common/schemas/errors';

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
