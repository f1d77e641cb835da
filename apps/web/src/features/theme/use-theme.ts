import { useCallback, useEffect } from 'react';
import { toast } from 'react-toastify';
import { MSG, type Theme } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { errorMessage } from '../../app/errors';
import { settingsLoaded } from '../auth/auth-slice';
import { useUpdateSettingsMutation } from '../users/users-api';
import { applyTheme, isTheme, nextTheme } from './theme';
import { themeSet } from './theme-slice';

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

/**
 * Keeps `data-theme` on <html> and `localStorage['app-theme']` in step with the theme slice, and
 * takes the account's saved theme whenever the account's settings arrive: on sign-in, on a new
 * device, and when the page loads.
 */
export function useThemeSync(): void {
  const dispatch = useAppDispatch();
  const theme = useAppSelector((state) => state.theme.theme);
  const accountTheme = useAppSelector((state) => (state.auth.isAuthenticated ? state.auth.userSettings?.theme : null));
  useEffect(() => {
    if (isTheme(accountTheme)) dispatch(themeSet(accountTheme));
  }, [accountTheme, dispatch]);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
}
