import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast';
import { UPDATE_SETTINGS_FAILED, type Theme } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks';
import { errorMessage } from '../../../lib/errors';
import { nextTheme, themeSet } from '../../theme';
import { settingsLoaded } from '../auth-slice';

/**
 * The current theme and the two ways to change it. A signed-in person's choice is also kept on
 * their account, so it follows them to another device. The account API is fetched for that save
 * only: a visitor's header (the theme toggle) does not carry it.
 */
export function useTheme() {
  const theme = useAppSelector((state) => state.theme.theme);
  const isSignedIn = useAppSelector((state) => state.auth.isAuthenticated && state.auth.user !== null);
  const dispatch = useAppDispatch();

  const setTheme = useCallback(
    (next: Theme) => {
      dispatch(themeSet(next));
      if (!isSignedIn) return;
      import('../account-api')
        .then(({ accountApi }) => {
          const save = dispatch(accountApi.endpoints.updateSettings.initiate({ theme: next }));
          // Nothing shows this mutation's state, so its entry leaves the cache once it has answered.
          return save.unwrap().finally(() => save.reset());
        })
        .then((settings) => dispatch(settingsLoaded(settings)))
        // The page keeps the new theme; only the account did not hear of it.
        .catch((err: unknown) => toast.error(errorMessage(err, UPDATE_SETTINGS_FAILED)));
    },
    [dispatch, isSignedIn],
  );
  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);
  return { theme, cycleTheme, setTheme };
}
