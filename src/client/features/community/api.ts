import {
  infiniteQueryOptions,
  queryOptions,
  useMutation,
  useQueryClient,
  type QueryClient,
} from '@tanstack/react-query';
import type { z } from 'zod';
import type { CreatePostSchema } from '@common/schemas/community';
import { call, client } from '@client/lib/api';
import { nextPage } from '@client/lib/paging';
import { queryKeys } from '@client/lib/query-keys';

/** The community's API layer: the feed, posts, likes and comments. */
export const communityQueries = {
  /** Newest posts first, a page at a time. */
  feed: () =>
    infiniteQueryOptions({
      queryKey: queryKeys.community.feed,
      queryFn: ({ pageParam }) =>
        call(client.community.posts.$get({ query: pageParam ? { cursor: pageParam } : {} })),
      initialPageParam: '',
      getNextPageParam: nextPage,
    }),
  comments: (postId: string) =>
    queryOptions({
      queryKey: queryKeys.community.comments(postId),
      queryFn: async () =>
        (await call(client.community.posts[':id'].comments.$get({ param: { id: postId } }))).comments,
    }),
};

const feedChanged = (queryClient: QueryClient) =>
  queryClient.invalidateQueries({ queryKey: queryKeys.community.feed });

export function useCreatePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: z.input<typeof CreatePostSchema>) =>
      call(client.community.posts.$post({ json: input })),
    onSuccess: () => feedChanged(queryClient),
  });
}

export function useDeletePost() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => call(client.community.posts[':id'].$delete({ param: { id } })),
    onSuccess: () => feedChanged(queryClient),
  });
}

/** Likes or unlikes; answers with the post's like state and count after the change. */
export function useToggleLike() {
  return useMutation({
    mutationFn: (id: string) => call(client.community.posts[':id'].like.$post({ param: { id } })),
  });
}

/** A comment changes the post's comments and its count in the feed. */
function useCommentsChanged(postId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: queryKeys.community.comments(postId) }),
      feedChanged(queryClient),
    ]);
}

export function useAddComment(postId: string) {
  const changed = useCommentsChanged(postId);
  return useMutation({
    mutationFn: (content: string) =>
      call(client.community.posts[':id'].comments.$post({ param: { id: postId }, json: { content } })),
    onSuccess: changed,
  });
}

export function useDeleteComment(postId: string) {
  const changed = useCommentsChanged(postId);
  return useMutation({
    mutationFn: (id: string) => call(client.community.comments[':id'].$delete({ param: { id } })),
    onSuccess: changed,
  });
}
