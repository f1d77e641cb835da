import { lazy, Suspense, useCallback, useLayoutEffect, useRef } from 'react';
import type { PublicUser } from '@atelier/shared';
import { Button } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { uiActions } from '../../ui';
import { formatCredits } from './format-credits';
import '../auth.css';

// Its own chunk (the menu, the avatar, the sign-out), fetched only when someone is signed in: a
// visitor's first load carries the Sign in / Sign up buttons alone.
const UserMenu = lazy(() => import('./user-menu').then((m) => ({ default: m.UserMenu })));

/**
 * Header controls: sign-in/up buttons when signed out, the user menu with credits when signed in.
 * Until the menu's chunk arrives, a look-alike of its button holds its place, so the header does not
 * move; if the look-alike has focus then (closing the sign-in modal puts it there), the menu's own
 * button takes it over.
 */
export function AuthControls() {
  const dispatch = useAppDispatch();
  const user = useAppSelector((s) => (s.auth.isAuthenticated ? s.auth.user : null));
  const focusHandedOver = useRef(false);
  const handOverFocus = useCallback(() => {
    focusHandedOver.current = true;
  }, []);

  if (!user) {
    return (
      <div className="auth-controls">
        <Button variant="ghost" size="sm" onClick={() => dispatch(uiActions.authModalOpened('login'))}>
          Sign in
        </Button>
        <Button size="sm" onClick={() => dispatch(uiActions.authModalOpened('signup'))}>
          Sign up
        </Button>
      </div>
    );
  }
  return (
    <div className="auth-controls">
      <Suspense fallback={<UserMenuPlaceholder user={user} onLeaveFocused={handOverFocus} />}>
        <UserMenu user={user} takesFocus={focusHandedOver} />
      </Suspense>
    </div>
  );
}

interface UserMenuPlaceholderProps {
  user: PublicUser;
  /** Called when the look-alike leaves while it has focus, so the menu's button can take it. */
  onLeaveFocused: () => void;
}

/**
 * The account button as UserMenu draws it, with a plain circle for the avatar. It can hold focus
 * (and says it is unavailable) but does nothing yet.
 */
function UserMenuPlaceholder({ user, onLeaveFocused }: UserMenuPlaceholderProps) {
  const button = useRef<HTMLButtonElement>(null);
  // A layout effect's clean-up runs before React removes the button, while it can still have focus.
  useLayoutEffect(() => {
    const el = button.current;
    return () => {
      if (el && el === document.activeElement) onLeaveFocused();
    };
  }, [onLeaveFocused]);
  return (
    <div className="user-menu">
      <button ref={button} type="button" className="user-menu__trigger" aria-disabled="true">
        <span className="user-menu__avatar-placeholder" />
        <span className="user-menu__name">{user.name}</span>
        <span className="user-menu__credits">{formatCredits(user.credits)}</span>
      </button>
    </div>
  );
}
