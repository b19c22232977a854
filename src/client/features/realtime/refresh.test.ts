import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { refresh, updateOrRefresh } from './refresh';

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

  it('keeps a pushed change that a fetch started before it would overwrite', async () => {
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    let stored = ['hello'];
    const answers: Array<() => void> = [];
    const observer = new QueryObserver(queryClient, {
      queryKey: ['thread'],
      queryFn: () => {
        const seen = [...stored];
        return new Promise<string[]>((resolve) => answers.push(() => resolve(seen)));
      },
    });
    const unsubscribe = observer.subscribe(() => undefined);
    const settle = () => new Promise((resolve) => setTimeout(resolve, 0));
    await settle();
    answers.shift()!();
    await settle();
    expect(queryClient.getQueryData(['thread'])).toEqual(['hello']);

    // A refetch starts (the member's own send), then a message is stored and pushed while it is on its way.
    void queryClient.invalidateQueries({ queryKey: ['thread'] });
    await settle();
    expect(answers).toHaveLength(1);
    stored = ['hello', 'pushed'];
    updateOrRefresh<string[]>(queryClient, ['thread'], (thread) => [...thread, 'pushed']);
    await settle();
    while (answers.length) {
      answers.shift()!();
      await settle();
    }
    await settle();

    expect(queryClient.getQueryData(['thread'])).toEqual(['hello', 'pushed']);
    unsubscribe();
    queryClient.clear();
  });
});
