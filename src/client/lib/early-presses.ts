/**
 * A press on a control that waits for the page to come alive (`useWaiting` in `use-alive.tsx`: disabled
 * and marked `data-waiting` in the server's HTML), kept from the first paint and made once the page is
 * alive. On a slow phone the page shows for a second or more before it comes alive; a tap on a button
 * then did nothing, and the person had to guess that they should tap again.
 *
 * Only the last press is kept, and only for `KEEP_MS`: a press much older than the page's coming alive
 * is not what the person is waiting for any more.
 */
const KEEP_MS = 5_000;

let kept: { control: HTMLElement; at: number } | null = null;

/**
 * A control that waits and so does nothing when pressed. A link marked waiting (a button drawn as a
 * link) is not disabled: pressed, the browser follows it by itself.
 */
const WAITING = '[data-waiting]:disabled';

/** The waiting control a press at this point, on this element, was meant for, if any. */
function waitingControlAt(event: PointerEvent): HTMLElement | null {
  const target = event.target instanceof Element ? event.target : null;
  // A label's control (the onboarding's role cards are labels of hidden radios).
  const labelled = target?.closest('label')?.control;
  if (labelled instanceof HTMLElement && labelled.matches(WAITING)) return labelled;
  // A disabled button lets presses through to what is under it (`pointer-events: none`), so the
  // control is found by where it was pressed: the innermost one there, the last in the document.
  let found: HTMLElement | null = null;
  for (const control of document.querySelectorAll<HTMLElement>(WAITING)) {
    const box = control.getBoundingClientRect();
    if (
      event.clientX >= box.left &&
      event.clientX <= box.right &&
      event.clientY >= box.top &&
      event.clientY <= box.bottom
    )
      found = control;
  }
  return found;
}

function onPress(event: PointerEvent) {
  // Pointer events reach disabled controls, where clicks do not; a touch that scrolls ends in
  // `pointercancel`, not here.
  if (!event.isPrimary || event.button !== 0) return;
  const control = waitingControlAt(event);
  if (control) kept = { control, at: performance.now() };
}

/** From the first paint (`boot.ts`): keeps the last press on a waiting control. */
export function keepEarlyPresses(): void {
  document.addEventListener('pointerup', onPress, true);
}

/**
 * Once the page is alive (`AliveProvider`): makes the kept press, if its control is still there and no
 * longer waiting, as a person's press is (the pointer's and the mouse's down and up, then the click:
 * some controls act on the press down, a tab for one).
 */
export function makeEarlyPress(): void {
  document.removeEventListener('pointerup', onPress, true);
  const press = kept;
  kept = null;
  if (!press || performance.now() - press.at > KEEP_MS) return;
  const { control } = press;
  if (!control.isConnected || control.matches('[data-waiting], :disabled')) return;
  control.focus({ preventScroll: true });
  const init = { bubbles: true, cancelable: true, composed: true, button: 0, view: window };
  control.dispatchEvent(new PointerEvent('pointerdown', { ...init, isPrimary: true, pointerType: 'mouse' }));
  control.dispatchEvent(new MouseEvent('mousedown', { ...init, buttons: 1 }));
  control.dispatchEvent(new PointerEvent('pointerup', { ...init, isPrimary: true, pointerType: 'mouse' }));
  control.dispatchEvent(new MouseEvent('mouseup', init));
  control.click();
}
