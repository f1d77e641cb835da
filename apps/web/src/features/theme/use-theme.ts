import { useCallback, useEffect } from 'react';
import type { Theme } from '@atelier/shared';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { applyTheme } from './theme';
import { themeCycled, themeSet } from './theme-slice';

/** The current theme and the two ways to change it. */
export function useTheme() {
  const theme = useAppSelector((state) => state.theme.theme);
  const dispatch = useAppDispatch();
  const cycleTheme = useCallback(() => dispatch(themeCycled()), [dispatch]);
  const setTheme = useCallback((next: Theme) => dispatch(themeSet(next)), [dispatch]);
  return { theme, cycleTheme, setTheme };
}

/** Keeps `data-theme` on <html> and `localStorage['app-theme']` in step with the theme slice. */
export function useThemeSync(): void {
  const theme = useAppSelector((state) => state.theme.theme);
  useEffect(() => {
    applyTheme(theme);
  }, [theme]);
}
