import { lazy, Suspense, useState, type ReactNode } from 'react';
import type { DialogPanelProps } from './dialog-panel';

const DialogPanel = lazy(() => import('./dialog-panel'));

/** Renders the dialog from the first time it opens on; until then neither it nor its code is loaded. */
function LazyDialog(props: DialogPanelProps) {
  const [opened, setOpened] = useState(props.open);
  if (props.open && !opened) setOpened(true);
  if (!opened) return null;
  return (
    <Suspense fallback={null}>
      <DialogPanel {...props} />
    </Suspense>
  );
}

interface DialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}

/** A centred dialog with a title, a description and its actions (a confirmation). */
export function Modal(props: DialogProps) {
  return <LazyDialog {...props} layout="actions" />;
}

/**
 * A dialog holding a form (Contact Seller, Save Search), opened by a button of the caller's that sets
 * `open`; focus returns to that button when it closes.
 */
export function FormDialog(props: DialogProps & { wide?: boolean }) {
  return <LazyDialog {...props} layout="form" />;
}
