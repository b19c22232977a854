import { useEffect, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { RealtimeEvent } from '@common/schemas/notifications';
import { SESSION_ENDED_CODE } from '@common/realtime';
import { useSession } from '@client/features/session';
import { queryKeys } from '@client/lib/query-keys';
import { HEARTBEAT_MS, RECONNECT_DELAYS_MS, RealtimeContext, type RealtimeStatus } from './realtime';
import { apply, refetchEverything, type OnNotification } from './apply';

/**
 * One WebSocket per tab for a signed-in member: a heartbeat every 25 s, reconnection after 1, 2, 5,
 * then 10 s (at once when the browser comes back online), and a refetch of what was missed after
 * every reconnection.
 */
export function RealtimeProvider({
  children,
  onNotification,
}: {
  children: ReactNode;
  onNotification?: OnNotification;
}) {
  const { user, ended } = useSession();
  const userId = user?.id ?? null;
  const queryClient = useQueryClient();
  const [status, setStatus] = useState<RealtimeStatus>('idle');

  useEffect(() => {
    if (!userId) return;
    let socket: WebSocket | null = null;
    let attempts = 0;
    let everOpened = false;
    let stopped = false;
    let reconnectTimer: ReturnType<typeof setTimeout> | undefined;
    let heartbeat: ReturnType<typeof setInterval> | undefined;
    let pongDeadline: ReturnType<typeof setTimeout> | undefined;

    const clearTimers = () => {
      clearTimeout(reconnectTimer);
      clearInterval(heartbeat);
      clearTimeout(pongDeadline);
    };

    const connect = () => {
      clearTimers();
      if (stopped) return;
      if (!navigator.onLine) {
        setStatus('offline');
        return;
      }
      setStatus(everOpened ? 'reconnecting' : 'connecting');
      const protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
      const current = new WebSocket(`${protocol}//${location.host}/api/realtime`);
      socket = current;
      let opened = false;
      current.onopen = () => {
        opened = true;
        attempts = 0;
        setStatus('open');
        // What the page fetched before the socket was open may already be behind (a message sent in
        // between reached no socket): fetch it again, on the first connection as after a reconnect.
        refetchEverything(queryClient);
        everOpened = true;
        heartbeat = setInterval(() => {
          current.send(JSON.stringify({ type: 'ping' }));
          // No answer in 10 s: the connection is dead even if the browser has not noticed.
          clearTimeout(pongDeadline);
          pongDeadline = setTimeout(() => current.close(), 10_000);
        }, HEARTBEAT_MS);
      };
      current.onmessage = (message) => {
        let event: RealtimeEvent;
        try {
          event = JSON.parse(String(message.data)) as RealtimeEvent;
        } catch {
          return;
        }
        if (event.type === 'pong') clearTimeout(pongDeadline);
        apply(queryClient, event, onNotification);
      };
      current.onclose = (closed) => {
        if (socket !== current) return;
        socket = null;
        clearTimers();
        if (stopped) return;
        // The server ended the session (signed out everywhere, password reset): no reconnecting.
        if (closed.code === SESSION_ENDED_CODE) {
          ended();
          return;
        }
        if (!navigator.onLine) {
          setStatus('offline');
          return;
        }
        // Refused before it opened: the server is away, or the session ended while no socket was
        // open to hear it (signed out elsewhere before this page came alive). Asking who is signed in
        // tells which: an ended session forgets the member; otherwise nothing changes.
        if (!opened) void queryClient.invalidateQueries({ queryKey: queryKeys.session });
        setStatus(everOpened ? 'reconnecting' : 'connecting');
        const delay = RECONNECT_DELAYS_MS[Math.min(attempts, RECONNECT_DELAYS_MS.length - 1)];
        attempts++;
        reconnectTimer = setTimeout(connect, delay);
      };
    };

    const goneOffline = () => {
      setStatus('offline');
      const current = socket;
      socket = null;
      clearTimers();
      current?.close();
    };
    const backOnline = () => {
      attempts = 0;
      connect();
    };
    window.addEventListener('offline', goneOffline);
    window.addEventListener('online', backOnline);
    connect();
    return () => {
      stopped = true;
      clearTimers();
      window.removeEventListener('offline', goneOffline);
      window.removeEventListener('online', backOnline);
      const current = socket;
      socket = null;
      current?.close();
      setStatus('idle');
    };
  }, [userId, queryClient, ended, onNotification]);

  return <RealtimeContext.Provider value={userId ? status : 'idle'}>{children}</RealtimeContext.Provider>;
}
