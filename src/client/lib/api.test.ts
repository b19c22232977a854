import { describe, expect, it } from 'vitest';
import type { ClientResponse } from 'hono/client';
import { ApiClientError, call, client, retryTransient } from './api';

type Answer = ClientResponse<{ ok: true }, 200, 'json'> | ClientResponse<{ error: unknown }, 404, 'json'>;

const answer = (status: number, body: string) =>
  Promise.resolve(new Response(body, { status }) as unknown as Answer);

async function failure(request: Promise<Answer>): Promise<ApiClientError> {
  try {
    await call(request);
  } catch (error) {
    if (error instanceof ApiClientError) return error;
    throw error;
  }
  throw new Error('the call succeeded');
}

describe('call', () => {
  it('gives the JSON body of a success', async () => {
    await expect(call(answer(200, '{"ok":true}'))).resolves.toEqual({ ok: true });
  });

  it("throws the server's code, translated message and field messages", async () => {
    const error = await failure(
      answer(
        400,
        JSON.stringify({
          error: {
            code: 'VALIDATION_ERROR',
            message: 'Revisa los datos.',
            fields: { year: 'Año no válido' },
          },
        }),
      ),
    );
    expect(error).toMatchObject({ status: 400, code: 'VALIDATION_ERROR', message: 'Revisa los datos.' });
    expect(error.fields).toEqual({ year: 'Año no válido' });
  });

  it('names an outage when a proxy answers 5xx without our error body', async () => {
    const error = await failure(answer(502, '<html>Bad Gateway</html>'));
    expect(error).toMatchObject({ status: 502, code: 'SERVICE_UNAVAILABLE', message: '' });
    expect(error.fields).toEqual({});
  });

  it('names an unexpected 4xx without a body', async () => {
    expect(await failure(answer(404, ''))).toMatchObject({ status: 404, code: 'INTERNAL_ERROR' });
  });

  it('turns a request that never reached the server into NETWORK_ERROR', async () => {
    const error = await failure(Promise.reject(new TypeError('Failed to fetch')));
    expect(error).toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('client', () => {
  it('builds paths and parameters from the route table', () => {
    expect(client.vehicles[':id'].$url({ param: { id: 'a1' } }).pathname).toBe('/api/vehicles/a1');
    expect(client.listings.$url().pathname).toBe('/api/listings');
  });
});

describe('retryTransient', () => {
  const network = new ApiClientError(0, 'NETWORK_ERROR', '');
  const outage = new ApiClientError(503, 'SERVICE_UNAVAILABLE', 'down');
  const refused = new ApiClientError(403, 'FORBIDDEN', 'no');

  it('tries a failure that may pass twice more', () => {
    expect([0, 1, 2].map((n) => retryTransient(n, network))).toEqual([true, true, false]);
    expect([0, 1, 2].map((n) => retryTransient(n, outage))).toEqual([true, true, false]);
  });

  it('never retries a refusal', () => {
    expect(retryTransient(0, refused)).toBe(false);
  });
});
