import { describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import type { Message, Thread } from '@common/schemas/messages';
import type { Notification } from '@common/schemas/notifications';
import { queryKeys } from '@client/lib/query-keys';
import { apply, type ThreadPages } from './apply';

const ME = 'me';
const THEM = 'them';

function message(id: string, senderId: string, readAt: string | null = null): Message {
  return {
    id,
    conversationId: 'c1',
    senderId,
    content: id,
    clientId: null,
    removed: false,
    offer: null,
    createdAt: '',
    readAt,
  };
}

/** A thread as cached: its newest page (the thread) and one older page above it. */
function thread(newest: Message[], older: Message[] = [], unreadCount = 0): ThreadPages {
  const head: Thread = {
    conversation: { otherMember: { id: THEM }, unreadCount } as Thread['conversation'],
    messages: newest,
    nextCursor: older.length ? 'cursor' : null,
    offer: null,
    order: null,
    checkout: false,
  };
  return {
    pages: older.length ? [head, { messages: older, nextCursor: null }] : [head],
    pageParams: older.length ? ['', 'cursor'] : [''],
  };
}

function cacheWith(data: ThreadPages) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  queryClient.setQueryData(queryKeys.conversations.thread('c1'), data);
  return queryClient;
}

const cached = (queryClient: QueryClient) =>
  queryClient.getQueryData<ThreadPages>(queryKeys.conversations.thread('c1'))!;
/** Oldest first, as the thread shows them. */
const shown = (queryClient: QueryClient) =>
  [...cached(queryClient).pages].reverse().flatMap((page) => page.messages);

describe('a pushed event applied to the cache', () => {
  it('appends a new message at the bottom of the thread on screen, once, older pages loaded or not', () => {
    const queryClient = cacheWith(thread([message('m1', ME)], [message('m0', THEM)]));
    const pushed = { type: 'message' as const, conversationId: 'c1', message: message('m2', THEM) };
    apply(queryClient, pushed);
    apply(queryClient, pushed);
    expect(shown(queryClient).map((m) => m.id)).toEqual(['m0', 'm1', 'm2']);
    // A message already on an older page is not added again.
    apply(queryClient, { type: 'message', conversationId: 'c1', message: message('m0', THEM) });
    expect(shown(queryClient).map((m) => m.id)).toEqual(['m0', 'm1', 'm2']);
  });

  it('marks my messages read when the other member reads, and clears my unread count when I read', () => {
    const queryClient = cacheWith(thread([message('m1', ME), message('m2', THEM)], [message('m0', ME)], 1));
    apply(queryClient, { type: 'read', conversationId: 'c1', readerId: THEM, readAt: 'then' });
    expect(shown(queryClient).map((m) => m.readAt)).toEqual(['then', 'then', null]);
    const head = () => cached(queryClient).pages[0] as Thread;
    expect(head().conversation.unreadCount).toBe(1);

    apply(queryClient, { type: 'read', conversationId: 'c1', readerId: ME, readAt: 'later' });
    expect(shown(queryClient).map((m) => m.readAt)).toEqual(['then', 'then', 'later']);
    expect(head().conversation.unreadCount).toBe(0);
  });

  it('sets both nav badges from a counts event', () => {
    const queryClient = new QueryClient();
    apply(queryClient, { type: 'counts', messages: 2, notifications: 5 });
    expect(queryClient.getQueryData(queryKeys.counts)).toEqual({ messages: 2, notifications: 5 });
  });

  it('refreshes the notifications on screen and hands the notification to the app', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const listFetch = vi.fn().mockResolvedValue({ notifications: [] });
    // The list is observed, as on the notifications page: an invalidation fetches it again.
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.notifications.list('all'),
      queryFn: listFetch,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(listFetch).toHaveBeenCalledTimes(1));
    const onNotification = vi.fn();
    const notification = { id: 'n1', type: 'system' } as Notification;
    apply(queryClient, { type: 'notification', notification }, onNotification);
    expect(onNotification).toHaveBeenCalledWith(queryClient, notification);
    await vi.waitFor(() => expect(listFetch).toHaveBeenCalledTimes(2));
    unsubscribe();
  });

  it('fetches an order on screen again when a notification is about it, and only then', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const orderFetch = vi.fn().mockResolvedValue({ id: 'o1' });
    // The order page observes its order: a seller looking at it sees the payout arrive.
    const observer = new QueryObserver(queryClient, {
      queryKey: queryKeys.orders.detail('o1'),
      queryFn: orderFetch,
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await vi.waitFor(() => expect(orderFetch).toHaveBeenCalledTimes(1));
    const about = (link: string | null) => ({ id: 'n', type: 'sale_update', link }) as Notification;
    apply(queryClient, { type: 'notification', notification: about('/listing/l1') });
    apply(queryClient, { type: 'notification', notification: about(null) });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(orderFetch).toHaveBeenCalledTimes(1);
    apply(queryClient, { type: 'notification', notification: about('/orders/o1') });
    await vi.waitFor(() => expect(orderFetch).toHaveBeenCalledTimes(2));
    unsubscribe();
  });
});
