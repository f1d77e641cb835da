import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast';
import { api } from '../../../app/api';
import { useAppDispatch } from '../../../app/hooks';
import { tokenStore } from '../../../app/token-store';
import { loggedOut } from '../auth-slice';
import { useLogoutMutation } from '../auth-api';

/** Forgets the session on this device: tokens, user and every cached server answer. */
export function useForgetSession() {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    tokenStore.clear();
    dispatch(loggedOut());
    dispatch(api.util.resetApiState());
  }, [dispatch]);
}

/**
 * Signs out here. The server call revokes the session; whatever it answers, the person is signed out
 * locally, because keeping them signed in after they asked not to be is worse than a stale session.
 */
export function useSignOut() {
  const [logout, { isLoading }] = useLogoutMutation();
  const forgetSession = useForgetSession();
  const signOut = useCallback(async () => {
    const refreshToken = tokenStore.refresh();
    try {
      await logout(refreshToken ? { token: refreshToken } : {}).unwrap();
    } catch {
      // The local sign-out below is the part the person relies on.
    } finally {
      forgetSession();
      toast.success('Signed out');
    }
  }, [logout, forgetSession]);
  return { signOut, isSigningOut: isLoading };
}
