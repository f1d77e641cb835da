import { describe, expect, it } from 'vitest';
import { applyTheme, nextTheme, readSavedTheme } from './theme';

describe('themes', () => {
  it('cycles light, dark, ocean, forest, sunset and back to light', () => {
    const seen = ['light' as const];
    for (let i = 0; i < 5; i++) seen.push(nextTheme(seen[seen.length - 1]!) as never);
    expect(seen).toEqual(['light', 'dark', 'ocean', 'forest', 'sunset', 'light']);
  });

  it('saves the theme under app-theme and applies it as data-theme', () => {
    applyTheme('ocean');
    expect(localStorage.getItem('app-theme')).toBe('ocean');
    expect(document.documentElement.getAttribute('data-theme')).toBe('ocean');
  });

  it('falls back to light for an invalid theme and removes an invalid saved value', () => {
    expect(applyTheme('purple')).toBe('light');
    localStorage.setItem('app-theme', 'neon');
    expect(readSavedTheme()).toBe('light');
    expect(localStorage.getItem('app-theme')).toBeNull();
  });
});
