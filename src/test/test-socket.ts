import WebSocket from 'ws';
import type { RealtimeEvent } from '@common/schemas/notifications';
import type { TestBrowser } from './test-browser';

/** A member's realtime socket that keeps every event, for tests to wait on. */
export class TestSocket {
  readonly events: RealtimeEvent[] = [];
  private waiters: Array<() => void> = [];

  private constructor(readonly socket: WebSocket) {
    socket.on('message', (raw) => {
      this.events.push(JSON.parse(String(raw)) as RealtimeEvent);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  /** Opens `/api/realtime` at `host` with the browser's cookies; rejects with the refusal status. */
  static open(host: string, browser: TestBrowser | null, origin = `http://${host}`): Promise<TestSocket> {
    const cookie = browser ? [...browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ') : '';
    const socket = new WebSocket(`ws://${host}/api/realtime`, {
      headers: { Origin: origin, ...(cookie ? { Cookie: cookie } : {}) },
    });
    return new Promise((resolve, reject) => {
      const wrapped = new TestSocket(socket);
      socket.once('open', () => resolve(wrapped));
      socket.once('unexpected-response', (_req, res) => reject(new Error(`refused ${res.statusCode}`)));
      socket.once('error', reject);
    });
  }

  /** The first event (received so far or later) that matches. */
  async next<T extends RealtimeEvent['type']>(
    type: T,
    match: (event: Extract<RealtimeEvent, { type: T }>) => boolean = () => true,
    timeoutMs = 5000,
  ): Promise<Extract<RealtimeEvent, { type: T }>> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const found = this.events.find(
        (e): e is Extract<RealtimeEvent, { type: T }> =>
          e.type === type && match(e as Extract<RealtimeEvent, { type: T }>),
      );
      if (found) return found;
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no ${type} event within ${timeoutMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  send(value: unknown) {
    this.socket.send(JSON.stringify(value));
  }

  close(): Promise<void> {
    return new Promise((resolve) => {
      if (this.socket.readyState === WebSocket.CLOSED) resolve();
      else {
        this.socket.once('close', () => resolve());
        this.socket.close();
      }
    });
  }
}
