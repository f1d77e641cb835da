/** Theme's face: the theme state and the component that applies it to the page. */
export { THEME_LABELS, nextTheme, readSavedTheme } from './theme';
export { themeReducer, themeSet } from './theme-slice';
export { ThemeSync } from './theme-sync';
