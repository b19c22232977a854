import { createContext, useContext } from 'react';

/**
 * `open`: events arrive live; `connecting`: the first connection; `reconnecting`: after losing one;
 * `offline`: the browser has no network.
 */
export type RealtimeStatus = 'idle' | 'connecting' | 'reconnecting' | 'open' | 'offline';

export const RealtimeContext = createContext<RealtimeStatus>('idle');

export function useRealtimeStatus(): RealtimeStatus {
  return useContext(RealtimeContext);
}

/** How often to poll as a fallback: never while the socket delivers events. */
export function fallbackInterval(status: RealtimeStatus, ms: number): number | false {
  return status === 'open' ? false : ms;
}

export const HEARTBEAT_MS = 25_000;
/** Waits before each reconnection attempt: 1, 2, 5, then every 10 seconds. */
export const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000];
