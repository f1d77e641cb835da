import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithStore } from '../testing/render-with-store';
import { HelpCenterPage } from './help-center-page';
import { FAQ_GROUPS } from './help-center-faqs';

describe('HelpCenterPage', () => {
  it('lists at least twelve questions grouped by topic', () => {
    renderWithStore(<HelpCenterPage />, { route: '/help-center' });
    const total = FAQ_GROUPS.reduce((n, g) => n + g.faqs.length, 0);
    expect(total).toBeGreaterThanOrEqual(12);
    for (const group of FAQ_GROUPS) {
      expect(screen.getByRole('heading', { level: 2, name: group.topic })).toBeInTheDocument();
    }
    expect(screen.getByText('What is Atelier?')).toBeInTheDocument();
    expect(document.title).toBe('Help center · Atelier');
  });

  it('filters questions and answers as you type', async () => {
    const { user } = renderWithStore(<HelpCenterPage />, { route: '/help-center' });
    const search = screen.getByRole('searchbox', { name: 'Search help articles' });

    // "exactly once" appears only in an answer, so this proves answers are searched too.
    await user.type(search, 'exactly once');
    expect(screen.getByText('What happens if a generation fails?')).toBeInTheDocument();
    expect(screen.queryByText('How do I delete my account?')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Jobs and messages' })).not.toBeInTheDocument();

    await user.clear(search);
    await user.type(search, 'PASSWORD');
    expect(screen.getByText('I forgot my password. What now?')).toBeInTheDocument();
    expect(screen.queryByText('What happens if a generation fails?')).not.toBeInTheDocument();
  });

  it('says so when nothing matches', async () => {
    const { user } = renderWithStore(<HelpCenterPage />, { route: '/help-center' });
    await user.type(screen.getByRole('searchbox', { name: 'Search help articles' }), 'quantum teleport');
    expect(screen.getByRole('heading', { name: 'No results for “quantum teleport”' })).toBeInTheDocument();
    expect(screen.queryByText('What is Atelier?')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact-us');

    await user.clear(screen.getByRole('searchbox', { name: 'Search help articles' }));
    expect(screen.getByText('What is Atelier?')).toBeInTheDocument();
  });
});
