import { useCallback, useEffect } from 'react';
import { Dialog } from '../../../components/ui';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { type AuthModalMode, uiActions } from '../../ui';
import { authErrorSet } from '../auth-slice';
import { forgetKeptIntent, keepIntent } from '../kept-intent';
import { LoginForm } from './login-form';
import { SignupForm } from './signup-form';
import { PasswordResetFlow } from './password-reset-flow';
import '../auth.css';

const TITLES: Record<AuthModalMode, string> = {
  login: 'Welcome Back',
  signup: 'Create Account',
  forgotPassword: 'Reset Password',
};

/**
 * After signing in, the header's "Sign in"/"Sign up" button that opened the modal is replaced by the
 * account menu: focus goes there. A control hidden meanwhile (the phone menu closes) hands focus to
 * the menu button, and failing both, to the start of the page's content.
 */
function focusAfterClose(): HTMLElement | null {
  const visible = (el: HTMLElement | null) => (el && el.getClientRects().length > 0 ? el : null);
  return (
    document.querySelector<HTMLElement>('.user-menu__trigger') ??
    visible(document.querySelector<HTMLElement>('.site-header__menu-button')) ??
    document.getElementById('main')
  );
}

const DESCRIPTIONS: Record<AuthModalMode, string> = {
  login: 'Sign in to keep creating.',
  signup: 'Join Atelier and start generating.',
  forgotPassword: 'Get back into your account in three short steps.',
};

/**
 * The global sign-in / sign-up / reset modal, opened from anywhere through the ui slice. The shared
 * Dialog locks page scroll, traps focus, and closes on Escape and on a backdrop click.
 */
export function AuthModal() {
  const dispatch = useAppDispatch();
  const { isOpen, mode, intent } = useAppSelector((s) => s.ui.authModal);
  const error = useAppSelector((s) => s.auth.error);
  const close = useCallback(() => {
    // Closing the modal gives up what it was opened for.
    forgetKeptIntent();
    dispatch(uiActions.authModalClosed());
  }, [dispatch]);

  // What the visitor started outlives a reload while they sign up or in (this tab only).
  useEffect(() => {
    if (isOpen && intent) keepIntent(intent);
  }, [isOpen, intent]);

  // An error from an earlier attempt means nothing in a freshly opened modal.
  useEffect(() => {
    if (isOpen) dispatch(authErrorSet(null));
  }, [isOpen, dispatch]);

  const switchMode = (next: AuthModalMode) => {
    dispatch(authErrorSet(null));
    const isLoginSignupSwap = (mode === 'login' && next === 'signup') || (mode === 'signup' && next === 'login');
    dispatch(isLoginSignupSwap ? uiActions.authModalModeToggled() : uiActions.authModalModeSet(next));
  };

  return (
    <Dialog
      isOpen={isOpen}
      onClose={close}
      title={TITLES[mode]}
      description={DESCRIPTIONS[mode]}
      size="sm"
      className="auth-modal"
      returnFocusFallback={focusAfterClose}
    >
      {error && (
        <p className="auth-alert" role="alert">
          {error}
        </p>
      )}
      {mode === 'login' && <LoginForm key="login" onSwitchMode={switchMode} />}
      {mode === 'signup' && <SignupForm key="signup" onSwitchMode={switchMode} />}
      {mode === 'forgotPassword' && <PasswordResetFlow key="reset" onReturnToLogin={() => switchMode('login')} />}
    </Dialog>
  );
}
