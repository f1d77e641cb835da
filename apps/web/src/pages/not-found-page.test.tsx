import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithStore } from '../testing/render-with-store';
import { NotFoundPage } from './not-found-page';

describe('NotFoundPage', () => {
  it('is titled after the last path segment and links home', () => {
    renderWithStore(<NotFoundPage />, { route: '/some-thing' });
    expect(document.title).toBe('Some Thing · Atelier');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.getByText('/some-thing')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
  });
});
