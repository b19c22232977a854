import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/**
 * The route table says which endpoints are for members (`member: true`): every one of them turns a
 * visitor away with 401 before reading anything they sent, even a body that would not validate.
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
      paths: Record<string, Record<string, { responses: Record<string, unknown> }>>;
    };
    const memberOnly = Object.entries(doc.paths).flatMap(([path, operations]) =>
      Object.entries(operations)
        .filter(([, operation]) => '401' in operation.responses)
        .map(([method]) => ({ method: method.toUpperCase(), path: path.replace('{id}', SOME_ID) })),
    );
    // The table's member routes: fleet, favourites, saved searches, messages, notifications,
    // community, billing, dashboard, profile and the member's listing operations.
    expect(memberOnly.length).toBeGreaterThan(40);
    for (const { method, path } of memberOnly) {
      // Their 401 is about the sign-in itself: wrong credentials, or a second step that timed out.
      if (path === '/auth/sign-in' || path === '/auth/two-factor') continue;
      const body = method === 'GET' ? undefined : '{"not":"valid"}';
      const response = await t.app.request(`/api${path}`, {
        method,
        headers: {
          'Accept-Language': 'es',
          Origin: 'http://localhost:3000',
          ...(body ? { 'Content-Type': 'application/json' } : {}),
        },
        ...(body ? { body } : {}),
      });
      const answer = (await response.json()) as { error?: { code: string; message: string } };
      expect(response.status, `${method} ${path}`).toBe(401);
      expect(answer.error?.code, `${method} ${path}`).toBe('UNAUTHORIZED');
      expect(answer.error?.message, `${method} ${path}`).toMatch(/inicia sesión/i);
    }
  });
});
