import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { contractOf, type ApiDocument } from '../../test/contract';
import { partInput } from '../../test/listings';
import { signedInMember } from '../../test/members';

/**
 * The API document says what the server keeps: nullable fields accept null, every operation lists the
 * answers of the API's shared checks, a path under another method answers 405, and the suite's
 * contract check refuses what the document does not allow.
 */
let t: TestApp;
let doc: ApiDocument & { components: { schemas: Record<string, { properties?: Record<string, unknown> }> } };

let member: Awaited<ReturnType<typeof signedInMember>>;

beforeAll(async () => {
  t = await createTestApp();
  member = await signedInMember(t);
  doc = (await (await t.app.request('/api/openapi.json')).json()) as typeof doc;
});
afterAll(async () => {
  await t.close();
});

/** Every node of the document, with its place. */
function* nodes(value: unknown, at = ''): Generator<[string, Record<string, unknown>]> {
  if (!value || typeof value !== 'object') return;
  if (!Array.isArray(value)) yield [at, value as Record<string, unknown>];
  for (const [key, item] of Object.entries(value)) yield* nodes(item, `${at}/${key}`);
}

describe('the API document', () => {
  it('lets a nullable reference be null (a listing without a receipt, an order without an address)', async () => {
    expect(doc.components.schemas.ListingDetail!.properties!.storedReceipt).toEqual({
      anyOf: [{ $ref: '#/components/schemas/StoredPhoto' }, { type: 'null' }],
    });
    const refusingNull = [...nodes(doc)].filter(
      ([, node]) =>
        Array.isArray(node.allOf) &&
        (node.allOf as { type?: unknown }[]).some((part) => [part.type].flat().includes('null')),
    );
    expect(refusingNull.map(([at]) => at)).toEqual([]);

    // A listing stored without a receipt, as its owner reads it: the suite's contract check holds the
    // answer (its `storedReceipt: null`) to the document, and fails the request if the schema refuses it.
    const created = await member.browser.api.listings.$post({ json: partInput('Receipt-free coilovers') });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    const read = await member.browser.request<{ storedReceipt: unknown }>('GET', `/api/listings/${id}`);
    expect(read.status).toBe(200);
    expect(read.body.storedReceipt).toBeNull();
  });

  it('lists the shared checks’ answers on every operation: bad input, an unavailable database; for reads, not modified; for writes, another site, a body too large or not JSON', () => {
    for (const [path, operations] of Object.entries(doc.paths))
      for (const [method, operation] of Object.entries(operations)) {
        const statuses = Object.keys(operation.responses ?? {});
        expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['400', '503']));
        if (method === 'get') expect(statuses, `${method} ${path}`).toContain('304');
        else expect(statuses, `${method} ${path}`).toEqual(expect.arrayContaining(['403', '413', '415']));
        if (path.includes('{')) expect(statuses, `${method} ${path}`).toContain('404');
      }
  });
});

describe('an address under a method it does not take, or with a trailing slash', () => {
  it('answers 405 with the methods it takes, in the asker’s language; an unknown address, or one ending in a slash, is 404', async () => {
    const wrong = await t.app.request('/api/listings', {
      method: 'DELETE',
      headers: { 'Accept-Language': 'es' },
    });
    expect(wrong.status).toBe(405);
    expect(wrong.headers.get('Allow')).toBe('GET, POST, HEAD');
    expect(await wrong.json()).toEqual({
      error: { code: 'METHOD_NOT_ALLOWED', message: 'Esta dirección no admite ese método.' },
    });
    const one = await t.app.request('/api/listings/00000000-0000-4000-8000-000000000000', { method: 'POST' });
    expect(one.status).toBe(405);
    expect(one.headers.get('Allow')).toBe('GET, PUT, DELETE, HEAD');
    expect((await t.app.request('/api/no-such-thing', { method: 'DELETE' })).status).toBe(404);
    // A trailing slash is another address (an id of "." arrives so): not found, under any method.
    for (const method of ['GET', 'POST', 'DELETE']) {
      const slash = await t.app.request('/api/listings/', { method, headers: { 'Accept-Language': 'es' } });
      expect(slash.status, method).toBe(404);
      expect(slash.headers.get('Allow'), method).toBeNull();
      expect(((await slash.json()) as { error: { code: string } }).error.code, method).toBe('NOT_FOUND');
    }
    expect((await t.app.request('/api/conversations/.')).status).toBe(404);
  });
});

describe('the contract check', () => {
  it('refuses a status the operation does not document, and a body its schema refuses', () => {
    const contract = contractOf(doc);
    const health = { method: 'GET', path: '/health', contentType: 'application/json', contentEncoding: null };
    expect(contract.violation({ ...health, status: 200, body: '{"status":"ok"}' })).toBeNull();
    expect(contract.violation({ ...health, status: 418, body: '{}' })).toMatch(/does not document/);
    expect(contract.violation({ ...health, status: 200, body: '{"status":7}' })).toMatch(/schema refuses/);
  });
});
