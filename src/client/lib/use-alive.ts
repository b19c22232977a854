import { useSyncExternalStore } from 'react';

const noChanges = () => () => undefined;

/**
 * False on the server and while the browser takes the server's HTML over; true once the page is alive
 * (its handlers attached). For what must not happen before: a form sent by the browser itself, a host
 * for toasts in the server's HTML.
 */
export function useAlive(): boolean {
  return useSyncExternalStore(
    noChanges,
    () => true,
    () => false,
  );
}

/**
 * Props for a control that waits for the page to come alive: disabled until then (a choice made
 * before would be lost, a form sent by the browser itself), but marked `data-waiting` so it is not
 * drawn as disabled for that moment.
 */
export function useWaiting(disabled?: boolean): { disabled: boolean; 'data-waiting'?: '' } {
  const alive = useAlive();
  return alive ? { disabled: Boolean(disabled) } : { disabled: true, 'data-waiting': '' };
}
