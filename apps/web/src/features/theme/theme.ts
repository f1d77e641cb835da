import { DEFAULT_THEME, STORAGE_KEYS, THEMES, type Theme } from '@atelier/shared';

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (THEMES as readonly string[]).includes(value);
}

/** The saved theme; an invalid saved value is removed and light is used. */
export function readSavedTheme(storage: Storage = localStorage): Theme {
  const saved = storage.getItem(STORAGE_KEYS.theme);
  if (saved === null) return DEFAULT_THEME;
  if (isTheme(saved)) return saved;
  storage.removeItem(STORAGE_KEYS.theme);
  return DEFAULT_THEME;
}

/** Saves the theme and applies it to the page as `data-theme`; an invalid theme becomes light. */
export function applyTheme(theme: unknown, storage: Storage = localStorage): Theme {
  const valid = isTheme(theme) ? theme : DEFAULT_THEME;
  storage.setItem(STORAGE_KEYS.theme, valid);
  document.documentElement.setAttribute('data-theme', valid);
  return valid;
}

/** The next theme in the spec's order: light, dark, ocean, forest, sunset, then light again. */
export function nextTheme(current: Theme): Theme {
  const i = THEMES.indexOf(current);
  return THEMES[(i + 1) % THEMES.length] ?? DEFAULT_THEME;
}

/** Human names of the themes, for labels. */
export const THEME_LABELS: Record<Theme, string> = {
  light: 'Light',
  dark: 'Dark',
  ocean: 'Ocean',
  forest: 'Forest',
  sunset: 'Sunset',
};
