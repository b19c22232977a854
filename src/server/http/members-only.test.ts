import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The route table says which endpoints are for members (`member: true`), and the API document says
 * so too (the session scheme in each one's `security`): every one of them turns a visitor away with
 * 401 before reading anything they sent, even a query with a control character or a body that is too
 * large, not JSON, or would not validate.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});

afterAll(async () => {
  await t.close();
});

const SOME_ID = '00000000-0000-4000-8000-000000000000';

describe('members-only routes', () => {
  it('answer a visitor 401 UNAUTHORIZED, whatever the body', async () => {
    const doc = (await (await t.app.request('/api/openapi.json')).json()) as {
      paths: Record<string, Record<string, { security?: Record<string, string[]>[] }>>;
      components: { securitySchemes: Record<string, { type: string; in: string; name: string }> };
    };
    expect(doc.components.securitySchemes.session).toEqual(
      expect.objectContaining({ type: 'apiKey', in: 'cookie', name: 'mm_session' }),
    );
    const memberOnly = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => operation.security?.some((scheme) => 'session' in scheme))
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace(/\{\w+\}/g, SOME_ID) })),
    );
    // The table's member routes: fleet, favourites, saved searches, messages, notifications,
    // community, billing, dashboard, profile and the member's listing operations.
    expect(memberOnly.length).toBeGreaterThan(40);
    const bodies = [
      { type: 'application/json', body: '{"not":"valid"}' },
      { type: 'application/json', body: JSON.stringify({ text: 'x'.repeat(400_000) }) },
      { type: 'text/plain', body: 'not json' },
    ];
    for (const { method, path } of memberOnly)
      for (const [index, { type, body }] of (method === 'GET'
        ? [{ type: '', body: '' }]
        : bodies
      ).entries()) {
        const label = `${method} ${path} (${index})`;
        // A control character in the query is refused with 400 for anyone else.
        const response = await t.app.request(`/api${path}?q=%01`, {
          method,
          headers: {
            'Accept-Language': 'es',
            Origin: 'https://elsewhere.example',
            ...(body ? { 'Content-Type': type, 'Content-Length': String(body.length) } : {}),
          },
          ...(body ? { body } : {}),
        });
        const answer = (await response.json()) as { error?: { code: string; message: string } };
        expect(response.status, label).toBe(401);
        expect(answer.error?.code, label).toBe('UNAUTHORIZED');
        expect(answer.error?.message, label).toMatch(/inicia sesión/i);
      }
  });
});
