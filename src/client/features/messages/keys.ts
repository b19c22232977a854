export const messageKeys = {
  all: ['conversations'] as const,
  list: (search: string) => ['conversations', 'list', search] as const,
  thread: (id: string) => ['conversations', 'thread', id] as const,
};
