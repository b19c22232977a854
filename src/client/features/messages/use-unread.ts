import { useQuery } from '@tanstack/react-query';
import { api } from '@client/lib/api';
import { messageKeys } from './keys';

/** The member's unread message count for the nav badge. */
export function useUnreadMessages(signedIn: boolean): number {
  const unread = useQuery({
    queryKey: messageKeys.unread,
    queryFn: () => api<{ count: number }>('/conversations/unread'),
    enabled: signedIn,
    refetchInterval: 20_000,
  });
  return signedIn ? (unread.data?.count ?? 0) : 0;
}
