import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import { matchPath } from 'react-router';
import type { Message, MessagePage, Thread } from '@common/schemas/messages';
import type { Notification, RealtimeEvent } from '@common/schemas/notifications';
import { paths } from '@common/routes';
import { queryKeys } from '@client/lib/query-keys';
import { refresh, updateOrRefresh } from './refresh';

/** What the app does with a pushed notification besides refreshing the list (a desktop notification). */
export type OnNotification = (queryClient: QueryClient, notification: Notification) => void;

/**
 * A thread as cached: its pages newest first, the first one the thread itself (the conversation, the
 * offer and the newest messages), each further one the messages before it.
 */
export type ThreadPages = InfiniteData<Thread | MessagePage, string>;

const eachMessage = (data: ThreadPages, change: (message: Message) => Message): ThreadPages => ({
  ...data,
  pages: data.pages.map((page) => ({ ...page, messages: page.messages.map(change) })),
});

/** Brings the query cache up to date with one pushed event. */
export function apply(queryClient: QueryClient, event: RealtimeEvent, onNotification?: OnNotification) {
  switch (event.type) {
    case 'message': {
      const { message } = event;
      const key = queryKeys.conversations.thread(event.conversationId);
      // Appended to a thread on screen; a thread being fetched (or a bare event) is fetched anew, and so
      // is one where an offer moved (its answer buttons), with the listing's page (pending or not).
      if (message?.offer) {
        void refresh(queryClient, key);
        void refresh(queryClient, queryKeys.listings.all);
      } else if (message)
        // New messages go at the end of the newest page, whatever older pages are loaded above it.
        updateOrRefresh<ThreadPages>(queryClient, key, (data) =>
          data.pages.some((page) => page.messages.some((m) => m.id === message.id))
            ? data
            : {
                ...data,
                pages: data.pages.map((page, i) =>
                  i === 0 ? { ...page, messages: [...page.messages, message] } : page,
                ),
              },
        );
      else void refresh(queryClient, key);
      void refresh(queryClient, ['conversations', 'list']);
      void refresh(queryClient, queryKeys.dashboard);
      return;
    }
    case 'read':
      updateOrRefresh<ThreadPages>(
        queryClient,
        queryKeys.conversations.thread(event.conversationId),
        (data) => {
          const read = eachMessage(data, (m) =>
            m.senderId !== event.readerId && !m.readAt ? { ...m, readAt: event.readAt } : m,
          );
          return {
            ...read,
            pages: read.pages.map((page) =>
              'conversation' in page && page.conversation.otherMember.id !== event.readerId
                ? { ...page, conversation: { ...page.conversation, unreadCount: 0 } }
                : page,
            ),
          };
        },
      );
      void refresh(queryClient, ['conversations', 'list']);
      return;
    case 'counts':
      queryClient.setQueryData(queryKeys.counts, {
        messages: event.messages,
        notifications: event.notifications,
      });
      return;
    case 'notification':
      void refresh(queryClient, queryKeys.notifications.all);
      // A step of an order (paid out, shipped, a return answered...): the order on screen, the lists and
      // the payouts follow it without a reload.
      if (event.notification.link && matchPath(paths.order.pattern, event.notification.link))
        void refresh(queryClient, queryKeys.orders.all);
      onNotification?.(queryClient, event.notification);
      return;
    case 'resync':
      refetchEverything(queryClient);
      return;
    case 'announcement':
      void refresh(queryClient, queryKeys.notifications.all);
      void refresh(queryClient, queryKeys.counts);
      return;
    case 'pong':
      return;
  }
}

/** After a gap, whatever was pushed meanwhile is fetched again: nothing lost, nothing twice. */
export function refetchEverything(queryClient: QueryClient) {
  void refresh(queryClient, queryKeys.conversations.all);
  void refresh(queryClient, queryKeys.notifications.all);
  void refresh(queryClient, queryKeys.counts);
  void refresh(queryClient, queryKeys.dashboard);
  void refresh(queryClient, queryKeys.orders.all);
}
