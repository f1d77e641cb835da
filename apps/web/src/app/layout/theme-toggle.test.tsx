import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithStore } from '../../testing/render-with-store';
import { ThemeSync } from '../../features/theme';
import { ThemeToggle } from './theme-toggle';

describe('ThemeToggle', () => {
  it('cycles light → dark → ocean → forest → sunset → light, saving app-theme and applying data-theme', async () => {
    const { user, store } = renderWithStore(
      <>
        <ThemeSync />
        <ThemeToggle />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Change theme (current: Light)' })).toBeInTheDocument();
    expect(document.documentElement.getAttribute('data-theme')).toBe('light');

    for (const [next, label] of [
      ['dark', 'Dark'],
      ['ocean', 'Ocean'],
      ['forest', 'Forest'],
      ['sunset', 'Sunset'],
      ['light', 'Light'],
    ] as const) {
      await user.click(screen.getByRole('button', { name: /Change theme/ }));
      expect(store.getState().theme.theme).toBe(next);
      expect(localStorage.getItem('app-theme')).toBe(next);
      expect(document.documentElement.getAttribute('data-theme')).toBe(next);
      expect(screen.getByRole('button', { name: `Change theme (current: ${label})` })).toHaveTextContent(label);
    }
  });

  it('starts from the saved theme', () => {
    localStorage.setItem('app-theme', 'forest');
    renderWithStore(
      <>
        <ThemeSync />
        <ThemeToggle />
      </>,
    );
    expect(screen.getByRole('button', { name: 'Change theme (current: Forest)' })).toBeInTheDocument();
    expect(document.documentElement.getAttribute('data-theme')).toBe('forest');
  });
});
