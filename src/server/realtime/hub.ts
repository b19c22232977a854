import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { WebSocketServer, type WebSocket } from 'ws';
import type { RealtimeEvent } from '@common/schemas/notifications';
import { SESSION_ENDED_CODE } from '@common/realtime';
import type { Db } from '../db/client';
import { MAX_PAYLOAD_BYTES, type Bus, type Envelope } from './bus';

export const REALTIME_PATH = '/api/realtime';
/** A server-only event on the bus: never sent to a browser. */
const SESSIONS_ENDED = 'sessions-ended';
/** A socket that sent nothing (not even a heartbeat) for this long is closed. */
const IDLE_MS = 70_000;
/** How far ahead a live connection marks its member online; renewed while heartbeats arrive. */
const PRESENCE_SECONDS = 90;
const PRESENCE_RENEW_MS = 45_000;
/** How long a closing socket may take to say goodbye before it is cut. */
const CLOSE_GRACE_MS = 1_000;
/** How often a socket's session is checked again (a signed-out session stops receiving). */
const SESSION_RECHECK_MS = 5 * 60_000;

interface Connection {
  socket: WebSocket;
  userId: string;
  token: string;
  lastSeen: number;
  sessionCheckedAt: number;
}

export interface RealtimeHub {
  /** Sends events to every open socket of these members (`*`: of everyone), on every instance. */
  publish(userIds: string[] | '*', events: RealtimeEvent[]): Promise<void>;
  /**
   * Some sessions of these members ended (signed out, password reset, replaced): every instance checks
   * their open sockets at once and closes those whose session is gone.
   */
  sessionsEnded(userIds: string[]): Promise<void>;
  /** Answers WebSocket upgrades at `/api/realtime` on this HTTP server. */
  attach(server: Server): void;
  /** Open sockets on this instance (for health and tests). */
  connectionCount(): number;
  close(): Promise<void>;
}

/**
 * Live delivery to members' open tabs. Sockets are authenticated by the session cookie at upgrade and
 * only accepted from this site's own pages (the Origin header), so another site cannot open one with
 * a visitor's cookie. Events travel through the bus, so a member connected to another instance gets them.
 */
export function createRealtimeHub(deps: {
  db: Db;
  bus: Bus;
  logger: Logger;
  /** The member a session cookie belongs to, or null. */
  authenticate: (req: IncomingMessage) => Promise<{ userId: string; token: string } | null>;
  stillValid: (token: string) => Promise<boolean>;
  allowedOrigins: (req: IncomingMessage) => string[];
}): RealtimeHub {
  const { db, bus, logger } = deps;
  const byUser = new Map<string, Set<Connection>>();
  const presenceWrittenAt = new Map<string, number>();
  const wss = new WebSocketServer({ noServer: true, maxPayload: 4096 });

  const markOnline = async (userId: string) => {
    presenceWrittenAt.set(userId, Date.now());
    await db.execute(sql`insert into presence (user_id, online_until)
      values (${userId}, now() + make_interval(secs => ${PRESENCE_SECONDS}))
      on conflict (user_id) do update set online_until = excluded.online_until`);
  };
  const markOffline = async (userId: string) => {
    presenceWrittenAt.delete(userId);
    await db.execute(sql`update presence set online_until = now() where user_id = ${userId}`);
  };
  const quietly = (work: Promise<unknown>) =>
    work.catch((error: unknown) => logger.warn({ err: error }, 'realtime: presence'));

  const send = (connection: Connection, text: string) => {
    if (connection.socket.readyState === connection.socket.OPEN) connection.socket.send(text);
  };

  const recheck = (connection: Connection) => {
    connection.sessionCheckedAt = Date.now();
    void deps.stillValid(connection.token).then(
      (valid) => {
        if (!valid) connection.socket.close(SESSION_ENDED_CODE, 'signed out');
      },
      () => undefined,
    );
  };

  bus.subscribe(
    (envelope: Envelope) => {
      if ((envelope.event as { type?: unknown }).type === SESSIONS_ENDED) {
        if (envelope.users !== '*')
          for (const userId of envelope.users)
            for (const connection of byUser.get(userId) ?? []) recheck(connection);
        return;
      }
      const text = JSON.stringify(envelope.event);
      if (envelope.users === '*') {
        for (const set of byUser.values()) for (const connection of set) send(connection, text);
        return;
      }
      for (const userId of envelope.users)
        for (const connection of byUser.get(userId) ?? []) send(connection, text);
    },
    () => {
      const text = JSON.stringify({ type: 'resync' } satisfies RealtimeEvent);
      for (const set of byUser.values()) for (const connection of set) send(connection, text);
    },
  );

  const remove = (connection: Connection) => {
    const set = byUser.get(connection.userId);
    if (!set?.delete(connection)) return;
    if (set.size === 0) {
      byUser.delete(connection.userId);
      void quietly(markOffline(connection.userId));
    }
  };

  const sweep = setInterval(() => {
    const now = Date.now();
    for (const set of byUser.values())
      for (const connection of set) if (now - connection.lastSeen > IDLE_MS) connection.socket.terminate();
  }, 15_000);
  sweep.unref();

  const onMessage = (connection: Connection, raw: unknown) => {
    connection.lastSeen = Date.now();
    let parsed: { type?: unknown } | null;
    try {
      parsed = JSON.parse(String(raw)) as { type?: unknown };
    } catch {
      parsed = null;
    }
    if (parsed?.type !== 'ping') return;
    send(connection, JSON.stringify({ type: 'pong' } satisfies RealtimeEvent));
    const now = Date.now();
    if (now - (presenceWrittenAt.get(connection.userId) ?? 0) > PRESENCE_RENEW_MS)
      void quietly(markOnline(connection.userId));
    if (now - connection.sessionCheckedAt > SESSION_RECHECK_MS) recheck(connection);
  };

  const refuse = (socket: Duplex, status: number, reason: string) => {
    socket.end(`HTTP/1.1 ${status} ${reason}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
  };

  const upgrade = (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const path = (req.url ?? '').split('?')[0];
    if (path !== REALTIME_PATH) {
      socket.destroy();
      return;
    }
    const origin = req.headers.origin;
    if (!origin || !deps.allowedOrigins(req).includes(origin)) {
      refuse(socket, 403, 'Forbidden');
      return;
    }
    deps.authenticate(req).then(
      (member) => {
        if (!member) {
          refuse(socket, 401, 'Unauthorized');
          return;
        }
        wss.handleUpgrade(req, socket, head, (ws) => {
          const now = Date.now();
          const connection: Connection = {
            socket: ws,
            userId: member.userId,
            token: member.token,
            lastSeen: now,
            sessionCheckedAt: now,
          };
          let set = byUser.get(member.userId);
          if (!set) byUser.set(member.userId, (set = new Set()));
          set.add(connection);
          void quietly(markOnline(member.userId));
          ws.on('message', (raw) => onMessage(connection, raw));
          ws.on('close', () => remove(connection));
          ws.on('error', () => remove(connection));
        });
      },
      (error: unknown) => {
        logger.warn({ err: error }, 'realtime: upgrade failed');
        refuse(socket, 500, 'Internal Server Error');
      },
    );
  };

  return {
    async sessionsEnded(userIds) {
      try {
        await bus.publish({ users: userIds, event: { type: SESSIONS_ENDED } });
      } catch (error) {
        // The periodic check on each heartbeat still closes them.
        logger.warn({ err: error }, 'realtime: sessions-ended publish failed');
      }
    },

    async publish(userIds, events) {
      const users = userIds === '*' ? userIds : [...new Set(userIds)];
      for (const event of events) {
        let envelope: Envelope = { users, event };
        // Too big for NOTIFY: send the bare event, the client fetches the rest.
        if (Buffer.byteLength(JSON.stringify(envelope)) > MAX_PAYLOAD_BYTES && event.type === 'message')
          envelope = { users, event: { type: 'message', conversationId: event.conversationId } };
        try {
          await bus.publish(envelope);
        } catch (error) {
          // Delivery is best effort: the clients refetch on reconnect and on focus.
          logger.warn({ err: error }, 'realtime: publish failed');
        }
      }
    },
    attach(server) {
      server.on('upgrade', upgrade);
    },
    connectionCount() {
      let count = 0;
      for (const set of byUser.values()) count += set.size;
      return count;
    },
    async close() {
      clearInterval(sweep);
      // 1012 (service restart): the tabs reconnect, to another instance or to this one once it is back.
      const sockets = [...byUser.values()].flatMap((set) => [...set].map((connection) => connection.socket));
      byUser.clear();
      await Promise.all(
        sockets.map(
          (socket) =>
            new Promise<void>((resolve) => {
              const timer = setTimeout(() => {
                socket.terminate();
                resolve();
              }, CLOSE_GRACE_MS);
              socket.once('close', () => {
                clearTimeout(timer);
                resolve();
              });
              socket.close(1012, 'server restarting');
            }),
        ),
      );
      wss.close();
      await bus.close();
    },
  };
}
