import { useEffect, useRef, useState } from 'react';
import { useAppSelector } from '../../../lib/hooks';
import { Badge, BellIcon } from '../../../components/ui';
import { useGetNotificationsUnreadQuery } from '../notifications-api';
import { useNotificationsLive } from '../use-notifications-live';
import { NotificationPanel } from './notification-panel';
import '../notifications.css';

/** Alt+T: the notifications. The toasts take it only where there is no bell (a visitor). */
export const isNotificationsHotKey = (event: KeyboardEvent) => event.altKey && event.code === 'KeyT';

/** The header's bell for signed-in people: the unread count, live, and the panel it opens. */
export function NotificationBell() {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated && !!state.auth.user);
  if (!isAuthenticated) return null;
  return <SignedInBell />;
}

function SignedInBell() {
  useNotificationsLive();
  const { data: unread = 0 } = useGetNotificationsUnreadQuery();
  const [isOpen, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);

  // Alt+T (the footer says so) opens the list and puts keyboard focus in it.
  useEffect(() => {
    const onHotKey = (event: KeyboardEvent) => {
      if (!isNotificationsHotKey(event)) return;
      event.preventDefault();
      setOpen(true);
      requestAnimationFrame(() => root.current?.querySelector<HTMLElement>('.notification-panel')?.focus());
    };
    document.addEventListener('keydown', onHotKey);
    return () => document.removeEventListener('keydown', onHotKey);
  }, []);

  useEffect(() => {
    if (!isOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (root.current && !root.current.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('pointerdown', onPointer);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('pointerdown', onPointer);
    };
  }, [isOpen]);

  const label = unread > 0 ? `Notifications, ${unread} unread` : 'Notifications';
  return (
    <div className="notification-bell" ref={root}>
      <button
        ref={button}
        type="button"
        className="icon-btn notification-bell__button"
        aria-label={label}
        aria-expanded={isOpen}
        aria-haspopup="dialog"
        onClick={() => setOpen((open) => !open)}
      >
        <BellIcon />
        {unread > 0 && (
          <span className="notification-bell__count">
            <Badge tone="accent">{unread > 99 ? '99+' : unread}</Badge>
          </span>
        )}
      </button>
      {isOpen && <NotificationPanel unread={unread} onNavigate={() => setOpen(false)} />}
    </div>
  );
}
