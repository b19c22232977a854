import { infiniteQueryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Message, MessagePage, Thread } from '@common/schemas/messages';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys } from '@client/lib/query-keys';
import { applyEvent } from '@client/features/realtime';

/** Messages' API layer: the inbox, a thread, read receipts and sending. */
export const messageQueries = {
  /**
   * My conversations, newest activity first, a page at a time; `search` matches the other member's
   * name and the listing's title, across all of them.
   */
  list: (search: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.conversations.list(search),
      queryFn: ({ pageParam }) =>
        call(
          client.conversations.$get({
            query: { ...(search ? { search } : {}), ...(pageParam ? { cursor: pageParam } : {}) },
          }),
        ),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  /** A conversation with its newest messages, then older pages as the member scrolls back. */
  thread: (id: string) =>
    infiniteQueryOptions({
      queryKey: queryKeys.conversations.thread(id),
      queryFn: ({ pageParam }): Promise<Thread | MessagePage> =>
        pageParam
          ? call(client.conversations[':id'].messages.$get({ param: { id }, query: { cursor: pageParam } }))
          : call(client.conversations[':id'].$get({ param: { id } })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
};

/** Marks what the other member sent as read; the inbox and the badges follow. */
export function useMarkConversationRead(userId: string | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.conversations[':id'].read.$post({ param: { id } })),
    // As the pushed read receipt would: the thread's loaded pages stay, the inbox is fetched again.
    onSuccess: (_, id) => {
      if (userId)
        applyEvent(queryClient, {
          type: 'read',
          conversationId: id,
          readerId: userId,
          readAt: new Date().toISOString(),
        });
    },
  });
}

/** Sends a message; `clientId` makes a retried send land once. */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { content: string; clientId: string }) =>
      call(client.conversations[':id'].messages.$post({ param: { id: conversationId }, json: message })),
    // The stored message lands as a pushed one does (once, whichever comes first).
    onSuccess: (message: Message) => applyEvent(queryClient, { type: 'message', conversationId, message }),
  });
}
