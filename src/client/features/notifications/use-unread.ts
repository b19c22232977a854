import { useQuery } from '@tanstack/react-query';
import { fallbackInterval, useRealtimeStatus } from '@client/features/realtime';
import { notificationQueries } from './api';

export interface UnreadCounts {
  messages: number;
  notifications: number;
}

/** The nav badges: kept current by the realtime socket, polled only while it is down. */
export function useUnreadCounts(signedIn: boolean): UnreadCounts {
  const status = useRealtimeStatus();
  const counts = useQuery({
    ...notificationQueries.counts(),
    enabled: signedIn,
    refetchInterval: fallbackInterval(status, 30_000),
  });
  return signedIn && counts.data ? counts.data : { messages: 0, notifications: 0 };
}
