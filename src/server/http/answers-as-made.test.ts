import { hash } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';

/*
 * The Node adapter (@hono/node-server) writes an answer straight out while it is still the light form
 * a handler made (`c.json`: a status, a string, headers). An answer changed after the handler with
 * `c.header()` is copied through a stream instead: that copy was most of what health cost (issue 37's
 * profile: 2,900 requests/s against 4,500 without it). Listening puts the adapter's `Response` in place,
 * as the server does.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
  await t.listen();
});
afterAll(async () => {
  await t.close();
});

/** What the adapter will write: the body still as the handler made it, or a stream. */
function bodyAsMade(response: Response): unknown {
  const cache = Object.getOwnPropertySymbols(response).find((symbol) => symbol.description === 'cache');
  expect(cache, 'the adapter’s light answer').toBeDefined();
  return (response as unknown as Record<symbol, [number, unknown]>)[cache!]![1];
}

/** The app's own answer, as the adapter gets it (not through the suite's contract check, which reads a copy). */
const answer = (path: string) => t.app.fetch(new Request(`http://localhost${path}`));

it('an API answer reaches the adapter as its handler made it, with the headers every answer gets', async () => {
  const response = await answer('/api/health');
  expect(response.headers.get('Cache-Control')).toBe('no-store');
  expect(response.headers.get('Content-Security-Policy')).toContain("default-src 'self'");
  expect(typeof bodyAsMade(response)).toBe('string');

  const missing = await answer('/api/no-such-thing');
  expect(missing.status).toBe(404);
  expect(typeof bodyAsMade(missing)).toBe('string');
});

it('a browse page reaches the adapter as the bytes its handler wrote, its ETag hashed from them', async () => {
  const response = await answer('/api/listings');
  expect(response.status).toBe(200);
  const etag = response.headers.get('ETag');
  expect(etag).toMatch(/^"[\w-]+"$/);
  // Not read back through a web stream, and not a text encoded again per request: the bytes `pageJson` put
  // together from the cards' own.
  const body = bodyAsMade(response);
  expect(body).toBeInstanceOf(Uint8Array);
  expect(JSON.parse(Buffer.from(body as Uint8Array).toString('utf8'))).toHaveProperty('items');
  expect(etag).toBe(`"${hash('sha1', body as Uint8Array, 'base64url')}"`);
  const again = await t.app.fetch(
    new Request('http://localhost/api/listings', { headers: { 'If-None-Match': etag! } }),
  );
  expect(again.status).toBe(304);
});
