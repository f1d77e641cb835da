import { useEffect } from 'react';
import { useAppDispatch, useAppSelector } from '../../lib/hooks';
import { applyTheme, isTheme } from './theme';
import { themeSet } from './theme-slice';

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

/** Mount once near the root: applies the slice's theme to the page whenever it changes. */
export function ThemeSync() {
  useThemeSync();
  return null;
}
