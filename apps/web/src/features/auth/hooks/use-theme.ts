import { useCallback } from 'react';
import { toast } from '../../../components/ui/toast';
import { MSG, type Theme } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../../app/hooks';
import { errorMessage } from '../../../app/errors';
import { nextTheme, themeSet } from '../../theme';
import { settingsLoaded } from '../auth-slice';
import { useUpdateSettingsMutation } from '../account-api';

/**
 * The current theme and the two ways to change it. A signed-in person's choice is also kept on
 * their account, so it follows them to another device.
 */
export function useTheme() {
  const theme = useAppSelector((state) => state.theme.theme);
  const isSignedIn = useAppSelector((state) => state.auth.isAuthenticated && state.auth.user !== null);
  const dispatch = useAppDispatch();
  const [saveSettings] = useUpdateSettingsMutation();

  const setTheme = useCallback(
    (next: Theme) => {
      dispatch(themeSet(next));
      if (!isSignedIn) return;
      saveSettings({ theme: next })
        .unwrap()
        .then((settings) => dispatch(settingsLoaded(settings)))
        // The page keeps the new theme; only the account did not hear of it.
        .catch((err: unknown) => toast.error(errorMessage(err, MSG.users.updateSettingsFailed)));
    },
    [dispatch, isSignedIn, saveSettings],
  );
  const cycleTheme = useCallback(() => setTheme(nextTheme(theme)), [setTheme, theme]);
  return { theme, cycleTheme, setTheme };
}
