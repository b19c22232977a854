import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/test-app';
import { signedInMember } from '../../test/members';

let t: TestApp;
let base: URL;
beforeAll(async () => {
  t = await createTestApp();
  base = new URL(`http://${await t.listen()}`);
});
afterAll(async () => {
  await t.close();
});

interface Answer {
  status: number;
  body: string;
  /** The local port: the same port twice means the same connection. */
  port: number;
  connection: string | undefined;
}

/** One request over `agent`, its body sent in pieces as a browser uploading a file would. */
function send(
  agent: http.Agent,
  method: string,
  path: string,
  body?: Buffer,
  headers: http.OutgoingHttpHeaders = {},
) {
  return new Promise<Answer>((resolve, reject) => {
    const req = http.request(
      {
        host: base.hostname,
        port: base.port,
        method,
        path,
        agent,
        headers,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: Buffer.concat(chunks).toString('utf8'),
            port: (req.socket?.address() as AddressInfo | undefined)?.port ?? 0,
            connection: res.headers.connection,
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (body) {
      for (let offset = 0; offset < body.length; offset += 64 * 1024)
        req.write(body.subarray(offset, offset + 64 * 1024));
    }
    req.end();
  });
}

const upload = (size: number) => {
  const boundary = 'modmarket-test-boundary';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const body = Buffer.concat([head, Buffer.alloc(size, 7), tail]);
  return {
    body,
    headers: { 'Content-Type': `multipart/form-data; boundary=${boundary}`, 'Content-Length': body.length },
  };
};

const withCookie = (request: ReturnType<typeof upload>, cookie: string) => ({
  body: request.body,
  headers: { ...request.headers, Cookie: cookie },
});

const json = (bytes: number) => {
  const body = Buffer.from(JSON.stringify({ name: 'x'.repeat(bytes) }));
  return { body, headers: { 'Content-Type': 'application/json', 'Content-Length': body.length } };
};

describe('a refused request with a body', () => {
  it('leaves its keep-alive connection usable, or closes it cleanly, for 401, 413, 415 and 429', async () => {
    const member = await signedInMember(t);
    const cookie = [...member.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const message = Buffer.from(
      JSON.stringify({
        name: 'Kai',
        email: 'kai@example.com',
        topic: 'other',
        message: 'Where is my order? '.repeat(200),
      }),
    );
    const contact = {
      body: message,
      headers: { 'Content-Type': 'application/json', 'Content-Length': message.length },
    };
    const cases: [number, string, { body: Buffer; headers: http.OutgoingHttpHeaders }][] = [
      // A visitor is turned away before the upload is read, whatever its size.
      [401, '/api/photos', upload(700 * 1024)],
      [401, '/api/photos', upload(20 * 1024 * 1024)],
      [413, '/api/photos', withCookie(upload(20 * 1024 * 1024), cookie)],
      [413, '/api/contact', json(600 * 1024)],
      [413, '/api/contact', json(3 * 1024 * 1024)],
      [
        415,
        '/api/photos',
        {
          body: Buffer.alloc(700 * 1024, 1),
          headers: { 'Content-Type': 'image/jpeg', 'Content-Length': 700 * 1024, Cookie: cookie },
        },
      ],
      // The contact form takes 5 an hour from one address: the sixth is refused.
      ...Array.from({ length: 6 }, (_, i): [number, string, typeof contact] => [
        i < 5 ? 201 : 429,
        '/api/contact',
        contact,
      ]),
    ];
    for (const [status, path, { body, headers }] of cases) {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        const refused = await send(agent, 'POST', path, body, headers);
        expect(refused.status, `${path} ${body.length}`).toBe(status);
        if (status >= 400)
          expect(JSON.parse(refused.body)).toMatchObject({
            error: { code: expect.any(String), message: expect.any(String) },
          });
        const next = await send(agent, 'GET', '/api/health');
        expect(next.status).toBe(200);
        // The same connection carried on, or the server said it would close it.
        if (next.port !== refused.port) expect(refused.connection, `${path} ${body.length}`).toBe('close');
      } finally {
        agent.destroy();
      }
    }
  });
});
