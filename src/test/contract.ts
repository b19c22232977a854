import { Ajv2020, type ValidateFunction } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import { TrieRouter } from 'hono/router/trie-router';

/** The parts of the API document the contract check reads. */
export interface ApiDocument {
  paths: Record<
    string,
    Record<
      string,
      {
        security?: unknown[];
        responses?: Record<string, { content?: Record<string, { schema?: unknown }> }>;
      }
    >
  >;
}

/** One answer of the API, as the check sees it. */
export interface Answer {
  method: string;
  /** The path under `/api`, without the query (`/listings/…`). */
  path: string;
  status: number;
  contentType: string | null;
  /** The answer's Content-Encoding (a compressed body is not read). */
  contentEncoding: string | null;
  body: string;
}

/**
 * Whether an answer to this path is held to the document: the API's, but the document itself and its
 * docs page (which the document does not list) and event streams (no body to read at the end).
 */
export function heldToContract(path: string, contentType: string | null = null): boolean {
  return (
    path.startsWith('/api/') &&
    path !== '/api/openapi.json' &&
    !path.startsWith('/api/docs') &&
    !contentType?.includes('event-stream')
  );
}

const escape = (segment: string) => encodeURIComponent(segment.replace(/~/g, '~0').replace(/\//g, '~1'));

/**
 * The API document as a contract: every answer of an operation it lists must have a status the
 * operation documents and, when it is JSON, a body its schema for that status accepts (ajv, JSON
 * Schema 2020-12, as OpenAPI 3.1 writes schemas). `violation` says what is wrong, or null.
 */
export function contractOf(document: ApiDocument) {
  const ajv = new Ajv2020({ strict: false, allErrors: true });
  addFormats(ajv);
  ajv.addSchema(document as object, 'api');
  const operations = new TrieRouter<string>();
  for (const [template, item] of Object.entries(document.paths))
    for (const method of Object.keys(item))
      operations.add(method.toUpperCase(), template.replace(/\{(\w+)\}/g, ':$1'), template);
  const validators = new Map<string, ValidateFunction>();

  /** The document's template for a path, the one with the fewest parameters (`/listings/for-you`, not `/listings/{id}`). */
  function templateOf(method: string, path: string): string | null {
    const found = operations.match(method, path)[0].map(([template]) => template);
    found.sort((a, b) => (a.match(/\{/g)?.length ?? 0) - (b.match(/\{/g)?.length ?? 0));
    return found[0] ?? null;
  }

  return {
    /** Whether the document lists this operation. */
    lists: (method: string, path: string) => templateOf(method, path) !== null,
    violation(answer: Answer): string | null {
      const method = answer.method.toUpperCase() === 'HEAD' ? 'GET' : answer.method.toUpperCase();
      const template = templateOf(method, answer.path);
      // A server error is never part of the contract: the fuzzing walk holds that none happens, and
      // tests that break the database on purpose get one.
      if (!template || answer.status === 500) return null;
      const label = `${answer.method} ${answer.path} answered ${answer.status}`;
      const key = method.toLowerCase();
      const responses = document.paths[template]![key]!.responses ?? {};
      const status = String(answer.status);
      if (!(status in responses))
        return `${label}, a status ${key.toUpperCase()} ${template} does not document`;
      const json = answer.contentType?.split(';')[0]?.trim() === 'application/json';
      if (!json || answer.contentEncoding || answer.method.toUpperCase() === 'HEAD' || answer.status === 304)
        return null;
      if (!responses[status]!.content?.['application/json']?.schema)
        return `${label} with a JSON body, where the document says none`;
      const pointer = ['paths', template, key, 'responses', status, 'content', 'application/json', 'schema'];
      const ref = `api#/${pointer.map(escape).join('/')}`;
      let validate = validators.get(ref);
      if (!validate) validators.set(ref, (validate = ajv.compile({ $ref: ref })));
      let body: unknown;
      try {
        body = JSON.parse(answer.body);
      } catch {
        return `${label} with a body that is not JSON`;
      }
      if (validate(body)) return null;
      const errors = (validate.errors ?? [])
        .slice(0, 5)
        .map((error) => `${error.instancePath || '/'} ${error.message ?? ''}`)
        .join('; ');
      return `${label} with a body its schema refuses: ${errors}`;
    },
  };
}
