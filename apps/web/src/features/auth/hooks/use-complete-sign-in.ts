import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { useStore } from 'react-redux';
import { toast } from '../../../components/ui/toast';
import type { AuthTokens } from '@atelier/shared';
import { useAppDispatch } from '../../../lib/hooks';
import type { RootState } from '../../../lib/store';
import { tokenStore } from '../../../lib/token-store';
import { uiActions } from '../../ui';
import { settingsLoaded, signedIn } from '../auth-slice';
import { useLazyGetMeQuery } from '../auth-api';
import { takeKeptIntent } from '../kept-intent';

/** A resumed like, follow or draft whose control never showed up (the page changed) is dropped after this. */
const RESUMED_INTENT_TTL_MS = 30_000;

export type SignInKind = 'login' | 'signup';

/**
 * What every successful sign-in does, whichever way the person signed in: store the tokens, close
 * the modal, bring the account's settings (its theme) to this device, and carry on where the
 * visitor was headed or had started: the Generate dialog (holding an item's settings), a
 * conversation, a like, a follow, a draft. The intent comes from the modal, or from this tab's
 * storage when the page was reloaded meanwhile.
 */
export function useCompleteSignIn() {
  const dispatch = useAppDispatch();
  const store = useStore<RootState>();
  const navigate = useNavigate();
  const [loadMe] = useLazyGetMeQuery();
  return useCallback(
    ({ accessToken, refreshToken, user }: AuthTokens, kind: SignInKind) => {
      const kept = takeKeptIntent();
      const intent = store.getState().ui.authModal.intent ?? kept;
      tokenStore.set(accessToken, refreshToken);
      dispatch(signedIn(user));
      dispatch(uiActions.authModalClosed());
      // The account's settings (its theme above all) come with it to this device.
      loadMe()
        .unwrap()
        .then(({ settings }) => dispatch(settingsLoaded(settings)))
        .catch(() => undefined);
      toast.success(kind === 'signup' ? `Welcome to Atelier, ${user.name}!` : `Welcome back, ${user.name}!`);
      if (intent?.kind === 'generate') {
        dispatch(
          intent.prefill
            ? uiActions.modelDialogPrefilled({ contentType: intent.contentType, ...intent.prefill })
            : uiActions.modelDialogOpened({ contentType: intent.contentType }),
        );
      } else if (intent?.kind === 'navigate') void navigate(intent.to);
      else if (intent) {
        dispatch(uiActions.intentResumed(intent));
        setTimeout(() => {
          if (store.getState().ui.resumedIntent === intent) dispatch(uiActions.resumedIntentTaken());
        }, RESUMED_INTENT_TTL_MS);
      }
    },
    [dispatch, store, navigate, loadMe],
  );
}
