import { useCallback } from 'react';
import { toast } from 'react-toastify';
import type { AuthTokens } from '@atelier/shared';
import { useAppDispatch } from '../../../app/hooks';
import { tokenStore } from '../../../app/token-store';
import { uiActions } from '../../ui/ui-slice';
import { signedIn } from '../auth-slice';

export type SignInKind = 'login' | 'signup';

/** What every successful sign-in does, whichever way the person signed in. */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  return useCallback(
    ({ accessToken, refreshToken, user }: AuthTokens, kind: SignInKind) => {
      tokenStore.set(accessToken, refreshToken);
      dispatch(signedIn(user));
      dispatch(uiActions.authModalClosed());
      toast.success(kind === 'signup' ? `Welcome to Atelier, ${user.name}!` : `Welcome back, ${user.name}!`);
    },
    [dispatch],
  );
}
