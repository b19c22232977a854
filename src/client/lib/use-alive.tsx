import { createContext, startTransition, useContext, useEffect, useState, type ReactNode } from 'react';
import { makeEarlyPress } from './early-presses';

const AliveContext = createContext(false);

/**
 * Says when the page is alive: false on the server and while the browser takes the server's HTML over,
 * true once that is done. The change is a transition, so the parts of the page that wait for it render
 * again in slices the browser can interrupt (a tap or a scroll is not held up behind a whole page).
 */
export function AliveProvider({ children }: { children: ReactNode }) {
  const [alive, setAlive] = useState(false);
  useEffect(() => startTransition(() => setAlive(true)), []);
  // Its controls no longer wait: a press made on one before is made now (`early-presses.ts`).
  useEffect(() => {
    if (alive) makeEarlyPress();
  }, [alive]);
  return <AliveContext.Provider value={alive}>{children}</AliveContext.Provider>;
}

/**
 * False on the server and while the browser takes the server's HTML over; true once the page is alive
 * (its handlers attached). For what must not happen before: a form sent by the browser itself, a host
 * for toasts in the server's HTML.
 */
export function useAlive(): boolean {
  return useContext(AliveContext);
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
