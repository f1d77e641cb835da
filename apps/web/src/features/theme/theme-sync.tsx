import { useThemeSync } from './use-theme';

/** Mount once near the root: applies the slice's theme to the page whenever it changes. */
export function ThemeSync() {
  useThemeSync();
  return null;
}
