import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast';
import { tokenStore } from '../../../lib/token-store';
import { useLogoutMutation } from '../auth-api';
import { useForgetSession } from './use-forget-session';

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
