import { Dialog } from 'radix-ui';
import type { ReactNode } from 'react';

/** A centred dialog with a title, a description and its actions. */
export function Modal(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-md -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl">
          <Dialog.Title className="text-xl font-bold text-slate-900">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-2 text-slate-600">{props.description}</Dialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{props.children}</div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

/** Closes the dialog it is in (wrap a button with `asChild`). */
export const DialogClose = Dialog.Close;

/** A dialog opened by its trigger, holding a form: Contact Seller, Save Search. */
export function FormDialog(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opens it. */
  trigger: ReactNode;
  title: string;
  description: string;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <Dialog.Root open={props.open} onOpenChange={props.onOpenChange}>
      <Dialog.Trigger asChild>{props.trigger}</Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-50 bg-slate-900/60" />
        <Dialog.Content
          className={`fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] ${props.wide ? 'max-w-lg' : 'max-w-md'} -translate-x-1/2 -translate-y-1/2 rounded-2xl bg-white p-6 shadow-xl`}
        >
          <Dialog.Title className="text-xl font-bold text-slate-900">{props.title}</Dialog.Title>
          <Dialog.Description className="mt-1 text-sm text-slate-600">{props.description}</Dialog.Description>
          {props.children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
