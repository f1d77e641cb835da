import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './cx';
import { CloseIcon } from './icons';
import './ui.css';

const FOCUSABLE =
  'a[href], area[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), iframe, [tabindex]:not([tabindex="-1"]), [contenteditable="true"]';

function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/* Open dialogs, innermost last: Escape and the scroll lock must only react once for nested dialogs. */
const openStack: string[] = [];
let savedOverflow = '';
let savedPaddingRight = '';

function lockScroll(id: string) {
  if (openStack.length === 0) {
    const scrollbar = window.innerWidth - document.documentElement.clientWidth;
    savedOverflow = document.body.style.overflow;
    savedPaddingRight = document.body.style.paddingRight;
    document.body.style.overflow = 'hidden';
    // Keep the page from shifting sideways when the scrollbar disappears.
    if (scrollbar > 0) document.body.style.paddingRight = `${scrollbar}px`;
  }
  openStack.push(id);
}

function unlockScroll(id: string) {
  const i = openStack.lastIndexOf(id);
  if (i >= 0) openStack.splice(i, 1);
  if (openStack.length === 0) {
    document.body.style.overflow = savedOverflow;
    document.body.style.paddingRight = savedPaddingRight;
  }
}

export interface DialogProps {
  isOpen: boolean;
  onClose: () => void;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Action row pinned under the content (Cancel / Confirm…). */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg' | 'xl';
  /** Element to focus on open; otherwise the first focusable element inside, else the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  /** Keep the title for screen readers only, when the content carries its own visual heading. */
  isTitleHidden?: boolean;
  closeLabel?: string;
  className?: string;
  /**
   * Where focus goes on close when the control that opened the dialog is gone or hidden (a "Sign in"
   * button replaced by the account menu, say). Without it focus would fall to the page body.
   */
  returnFocusFallback?: () => HTMLElement | null;
}

function canTakeFocus(el: HTMLElement | null): el is HTMLElement {
  return !!el && el.isConnected && !el.closest('[hidden], [inert]') && !(el as HTMLButtonElement).disabled;
}

/**
 * A modal dialog: rendered over the page, focus stays inside and returns to the opener on close,
 * Escape and a click on the backdrop close it, and the page behind does not scroll.
 */
export function Dialog({
  isOpen,
  onClose,
  title,
  description,
  children,
  footer,
  size = 'md',
  initialFocusRef,
  isTitleHidden = false,
  closeLabel = 'Close dialog',
  className,
  returnFocusFallback,
}: DialogProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const pressStartedOnBackdrop = useRef(false);
  const onCloseRef = useRef(onClose);
  const fallbackRef = useRef(returnFocusFallback);
  // Who had focus before the dialog opened. Read while rendering the opening, because a field inside
  // with autoFocus takes focus during the commit, before any effect could see the opener.
  const openerRef = useRef<HTMLElement | null>(null);
  const wasOpenRef = useRef(false);
  if (isOpen && !wasOpenRef.current && typeof document !== 'undefined') {
    openerRef.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  }
  wasOpenRef.current = isOpen;
  useEffect(() => {
    onCloseRef.current = onClose;
    fallbackRef.current = returnFocusFallback;
  }, [onClose, returnFocusFallback]);

  useEffect(() => {
    if (!isOpen) return;
    const opener = openerRef.current;
    lockScroll(id);
    const panel = panelRef.current;
    // A control inside may already have taken focus through autoFocus; respect it.
    if (panel && !panel.contains(document.activeElement)) {
      const target = initialFocusRef?.current ?? focusableIn(panel)[0] ?? panel;
      target.focus();
    }
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (event.key === 'Escape' && openStack[openStack.length - 1] === id) {
        event.preventDefault();
        onCloseRef.current();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      unlockScroll(id);
      if (canTakeFocus(opener)) opener.focus();
      if (opener && document.activeElement === opener) return;
      const fallback = fallbackRef.current?.() ?? null;
      if (canTakeFocus(fallback)) fallback.focus();
    };
    // initialFocusRef is read once, when the dialog opens.
  }, [isOpen, id]);

  if (!isOpen) return null;

  const trapTab = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'Tab' || !panelRef.current) return;
    const items = focusableIn(panelRef.current);
    const first = items[0];
    const last = items[items.length - 1];
    if (!first || !last) {
      event.preventDefault();
      return;
    }
    const active = document.activeElement;
    if (event.shiftKey && (active === first || active === panelRef.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && active === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return createPortal(
    <div
      className="dialog-backdrop"
      onMouseDown={(e) => {
        pressStartedOnBackdrop.current = e.target === e.currentTarget;
      }}
      onClick={(e) => {
        // Only a press that starts and ends on the backdrop closes: dragging a text selection out must not.
        if (e.target === e.currentTarget && pressStartedOnBackdrop.current) onClose();
        pressStartedOnBackdrop.current = false;
      }}
    >
      <div
        ref={panelRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('dialog', `dialog--${size}`, className)}
        onKeyDown={trapTab}
      >
        <div className={cx('dialog__header', isTitleHidden && 'dialog__header--bare')}>
          <div className="dialog__titles">
            <h2 id={titleId} className={cx('dialog__title', isTitleHidden && 'visually-hidden')}>
              {title}
            </h2>
            {description ? (
              <p id={descriptionId} className="dialog__description">
                {description}
              </p>
            ) : null}
          </div>
          <button type="button" className="icon-btn dialog__close" onClick={onClose} aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </div>
        <div className="dialog__body">{children}</div>
        {footer ? <div className="dialog__footer">{footer}</div> : null}
      </div>
    </div>,
    document.body,
  );
}
