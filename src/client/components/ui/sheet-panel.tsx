import { Dialog } from 'radix-ui';
import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { cn } from '@client/lib/cn';

export interface SheetProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  closeLabel: string;
  children: ReactNode;
  /** Stays at the bottom of the panel while its content scrolls. */
  footer?: ReactNode;
  className?: string;
}

/** The panel itself (a Radix dialog), loaded the first time a sheet opens: see `Sheet`. */
export default function SheetPanel(props: SheetProps) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          aria-describedby={undefined}
          className={cn(
            'fixed inset-y-0 right-0 z-50 flex w-80 max-w-[85vw] flex-col overflow-y-auto bg-white shadow-xl',
            props.className,
          )}
        >
          <div className="flex items-center justify-between border-b border-slate-200 px-4 py-3">
            <Dialog.Title className="text-base font-semibold">{props.title}</Dialog.Title>
            <Dialog.Close
              aria-label={props.closeLabel}
              className="rounded-lg p-2 text-slate-600 hover:bg-slate-100"
            >
              <X className="size-5" aria-hidden />
            </Dialog.Close>
          </div>
          <div className="flex-1">{props.children}</div>
          {props.footer ? (
            <div className="sticky bottom-0 flex gap-3 border-t border-slate-200 bg-white p-4">
              {props.footer}
            </div>
          ) : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
