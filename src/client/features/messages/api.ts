import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { call, client } from '@client/lib/api';
import { queryKeys } from '@client/lib/query-keys';

/** Messages' API layer: the inbox, a thread, read receipts and sending. */
export const messageQueries = {
  /** My conversations, newest activity first; `search` matches names, listing titles and messages. */
  list: (search: string) =>
    queryOptions({
      queryKey: queryKeys.conversations.list(search),
      queryFn: () => call(client.conversations.$get({ query: search ? { search } : {} })),
    }),
  thread: (id: string) =>
    queryOptions({
      queryKey: queryKeys.conversations.thread(id),
      queryFn: () => call(client.conversations[':id'].$get({ param: { id } })),
    }),
};

/** Marks what the other member sent as read; the inbox and the badges follow. */
export function useMarkConversationRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.conversations[':id'].read.$post({ param: { id } })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}

/** Sends a message; `clientId` makes a retried send land once. */
export function useSendMessage(conversationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (message: { content: string; clientId: string }) =>
      call(client.conversations[':id'].messages.$post({ param: { id: conversationId }, json: message })),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: queryKeys.conversations.all }),
  });
}
