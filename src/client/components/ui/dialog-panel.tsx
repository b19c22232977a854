import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

export interface DialogPanelProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  /** `actions`: a row of buttons under the text (a confirmation); `form`: free content (a form). */
  layout: 'actions' | 'form';
  wide?: boolean;
  children: ReactNode;
}

/**
 * The dialog itself (Radix: focus kept inside, Escape and the backdrop close it, focus goes back to
 * where it was), loaded the first time a dialog opens: see `Modal` and `FormDialog`.
 */
export default function DialogPanel(props: DialogPanelProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 max-h-[calc(100dvh-2rem)] w-[calc(100vw-2rem)] overflow-y-auto ${props.wide ? 'max-w-lg' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl`}
        >
          <Dialog.Title className="text-xl font-bold text-slate-900">{props.title}</Dialog.Title>
          {props.layout === 'actions' ? (
            <>
              <Dialog.Description className="mt-2 text-slate-600">{props.description}</Dialog.Description>
              <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                {props.children}
              </div>
            </>
          ) : (
            <>
              <Dialog.Description className="mt-1 text-sm text-slate-600">
                {props.description}
              </Dialog.Description>
              {props.children}
            </>
          )}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
