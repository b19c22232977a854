import type { ComponentProps } from 'react';
import { useWaiting } from '@client/lib/use-alive';

/**
 * An input that waits for the page to come alive (`useWaiting`). The input itself reads whether the
 * page is alive, so the page around it does not render again when it comes alive: on a slow phone that
 * second render of a whole page was one of the longest tasks after the first paint.
 */
export function WaitingInput({ disabled, ...props }: ComponentProps<'input'>) {
  const waiting = useWaiting(disabled);
  return <input {...props} {...waiting} />;
}
