/** Theme's face: the theme state and the component that applies it to the page. */
export { nextTheme } from './theme';
export { themeSet } from './theme-slice';
export { ThemeSync } from './theme-sync';
