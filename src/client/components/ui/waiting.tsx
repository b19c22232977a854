import type { ComponentProps } from 'react';
import { useWaiting } from '@client/lib/use-alive';

/*
 * Controls of the server's HTML that wait for the page to come alive (`useWaiting`): a tap or a choice
 * before then reaches no handler, so the page never hears it (a tab not switched, a radio the form
 * never saw chosen). Text is different: what is typed stays in the field and the form reads it once
 * alive, so text fields do not wait. Each control reads whether the page is alive itself, so the page
 * around it does not render again when it comes alive: on a slow phone that second render of a whole
 * page was one of the longest tasks after the first paint. Features draw buttons, selects, checkboxes
 * and radios through these (or `Button` and the fields of `field.tsx`); the lint config says so.
 */

export function WaitingInput({ disabled, ...props }: ComponentProps<'input'>) {
  const waiting = useWaiting(disabled);
  return <input {...props} {...waiting} />;
}

export function WaitingButton({ disabled, type = 'button', ...props }: ComponentProps<'button'>) {
  const waiting = useWaiting(disabled);
  return <button type={type} {...props} {...waiting} />;
}

export function WaitingSelect({ disabled, ...props }: ComponentProps<'select'>) {
  const waiting = useWaiting(disabled);
  return <select {...props} {...waiting} />;
}
