import fc from 'fast-check';
import { generateSync } from 'json-schema-faker';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import { partInput } from '../../test/listings';
import { TestBrowser } from '../../test/test-browser';

/**
 * Every operation of the API document fuzzed from its own schemas (fast-check, with json-schema-faker
 * drawing values from the schemas): input the document calls valid, and the same input broken one
 * field at a time, each sent by a visitor and by a member, with real ids among the drawn ones. No
 * answer is a server error, and every answer holds to the document (the suite's contract check, which
 * fails the request otherwise).
 */

interface Parameter {
  in: string;
  name: string;
  required?: boolean;
  schema?: object;
}
interface Operation {
  method: string;
  path: string;
  parameters: Parameter[];
  body: object | null;
}
type Request = { path: string; body: unknown };

let t: TestApp;
let member: { browser: TestBrowser; id: string };
let components: object;
let operations: Operation[];
/** Ids of rows that exist, offered beside the drawn ones so operations get past "not found". */
let realIds: Record<string, string[]>;

beforeAll(async () => {
  t = await createTestApp();
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<
        string,
        { parameters?: Parameter[]; requestBody?: { content: Record<string, { schema?: object }> } }
      >
    >;
    components: object;
  };
  components = doc.components;
  operations = Object.entries(doc.paths).flatMap(([path, item]) =>
    Object.entries(item).map(([method, operation]) => ({
      method: method.toUpperCase(),
      path,
      parameters: operation.parameters ?? [],
      body: operation.requestBody?.content['application/json']?.schema ?? null,
    })),
  );
  const seller = await signedInMember(t, { plan: 'gold' });
  const listed = await seller.browser.api.listings.$post({ json: partInput('Fuzzed intake manifold') });
  const listing = ((await listed.json()) as { id: string }).id;
  member = await signedInMember(t);
  realIds = { id: [listing], memberId: [seller.id], provider: ['google'], zip: ['90210'], code: ['A1B2C3'] };
});
afterAll(async () => {
  await t.close();
});

/** A value of `schema`, drawn by json-schema-faker from `seed` (its references read from the document's components). */
const drawn = (schema: object, seed: number) => generateSync({ ...schema, components } as never, { seed });

/** A request the document calls valid: every path parameter, some query parameters, the body. */
function validRequest(op: Operation): fc.Arbitrary<Request> {
  return fc
    .record({ seed: fc.integer({ min: 1, max: 2 ** 30 }), real: fc.boolean(), optional: fc.boolean() })
    .map(({ seed, real, optional }) => {
      const query = new URLSearchParams();
      let path = op.path;
      for (const [index, parameter] of op.parameters.entries()) {
        const value = drawn(parameter.schema ?? { type: 'string' }, seed + index);
        if (parameter.in === 'path') {
          const known = realIds[parameter.name];
          const chosen = real && known ? known[seed % known.length]! : String(value);
          path = path.replace(`{${parameter.name}}`, encodeURIComponent(chosen));
        } else if (parameter.in === 'query' && (parameter.required || optional))
          query.set(parameter.name, typeof value === 'object' ? JSON.stringify(value) : String(value));
      }
      const search = query.toString();
      return {
        path: `/api${path}${search ? `?${search}` : ''}`,
        body: op.body ? drawn(op.body, seed) : undefined,
      };
    });
}

/** The same request broken once: a field of another type, a field left out, or a body of another shape. */
function brokenRequest(op: Operation): fc.Arbitrary<Request> {
  const odd = fc.oneof(fc.jsonValue({ maxDepth: 2 }), fc.string({ unit: 'grapheme', maxLength: 300 }));
  return fc.tuple(validRequest(op), odd, fc.nat()).map(([request, value, pick]) => {
    if (!op.body) {
      const [base, search = ''] = request.path.split('?');
      const query = new URLSearchParams(search);
      const names = op.parameters.filter((p) => p.in === 'query').map((p) => p.name);
      if (names.length) query.set(names[pick % names.length]!, JSON.stringify(value));
      return { path: `${base}?${query.toString()}`, body: undefined };
    }
    const body = request.body;
    if (!body || typeof body !== 'object' || Array.isArray(body)) return { ...request, body: value };
    const keys = Object.keys(body);
    if (!keys.length) return { ...request, body: value };
    const key = keys[pick % keys.length]!;
    const changed: Record<string, unknown> = { ...(body as Record<string, unknown>) };
    if (pick % 3 === 0) delete changed[key];
    else changed[key] = value;
    return { ...request, body: changed };
  });
}

/** A visitor: no cookie, from an address of its own. */
const visitor = () => new TestBrowser(t, '198.51.100.8', 'zh-CN');

async function send(browser: TestBrowser, method: string, { path, body }: Request) {
  const answer = await browser.request(method, path, body);
  return { status: answer.status, text: JSON.stringify(answer.body) ?? '' };
}

/** A member whose session a fuzzed request ended (signing out, a new password) is replaced. */
async function stillSignedIn() {
  const session = await member.browser.request<{ user: unknown }>('GET', '/api/auth/session');
  if (!session.body.user) member = await signedInMember(t);
}

const RUNS = 2;

describe('every operation, fuzzed from its schema', { timeout: 240_000 }, () => {
  for (const [kind, arbitrary] of [
    ['valid', validRequest],
    ['broken', brokenRequest],
  ] as const)
    it(`answers ${kind} input without a server error, as the document says (a visitor and a member)`, async () => {
      for (const op of operations)
        for (const asker of ['visitor', 'member'] as const) {
          await fc.assert(
            fc.asyncProperty(arbitrary(op), async (request) => {
              const { status, text } = await send(
                asker === 'member' ? member.browser : visitor(),
                op.method,
                request,
              );
              // A server error's own log line says what failed.
              const logged =
                status >= 500 ? JSON.stringify(t.logs.filter((line) => Number(line.level) >= 50).at(-1)) : '';
              expect(
                status,
                `${asker} ${op.method} ${request.path} ${JSON.stringify(request.body)?.slice(0, 300)}: ${text.slice(0, 300)} ${logged?.slice(0, 1500)}`,
              ).toBeLessThan(500);
            }),
            { numRuns: RUNS },
          );
          if (asker === 'member') await stillSignedIn();
        }
    });
});
