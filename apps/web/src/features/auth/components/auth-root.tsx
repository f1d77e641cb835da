import { lazy, Suspense, useEffect, useRef } from 'react';
import { toast } from '../../../components/ui/toast';
import { GET_CURRENT_USER_FAILED, STORAGE_KEYS } from '@atelier/shared';
import { useAppDispatch, useAppSelector, useOnceTrue } from '../../../lib/hooks';
import type { AppDispatch } from '../../../lib/store';
import { errorMessage } from '../../../lib/errors';
import { tokenStore } from '../../../lib/token-store';
import { currentUserFailed, loggedOut, settingsLoaded, userLoaded } from '../auth-slice';
import { useForgetSession } from '../hooks/use-forget-session';
import { orNewVersion } from '../../../lib/stale-chunk';

// Its own chunk (the forms and their validation), fetched the first time the modal opens.
const AuthModal = lazy(() => orNewVersion(import('./auth-modal').then((m) => ({ default: m.AuthModal }))));

/**
 * The signed-in person, asked of the server. The server API is loaded for it only when there is a
 * session to restore, so a visitor's first screen goes without it.
 */
async function loadMe(dispatch: AppDispatch) {
  const { authApi } = await import('../auth-api');
  return dispatch(authApi.endpoints.getMe.initiate(undefined, { subscribe: false, forceRefetch: true })).unwrap();
}

/**
 * Mounted once in the layout: restores the session on load, follows sign-in and sign-out made in
 * other tabs of the same browser, and renders the auth modal.
 */
export function AuthRoot() {
  const dispatch = useAppDispatch();
  const isAuthenticated = useAppSelector((s) => s.auth.isAuthenticated);
  const forgetSession = useForgetSession();
  const wantsModal = useOnceTrue(useAppSelector((s) => s.ui.authModal.isOpen));
  const hasStarted = useRef(false);
  const wasAuthenticated = useRef(isAuthenticated);

  useEffect(() => {
    if (hasStarted.current) return;
    hasStarted.current = true;
    if (!tokenStore.access() && !tokenStore.refresh()) {
      // The persisted slice may remember a user whose tokens are gone; without tokens nobody is signed in.
      if (wasAuthenticated.current) dispatch(loggedOut());
      return;
    }
    loadMe(dispatch)
      .then(({ user, settings }) => {
        dispatch(userLoaded(user));
        dispatch(settingsLoaded(settings));
      })
      .catch((err: unknown) => {
        dispatch(currentUserFailed());
        const status = (err as { status?: unknown } | undefined)?.status;
        if (status === 401) toast.info('Your session has ended. Please sign in again.');
        else toast.error(errorMessage(err, GET_CURRENT_USER_FAILED));
      });
  }, [dispatch]);

  // Tabs share localStorage, so a sign-out in one tab must not leave another showing the account.
  useEffect(() => {
    const onStorage = (event: StorageEvent) => {
      if (event.key !== null && event.key !== STORAGE_KEYS.accessToken) return;
      const token = tokenStore.access();
      if (!token && isAuthenticated) {
        forgetSession();
      } else if (token && !isAuthenticated && event.oldValue === null) {
        loadMe(dispatch)
          .then(({ user, settings }) => {
            dispatch(userLoaded(user));
            dispatch(settingsLoaded(settings));
          })
          .catch(() => dispatch(currentUserFailed()));
      }
    };
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, [isAuthenticated, dispatch, forgetSession]);

  return wantsModal ? (
    <Suspense fallback={null}>
      <AuthModal />
    </Suspense>
  ) : null;
}
