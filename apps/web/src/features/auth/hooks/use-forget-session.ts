import { useCallback } from 'react';
import { useAppDispatch } from '../../../lib/hooks';
import { serverCacheCleared } from '../../../lib/store';
import { tokenStore } from '../../../lib/token-store';
import { loggedOut } from '../auth-slice';

/**
 * Forgets the session on this device: tokens, user and every cached server answer. Its own module,
 * apart from the sign-out itself, so the layout can follow another tab's sign-out without loading it.
 */
export function useForgetSession() {
  const dispatch = useAppDispatch();
  return useCallback(() => {
    tokenStore.clear();
    dispatch(loggedOut());
    dispatch(serverCacheCleared());
  }, [dispatch]);
}
