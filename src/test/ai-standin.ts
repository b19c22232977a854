import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One chat-completions request as the stand-in received it. */
export interface ChatRequest {
  path: string;
  authorization: string | undefined;
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: unknown;
  };
}

/** How the stand-in answers the next requests. */
export type StandInMode =
  | { kind: 'draft'; content: unknown }
  | { kind: 'status'; status: number }
  | { kind: 'raw'; body: string }
  | { kind: 'slow'; delayMs: number; content: unknown };

/** A chat completion whose message is `content` (serialised as JSON unless it is a string already). */
export function completion(content: unknown) {
  return JSON.stringify({
    id: 'chatcmpl-standin',
    object: 'chat.completion',
    created: Math.floor(Date.now() / 1000),
    model: 'stand-in',
    choices: [
      {
        index: 0,
        finish_reason: 'stop',
        message: {
          role: 'assistant',
          content: typeof content === 'string' ? content : JSON.stringify(content),
        },
      },
    ],
  });
}

/**
 * A stand-in for an OpenAI-compatible API on a loopback port: `POST …/chat/completions` answers as
 * `mode` says and records each request (path, Authorization header, JSON body). Point `AI_BASE_URL`
 * at `url`.
 */
export async function startAiStandIn() {
  const requests: ChatRequest[] = [];
  let mode: StandInMode = { kind: 'status', status: 500 };
  const timers = new Set<NodeJS.Timeout>();

  const answer = (req: IncomingMessage, res: ServerResponse, raw: string) => {
    const path = new URL(req.url ?? '/', 'http://standin').pathname;
    if (req.method !== 'POST' || !path.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    let body: ChatRequest['body'] = {};
    try {
      body = JSON.parse(raw) as ChatRequest['body'];
    } catch {
      // Recorded as empty: the test then sees what was sent was not JSON.
    }
    requests.push({ path, authorization: req.headers.authorization, body });
    const json = (status: number, text: string) =>
      res.writeHead(status, { 'content-type': 'application/json' }).end(text);
    switch (mode.kind) {
      case 'draft':
        json(200, completion(mode.content));
        break;
      case 'status':
        json(mode.status, JSON.stringify({ error: { message: 'stand-in failure', type: 'server_error' } }));
        break;
      case 'raw':
        json(200, mode.body);
        break;
      case 'slow': {
        const content = mode.content;
        const timer = setTimeout(() => {
          timers.delete(timer);
          if (!res.destroyed) json(200, completion(content));
        }, mode.delayMs);
        timers.add(timer);
        break;
      }
    }
  };

  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => answer(req, res, Buffer.concat(chunks).toString('utf8')));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    answerWith(next: StandInMode) {
      mode = next;
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}
