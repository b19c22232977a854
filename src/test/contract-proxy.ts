import { appendFileSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import zlib from 'node:zlib';
import { contractOf, heldToContract, type ApiDocument } from './contract';

/** The body as sent, decompressed when the answer was compressed on the way (the browser asks for it). */
function decoded(body: Buffer, encoding: string | undefined): string {
  if (encoding === 'br') return zlib.brotliDecompressSync(body).toString('utf8');
  if (encoding === 'gzip') return zlib.gunzipSync(body).toString('utf8');
  return body.toString('utf8');
}

/**
 * The journeys' server behind a pass-through proxy on `port` that holds every API answer to the API
 * document (`contractOf`), as the API tests' `app.request` is held: each answer that breaks it is a line
 * appended to `report`, which the run's teardown reads (`e2e/support/contract-teardown.ts`). Requests,
 * answers and WebSocket upgrades pass through unchanged.
 */
export function startContractProxy(options: { port: number; target: number; report: string }) {
  const { target, report } = options;
  let contract: Promise<ReturnType<typeof contractOf>> | undefined;
  const load = () =>
    (contract ??= fetch(`http://127.0.0.1:${target}/api/openapi.json`)
      .then((answer) => answer.json() as Promise<ApiDocument>)
      .then(contractOf));

  async function check(method: string, path: string, answer: http.IncomingMessage, body: Buffer) {
    const type = answer.headers['content-type'] ?? null;
    if (!heldToContract(path, type)) return;
    const violation = (await load()).violation({
      method,
      path: path.slice('/api'.length),
      status: answer.statusCode ?? 0,
      contentType: type,
      contentEncoding: null,
      body: decoded(body, answer.headers['content-encoding']),
    });
    if (violation) appendFileSync(report, `${violation}\n`);
  }

  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://localhost').pathname;
    const checked = heldToContract(path);
    const upstream = http.request(
      {
        host: '127.0.0.1',
        port: target,
        method: request.method,
        path: request.url,
        // A connection of its own for each request, closed after it: a kept-alive one could be closed
        // by the app (idle for its 5 s) just as the proxy sends on it, and the asker would see its
        // request dropped (seen in CI as ECONNRESET on a POST, and a moderator's action unanswered).
        headers: { ...request.headers, connection: 'close' },
        agent: false,
      },
      (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.statusMessage, answer.rawHeaders);
        const chunks: Buffer[] = [];
        answer.on('data', (chunk: Buffer) => {
          if (checked) chunks.push(chunk);
          response.write(chunk);
        });
        answer.on('end', () => {
          response.end();
          if (checked)
            void check(request.method ?? 'GET', path, answer, Buffer.concat(chunks)).catch((error: unknown) =>
              appendFileSync(report, `${request.method} ${path}: the check failed: ${String(error)}\n`),
            );
        });
        answer.on('error', () => response.destroy());
      },
    );
    // The app not up yet (the runner polls it), or gone: the asker sees a dropped connection.
    upstream.on('error', () => response.destroy());
    request.pipe(upstream);
  });

  // WebSockets (the live updates): the upgrade request goes on as it came, then bytes both ways.
  server.on('upgrade', (request: http.IncomingMessage, socket: net.Socket, head: Buffer) => {
    const upstream = net.connect(target, '127.0.0.1', () => {
      const lines = [`${request.method} ${request.url} HTTP/${request.httpVersion}`];
      for (let i = 0; i < request.rawHeaders.length; i += 2)
        lines.push(`${request.rawHeaders[i]}: ${request.rawHeaders[i + 1]}`);
      upstream.write(`${lines.join('\r\n')}\r\n\r\n`);
      if (head.length) upstream.write(head);
      socket.pipe(upstream).pipe(socket);
    });
    upstream.on('error', () => socket.destroy());
    socket.on('error', () => upstream.destroy());
  });

  // The journeys' clients keep their connections to the proxy (Playwright's requests without a time
  // limit): the proxy keeps them for longer than any journey's pause, so it never closes one just as a
  // client sends on it.
  server.keepAliveTimeout = 120_000;
  server.listen(options.port, '127.0.0.1');
  return server;
}
