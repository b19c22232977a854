import type { QueryClient } from '@tanstack/react-query';
import type { Thread } from '@common/schemas/messages';
import type { Notification, RealtimeEvent } from '@common/schemas/notifications';
import { queryKeys } from '@client/lib/query-keys';
import { refresh, updateOrRefresh } from './refresh';

/** What the app does with a pushed notification besides refreshing the list (a desktop notification). */
export type OnNotification = (queryClient: QueryClient, notification: Notification) => void;

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
        updateOrRefresh<Thread>(queryClient, key, (thread) =>
          thread.messages.some((m) => m.id === message.id)
            ? thread
            : { ...thread, messages: [...thread.messages, message] },
        );
      else void refresh(queryClient, key);
      void refresh(queryClient, ['conversations', 'list']);
      void refresh(queryClient, queryKeys.dashboard);
      return;
    }
    case 'read':
      updateOrRefresh<Thread>(
        queryClient,
        queryKeys.conversations.thread(event.conversationId),
        (thread) => ({
          ...thread,
          conversation: {
            ...thread.conversation,
            unreadCount:
              thread.conversation.otherMember.id === event.readerId ? thread.conversation.unreadCount : 0,
          },
          messages: thread.messages.map((m) =>
            m.senderId !== event.readerId && !m.readAt ? { ...m, readAt: event.readAt } : m,
          ),
        }),
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
}
