import type { ReactNode } from 'react';
import type * as Toastify from 'react-toastify';
import type { ToastOptions } from 'react-toastify';

let toastify: Promise<typeof Toastify> | null = null;
const waiting = new Set<() => void>();

/** react-toastify is loaded after the first screen: no page needs it to paint. */
export function loadToastify(): Promise<typeof Toastify> {
  if (!toastify) {
    toastify = import('react-toastify');
    for (const notify of waiting) notify();
    waiting.clear();
  }
  return toastify;
}

/** Calls `notify` once react-toastify is asked for (at once if it already has been). */
export function whenToastifyWanted(notify: () => void): () => void {
  if (toastify) {
    notify();
    return () => undefined;
  }
  waiting.add(notify);
  return () => waiting.delete(notify);
}

const show =
  (kind: 'success' | 'error' | 'info') =>
  (message: ReactNode, options?: ToastOptions): void => {
    // Toasts raised before the toast area has mounted wait in react-toastify's own queue.
    void loadToastify().then((m) => m.toast[kind](message, options));
  };

/** The app's notifications (spec §2 "Other UI"): shown in the one toast area of the layout. */
export const toast = { success: show('success'), error: show('error'), info: show('info') };
