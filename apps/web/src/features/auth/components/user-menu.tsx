import { useEffect, useId, useRef, useState, type KeyboardEvent, type RefObject } from 'react';
import { Link } from 'react-router';
import type { PublicUser } from '@atelier/shared';
import { useSignOut } from '../hooks/use-sign-out';
import { UserAvatar } from '../../../components/user-avatar';
import { formatCredits } from './format-credits';

interface UserMenuProps {
  user: PublicUser;
  /** True when the look-alike drawn while this chunk loaded had focus: the button takes it over once. */
  takesFocus?: RefObject<boolean>;
}

/**
 * The signed-in person's account button and menu. Its own chunk, with the avatar and the sign-out,
 * fetched only when someone is signed in (auth-controls.tsx draws a look-alike meanwhile).
 */
export function UserMenu({ user, takesFocus }: UserMenuProps) {
  const [isOpen, setIsOpen] = useState(false);
  const { signOut, isSigningOut } = useSignOut();
  const root = useRef<HTMLDivElement>(null);
  const trigger = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!takesFocus?.current) return;
    takesFocus.current = false;
    trigger.current?.focus();
  }, [takesFocus]);

  useEffect(() => {
    if (!isOpen) return;
    menu.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!root.current?.contains(event.target as Node)) setIsOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [isOpen]);

  const close = (returnFocus: boolean) => {
    setIsOpen(false);
    if (returnFocus) trigger.current?.focus();
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const items = Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const moveTo = (i: number) => items[(i + items.length) % items.length]?.focus();
    if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'ArrowDown') {
      event.preventDefault();
      moveTo(index + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      moveTo(index - 1);
    } else if (event.key === 'Home') {
      event.preventDefault();
      moveTo(0);
    } else if (event.key === 'End') {
      event.preventDefault();
      moveTo(items.length - 1);
    } else if (event.key === 'Tab') {
      setIsOpen(false);
    }
  };

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={trigger}
        type="button"
        className="user-menu__trigger"
        aria-haspopup="menu"
        aria-expanded={isOpen}
        aria-controls={isOpen ? menuId : undefined}
        onClick={() => setIsOpen((v) => !v)}
      >
        <UserAvatar user={user} />
        <span className="user-menu__name">{user.name}</span>
        <span className="user-menu__credits">{formatCredits(user.credits)}</span>
      </button>
      {isOpen && (
        <div
          id={menuId}
          ref={menu}
          className="user-menu__list"
          role="menu"
          aria-label="Account"
          onKeyDown={onMenuKeyDown}
        >
          {!user.isVerified && (
            <Link
              role="menuitem"
              className="user-menu__item user-menu__item--notice"
              to="/verify-email"
              onClick={() => close(false)}
            >
              Verify your email
            </Link>
          )}
          <Link role="menuitem" className="user-menu__item" to="/dashboard" onClick={() => close(false)}>
            Dashboard
          </Link>
          {user.role === 'admin' && (
            <Link role="menuitem" className="user-menu__item" to="/admin" onClick={() => close(false)}>
              Admin
            </Link>
          )}
          <Link
            role="menuitem"
            className="user-menu__item"
            to={`/u/${encodeURIComponent(user.username)}`}
            onClick={() => close(false)}
          >
            Profile
          </Link>
          <Link role="menuitem" className="user-menu__item" to="/collection" onClick={() => close(false)}>
            Collections
          </Link>
          <Link role="menuitem" className="user-menu__item" to="/referrals" onClick={() => close(false)}>
            Referrals
          </Link>
          <Link role="menuitem" className="user-menu__item" to="/settings" onClick={() => close(false)}>
            Settings
          </Link>
          <Link role="menuitem" className="user-menu__item" to="/credits" onClick={() => close(false)}>
            Credits
          </Link>
          <Link role="menuitem" className="user-menu__item" to="/billing" onClick={() => close(false)}>
            Billing
          </Link>
          <button
            type="button"
            role="menuitem"
            className="user-menu__item"
            disabled={isSigningOut}
            onClick={async () => {
              await signOut();
              setIsOpen(false);
            }}
          >
            {isSigningOut ? 'Signing out…' : 'Sign out'}
          </button>
        </div>
      )}
    </div>
  );
}
