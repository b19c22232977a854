import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refresh } from './refresh';

describe('refresh after a realtime event', () => {
  it('fetches anew when the first fetch started before the change and is still on its way', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let stored = 'before';
    const answers: Array<(value: string) => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['notifications'],
      // Each request reads the store when it starts, and answers when the test says so.
      queryFn: () => {
        const seen = stored;
        return new Promise<string>((resolve) => answers.push(() => resolve(seen)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(answers).toHaveLength(1);

    // The change happens and its event arrives while the first fetch is still on its way.
    stored = 'after';
    const refreshed = refresh(queryClient, ['notifications']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const answer of answers) answer('');
    await refreshed;
    await new Promise((resolve) => setTimeout(resolve, 0));
    for (const answer of answers.slice(1)) answer('');
    await new Promise((resolve) => setTimeout(resolve, 0));

    expect(queryClient.getQueryData(['notifications'])).toBe('after');
    unsubscribe();
    queryClient.clear();
  });
});
