import type { ExternalToast, toast as sonnerToast } from 'sonner';

/**
 * Toasts for outcomes, loaded when the page has come alive rather than with it: the toast library
 * (and its host, `ToastHost`) arrive after the first paint, and a toast asked for before then is shown
 * as soon as they are there. Every feature says `toast.success(…)` through here.
 */
type Sonner = typeof sonnerToast;
type Message = Parameters<Sonner['success']>[0];

let library: Promise<Sonner> | undefined;
let markHostReady: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  markHostReady = resolve;
});

/** Called once the toast host has mounted (and listens for toasts). */
export function toastHostMounted(): void {
  markHostReady();
}

function load(): Promise<Sonner> {
  library ??= Promise.all([import('sonner'), hostReady]).then(([module]) => module.toast);
  return library;
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: Message, options?: ExternalToast): void => {
    void load().then((sonner) => sonner[kind](message, options));
  };

export const toast = { success: show('success'), error: show('error'), info: show('info') };
