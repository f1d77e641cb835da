import { useEffect } from 'react';
import { useStore } from 'react-redux';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import type { RootState } from '../../lib/store';
import { type AuthIntent, uiActions } from '../../lib/ui-slice';

type IntentOf<K extends AuthIntent['kind']> = Extract<AuthIntent, { kind: K }>;

/**
 * Completes what a visitor started before signing in (a like, a follow, a draft) in the control it
 * belongs to: when the resumed intent is of `kind` and `matches` this control, it is taken (so a
 * second copy of the control on the page does not repeat it) and `run` is called once.
 */
export function useResumedIntent<K extends AuthIntent['kind']>(
  kind: K,
  matches: (intent: IntentOf<K>) => boolean,
  run: (intent: IntentOf<K>) => void,
): void {
  const store = useStore<RootState>();
  const dispatch = useAppDispatch();
  const resumed = useAppSelector((s) => s.ui.resumedIntent ?? null);
  const isSignedIn = useAppSelector((s) => s.auth.isAuthenticated);
  useEffect(() => {
    // Read afresh: another copy of this control may have taken it in this same commit.
    const intent = store.getState().ui.resumedIntent;
    if (!isSignedIn || !intent || intent.kind !== kind || !matches(intent as IntentOf<K>)) return;
    dispatch(uiActions.resumedIntentTaken());
    run(intent as IntentOf<K>);
    // `matches` and `run` are fresh each render; the intent and sign-in state are what matter.
  }, [resumed, isSignedIn, store, dispatch, kind]);
}
