import type { OpenAPIHono } from '@hono/zod-openapi';
import type { AppEnv } from './app-env';
import { SESSION_SCHEME } from './openapi';

type Document = ReturnType<OpenAPIHono<AppEnv>['getOpenAPI31Document']>;
type Operation = NonNullable<NonNullable<Document['paths']>[string]['get']>;

const METHODS = ['get', 'put', 'post', 'delete', 'patch'] as const;
const SAFE = new Set(['get']);

/**
 * What the API's own checks answer before any route's handler, by what they look at: every request
 * (its query), a request that writes (its origin, its body's size and type), and a path with an id.
 * Each operation of the document lists the ones that apply to it, beside its own.
 */
function sharedAnswers(method: string, operation: Operation): Record<string, string> {
  const answers: Record<string, string> = {
    400: 'Bad input (VALIDATION_ERROR): a parameter or field the schema refuses, or a control character in the query or the body',
    503: 'The database is unavailable for now (SERVICE_UNAVAILABLE): try again shortly',
  };
  if ((operation.parameters ?? []).some((parameter) => 'in' in parameter && parameter.in === 'path'))
    answers[404] = 'Nothing has this id (NOT_FOUND), or the id is malformed';
  if (SAFE.has(method))
    answers[304] = 'Not modified since the entity tag sent in If-None-Match (every JSON answer has an ETag)';
  else {
    answers[403] = 'Sent from another site (CROSS_SITE_REQUEST)';
    answers[413] = 'The body is larger than this operation takes (PAYLOAD_TOO_LARGE)';
    answers[415] = 'A body that is not JSON (JSON_REQUIRED)';
  }
  return answers;
}

/**
 * A nullable schema that names a component comes out of the generator as `allOf: [$ref, {type: [object,
 * null]}]`, which refuses null (the component is an object): it is written as `anyOf: [$ref, null]`.
 */
function nullableReferences(node: unknown): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) return node.forEach(nullableReferences);
  const schema = node as Record<string, unknown>;
  const parts = schema.allOf;
  if (Array.isArray(parts) && parts.length === 2) {
    const [reference, nullable] = parts as Record<string, unknown>[];
    const types = nullable?.type;
    if (
      reference?.$ref &&
      Array.isArray(types) &&
      types.includes('null') &&
      Object.keys(nullable!).length === 1
    ) {
      delete schema.allOf;
      schema.anyOf = [reference, { type: 'null' }];
    }
  }
  for (const value of Object.values(schema)) nullableReferences(value);
}

/**
 * The API document, generated from the route table (each route's schemas and answers), with the
 * session cookie as its security scheme, the answers of the API's shared checks on every operation,
 * and nullable references that accept null. The document is the contract the suite holds the server to
 * (`src/test/contract.ts`).
 */
export function apiDocument(api: OpenAPIHono<AppEnv>, sessionCookie: string): Document {
  const document = api.getOpenAPI31Document({
    openapi: '3.1.0',
    info: {
      title: 'ModMarket API',
      version: '1.0.0',
      description:
        'The marketplace for aftermarket car parts. Member operations need the session cookie set by ' +
        'signing in; a visitor calling one gets 401 before anything else is checked. Every error ' +
        'answers the same shape: a stable code and a message in the Accept-Language of the request.',
    },
  });
  document.components ??= {};
  document.components.securitySchemes = {
    [SESSION_SCHEME]: {
      type: 'apiKey',
      in: 'cookie',
      name: sessionCookie,
      description: 'The session cookie `POST /api/auth/sign-in` sets (HttpOnly).',
    },
  };
  for (const item of Object.values(document.paths ?? {}))
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      operation.responses ??= {};
      for (const [status, description] of Object.entries(sharedAnswers(method, operation)))
        operation.responses![status] ??=
          status === '304'
            ? { description }
            : {
                description,
                content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
              };
    }
  nullableReferences(document);
  return document;
}
