import { lazy, Suspense, useState } from 'react';
import type { SheetProps } from './sheet-panel';

const load = () => import('./sheet-panel');
const SheetPanel = lazy(load);

/** Fetches the panel ahead of a likely open (the finger is on the button). */
export function preloadSheet(): void {
  void load();
}

/**
 * A panel that slides in from the side: the navigation and the browse filters on small screens. Its
 * dialog code is loaded the first time it opens, not with the page.
 */
export function Sheet(props: SheetProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <SheetPanel {...props} />
    </Suspense>
  );
}
