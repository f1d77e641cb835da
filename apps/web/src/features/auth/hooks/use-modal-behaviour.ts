import { useEffect, useRef, type RefObject } from 'react';

/*
 * Modal behaviour for dialogs that do not use the shared <Dialog> (the auth modal does). Kept because
 * other features' dialogs build on these hooks.
 */

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusableIn(container: HTMLElement): HTMLElement[] {
  return Array.from(container.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

function firstField(container: HTMLElement): HTMLElement | undefined {
  return (
    container.querySelector<HTMLElement>('[data-autofocus]') ??
    container.querySelector<HTMLElement>('input:not([disabled]):not([type="hidden"])') ??
    focusableIn(container)[0]
  );
}

/** Stops the page behind an open modal from scrolling; gives back whatever overflow it had. */
export function useScrollLock(isActive: boolean): void {
  useEffect(() => {
    if (!isActive) return;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = previous;
    };
  }, [isActive]);
}

/**
 * Keeps keyboard focus inside the dialog while it is open, closes it on Escape, and returns focus to
 * whatever had it before, so a keyboard user ends up where they started. The first element marked
 * `data-autofocus` (else the first input) takes focus on open.
 */
export function useDialogFocus(ref: RefObject<HTMLElement | null>, isActive: boolean, onEscape: () => void): void {
  const onEscapeRef = useRef(onEscape);
  useEffect(() => {
    onEscapeRef.current = onEscape;
  }, [onEscape]);

  useEffect(() => {
    if (!isActive) return;
    const container = ref.current;
    if (!container) return;
    const previouslyFocused = document.activeElement as HTMLElement | null;
    (firstField(container) ?? container).focus();

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation();
        onEscapeRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(container);
      if (items.length === 0) {
        event.preventDefault();
        container.focus();
        return;
      }
      const firstItem = items[0]!;
      const lastItem = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === firstItem || !container.contains(active))) {
        event.preventDefault();
        lastItem.focus();
      } else if (!event.shiftKey && (active === lastItem || !container.contains(active))) {
        event.preventDefault();
        firstItem.focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [ref, isActive]);
}
