import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERROR_CODES } from '@common/schemas/errors';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';
import type { TestBrowser } from '../../test/test-browser';

/**
 * Bad input, tried systematically: every operation of the API document gets malformed ids, query
 * values and bodies. Each answer must be a 4xx with a stable code and a translated message, never a
 * 500, and a refused request must write nothing.
 */

interface Operation {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  /** The JSON body's properties, when it takes one. */
  bodyProperties: string[] | null;
}

let t: TestApp;
let member: { browser: TestBrowser; id: string };
let operations: Operation[];
/** Rows written so far, by table (see the triggers made below). */
let countTables: () => Promise<Record<string, number>>;

// Routes whose side effect is the point even with an empty body, and the Stripe webhook (signed).
const SKIPPED = new Set(['POST /auth/sign-out', 'POST /billing/webhook', 'POST /notifications/read-all']);

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
    paths: Record<
      string,
      Record<
        string,
        {
          parameters?: { in: string; name: string }[];
          requestBody?: { content: Record<string, { schema?: { properties?: object; $ref?: string } }> };
        }
      >
    >;
    components?: { schemas?: Record<string, { properties?: object }> };
  };
  operations = Object.entries(doc.paths).flatMap(([path, ops]) =>
    Object.entries(ops).map(([method, op]) => {
      const schema = op.requestBody?.content['application/json']?.schema;
      const resolved = schema?.$ref ? doc.components?.schemas?.[schema.$ref.split('/').pop()!] : schema;
      return {
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        bodyProperties: schema ? Object.keys(resolved?.properties ?? {}) : null,
      };
    }),
  );
  // Rows put in or taken out of every table but the rate-limit counters (counting a refused attempt is
  // their job), kept per table by a row trigger: one small read tells whether a request wrote, where
  // counting each table's rows took about sixty scans a request.
  const tables = (
    await t.database.db.execute<{ name: string }>(
      sql`select tablename as name from pg_tables where schemaname = 'public' and tablename not in ('rate_limits', '__drizzle_migrations')`,
    )
  ).rows.map((row) => row.name);
  await t.database.db.execute(
    sql.raw(`create table bad_input_writes (name text primary key, n int not null);
      create function bad_input_wrote() returns trigger language plpgsql as $$
      begin
        insert into bad_input_writes values (tg_table_name, 1)
          on conflict (name) do update set n = bad_input_writes.n + 1;
        return null;
      end $$`),
  );
  for (const name of tables)
    await t.database.db.execute(
      sql.raw(`create trigger bad_input_wrote after insert or delete on "${name}"
        for each row execute function bad_input_wrote()`),
    );
  countTables = async () =>
    Object.fromEntries(
      (
        await t.database.db.execute<{ name: string; n: number }>(sql`select name, n from bad_input_writes`)
      ).rows.map((row) => [row.name, row.n]),
    );
});
afterAll(async () => {
  await t.close();
});

/** Text people and tools send by mistake or on purpose: empty, huge, control characters, odd Unicode. */
const nastyString = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '\u202e\u202d',
    '𝔘𝔫𝔦𝔠𝔬𝔡𝔢',
    '👨‍👩‍👧‍👦',
    '../..',
    '%00',
    "'; drop table listings; --",
  ),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.string({ unit: 'binary', minLength: 5_000, maxLength: 20_000 }),
);
const anyValue = fc.oneof(
  nastyString,
  fc.anything({ maxDepth: 2 }),
  fc.constant(null),
  fc.integer(),
  fc.double(),
);
// Not "." nor "..": a URL drops dot segments before it is sent, so they never reach the server as an
// id (`/listings/./messages` is asked as `/listings/messages`, another address; see api-document.test).
const malformedId = fc.oneof(
  nastyString.filter((s) => s.length > 0 && s.length < 2_000 && s !== '.' && s !== '..'),
  fc.uuid().map((id) => `${id}x`),
  fc.constantFrom(
    '1',
    '-1',
    'null',
    'undefined',
    '00000000-0000-0000-0000-00000000000g',
    '-'.repeat(36),
    'not-a-uuid',
  ),
);

function fillPath(op: Operation, values: Record<string, string>) {
  return `/api${op.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(values[name] ?? ''))}`;
}

async function send(browser: TestBrowser, method: string, path: string, body?: string) {
  // What any request may write is counted anew before the next check (`answerCleanly`).
  counted = null;
  const cookie = [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  const response = await t.app.request(
    path,
    {
      method,
      headers: {
        'Accept-Language': 'es',
        Cookie: cookie,
        Origin: 'http://localhost:3000',
        ...(body !== undefined ? { 'Content-Type': 'application/json' } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    },
    { incoming: { socket: { remoteAddress: browser.ip } } },
  );
  const text = await response.text();
  return { status: response.status, text };
}

/**
 * The rows written, by table, after the last request checked, while nothing has written since: a
 * request that was refused leaves them as they were, so they stand as the next request's "before" (one
 * read per request, not two). Null after a request that was let through (it may have written).
 */
let counted: Record<string, number> | null = null;

/**
 * Sends one request and checks its answer: never a 5xx; a refusal (4xx) has a known code and a message
 * in the asker's language, and wrote nothing. Returns the status.
 */
async function answerCleanly(label: string, attempt: () => Promise<{ status: number; text: string }>) {
  const before = counted ?? (await countTables());
  const { status, text } = await attempt();
  expect(status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
  if (status < 400) return status;
  const body = JSON.parse(text) as {
    error: { code: string; message: string; fields?: Record<string, string> };
  };
  expect(ERROR_CODES as readonly string[], label).toContain(body.error.code);
  for (const message of [body.error.message, ...Object.values(body.error.fields ?? {})]) {
    expect(message.length, label).toBeGreaterThan(0);
    expect(message, label).not.toMatch(/^(validation|field)\.|^[A-Z_]+$/);
  }
  const after = await countTables();
  expect(after, label).toEqual(before);
  counted = after;
  return status;
}

/** As `answerCleanly`, for input that is bad for sure: it must be refused. */
async function expectRefusedCleanly(label: string, attempt: () => Promise<{ status: number; text: string }>) {
  const status = await answerCleanly(label, attempt);
  expect(status, label).toBeGreaterThanOrEqual(400);
  return status;
}

// The schema-driven walk (schema-fuzz.test.ts) also breaks every body and query one field at a time:
// these hand-picked oddities need fewer runs beside it.
const RUNS = 15;

// Each test walks every endpoint of the API: many requests, each with two counts of every table, so
// far more time than one request's test: about 13 s on a quiet machine, past 60 s on PostgreSQL while
// the journeys ran on the same two cores.
describe('bad input on every endpoint', { timeout: 150_000 }, () => {
  it('answers a malformed id in the path with 404, as for a missing row, before reading the body', async () => {
    for (const op of operations.filter((o) => o.pathParams.includes('id'))) {
      const body = op.bodyProperties ? '{}' : undefined;
      await fc.assert(
        fc.asyncProperty(malformedId, async (id) => {
          const label = `${op.method} ${op.path} id=${JSON.stringify(id)}`;
          const status = await expectRefusedCleanly(label, () =>
            send(member.browser, op.method, fillPath(op, { id }), body),
          );
          expect(status, label).toBe(404);
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('refuses wrong types, missing and extra fields, huge and odd strings in every JSON body', async () => {
    for (const op of operations.filter((o) => o.bodyProperties && !SKIPPED.has(`${o.method} ${o.path}`))) {
      const known = op.bodyProperties!;
      const body = fc.oneof(
        // Every known field with a value of any type, plus a stray one.
        fc.record(Object.fromEntries([...known, 'unexpected'].map((key) => [key, anyValue])), {
          requiredKeys: [],
        }),
        fc.anything({ maxDepth: 2 }),
        fc.constant({}),
      );
      const path = fillPath(op, { id: '00000000-0000-4000-8000-000000000000', provider: 'google' });
      // Every field present with a type no field takes: refused, on every endpoint.
      const allWrong = Object.fromEntries(known.map((key) => [key, [[[]]]]));
      await expectRefusedCleanly(`${op.method} ${op.path} ${JSON.stringify(allWrong)}`, () =>
        send(member.browser, op.method, path, JSON.stringify(allWrong)),
      );
      // Random bodies are mostly bad, now and then valid by chance: never a 5xx, and a refusal is clean.
      await fc.assert(
        fc.asyncProperty(body, async (value) => {
          const label = `${op.method} ${op.path} ${JSON.stringify(value)?.slice(0, 200)}`;
          await answerCleanly(label, () => send(member.browser, op.method, path, JSON.stringify(value)));
        }),
        { numRuns: RUNS },
      );
    }
  });

  it('refuses control characters and half characters in any field, as found by the properties', async () => {
    for (const [path, body] of [
      // A lone surrogate, sent as JSON's escape (JSON.stringify writes one so): PostgreSQL's JSON
      // refuses it, so a saved search's query with one was a server error.
      ['/api/saved-searches', { name: 'Turbo', query: { q: 'turbo\ud800' } }],
      ['/api/saved-searches', { name: '\udc00', query: {} }],
      ['/api/community/posts', { title: '\u000e', description: '!' }],
      ['/api/community/posts', { title: 'Turbo\u0000', description: 'Boost' }],
      [
        '/api/contact',
        { name: 'Kai\u0007', email: 'kai@example.com', topic: 'other', message: 'Hello there, friend' },
      ],
    ] as const) {
      const status = await expectRefusedCleanly(`${path} ${JSON.stringify(body)}`, () =>
        send(member.browser, 'POST', path, JSON.stringify(body)),
      );
      expect(status).toBe(400);
    }
  });

  it('refuses malformed JSON with 400', async () => {
    const bodies = ['{', '{"title":', '[1,2', 'nul', '{"a":1}}', '\u0000', '{"title":"\ud800"}'];
    for (const op of operations.filter((o) => o.bodyProperties && !SKIPPED.has(`${o.method} ${o.path}`))) {
      const path = fillPath(op, { id: '00000000-0000-4000-8000-000000000000', provider: 'google' });
      if ((await send(member.browser, op.method, path, '{}')).status < 300) continue;
      for (const raw of bodies) {
        const label = `${op.method} ${op.path} ${JSON.stringify(raw)}`;
        const status = await expectRefusedCleanly(label, () => send(member.browser, op.method, path, raw));
        expect([400, 404], label).toContain(status);
      }
    }
  });

  it('never fails on odd query values and cursors: an answer or a clean refusal', async () => {
    for (const op of operations.filter((o) => o.queryParams.length && o.method === 'GET')) {
      const query = fc.dictionary(
        fc.constantFrom(...op.queryParams),
        nastyString.filter((s) => s.length < 2_000),
        {
          minKeys: 1,
        },
      );
      await fc.assert(
        fc.asyncProperty(query, async (params) => {
          const search = new URLSearchParams(params).toString();
          const path = `${fillPath(op, { provider: 'google' })}?${search}`;
          const { status, text } = await send(member.browser, 'GET', path);
          const label = `${op.method} ${path.slice(0, 200)}`;
          expect(status, `${label}: ${text.slice(0, 300)}`).toBeLessThan(500);
          if (status >= 400) await expectRefusedCleanly(label, () => send(member.browser, 'GET', path));
        }),
        { numRuns: RUNS },
      );
    }
  });
});
