import { useCallback } from 'react';
import type { ContentType } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from './hooks';
import { uiActions } from './ui-slice';

/**
 * Every "Create"/"Generate" call to action behaves the same: signed-in people get the Generate
 * dialog for the chosen type; a visitor is asked to create an account first (the dialog links to
 * sign-in), and the Generate dialog opens for that type as soon as they are signed up or in.
 */
export function useOpenGenerate() {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const dispatch = useAppDispatch();
  return useCallback(
    (contentType: ContentType = 'photo') => {
      if (isAuthenticated) dispatch(uiActions.modelDialogOpened({ contentType }));
      else dispatch(uiActions.authModalOpenedFor({ mode: 'signup', intent: { kind: 'generate', contentType } }));
    },
    [dispatch, isAuthenticated],
  );
}
