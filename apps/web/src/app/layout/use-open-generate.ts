import { useCallback } from 'react';
import type { ContentType } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../hooks';
import { uiActions } from '../../features/ui/ui-slice';

/**
 * Every "Create"/"Generate" call to action behaves the same: signed-in people get the Generate
 * dialog for the chosen type, everyone else the sign-in modal first.
 */
export function useOpenGenerate() {
  const isAuthenticated = useAppSelector((state) => state.auth.isAuthenticated);
  const dispatch = useAppDispatch();
  return useCallback(
    (contentType: ContentType = 'photo') => {
      if (isAuthenticated) dispatch(uiActions.modelDialogOpened({ contentType }));
      else dispatch(uiActions.authModalOpened('login'));
    },
    [dispatch, isAuthenticated],
  );
}
