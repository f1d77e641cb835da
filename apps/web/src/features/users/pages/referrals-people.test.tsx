import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { jsonResponse, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { PeoplePage } from './people-page';
import { ReferralsPage } from './referrals-page';

afterEach(() => vi.unstubAllGlobals());

describe('Referrals page', () => {
  it('shows the link with a copy button, the stats and the referred people', async () => {
    mockServer({
      'GET /users/referrals': () =>
        jsonResponse(200, {
          data: {
            referrals: [
              {
                id: 'r1',
                username: 'bea',
                fullName: 'Bea Bold',
                joinedAt: '2025-02-01T00:00:00.000Z',
                isVerified: true,
                bonusGranted: true,
              },
              {
                id: 'r2',
                username: 'cy',
                fullName: 'Cy Calm',
                joinedAt: '2025-02-02T00:00:00.000Z',
                isVerified: false,
                bonusGranted: false,
              },
            ],
            stats: { total: 2, verified: 1, creditsEarned: 20 },
            referralCode: 'ADA123',
            referralLink: 'https://atelier.example/?ref=ADA123',
          },
          pagination: { page: 1, pageSize: 10, total: 2, totalPages: 1 },
        }),
    });
    const { user } = renderWithStore(<ReferralsPage />, { preloadedState: signedInState() });
    expect(await screen.findByText('https://atelier.example/?ref=ADA123')).toBeInTheDocument();
    const stats = screen.getByLabelText('Referral stats');
    expect(within(stats).getByText('20')).toBeInTheDocument();
    expect(screen.getByText('Bonus granted')).toBeInTheDocument();
    expect(screen.getByText('Waiting for verification')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Copy link' }));
    expect(await screen.findByText('Link copied')).toBeInTheDocument();
    // user-event stands in for the system clipboard.
    expect(await navigator.clipboard.readText()).toBe('https://atelier.example/?ref=ADA123');
  });
});

describe('People page', () => {
  it('searches by the q parameter and lists the results', async () => {
    const server = mockServer({
      'GET /users/search': () =>
        jsonResponse(200, {
          data: [{ id: 'p1', username: 'grace', fullName: 'Grace Hopper', avatar: null, isFollowing: false }],
          pagination: { page: 1, pageSize: 12, total: 1, totalPages: 1 },
        }),
    });
    renderWithStore(<PeoplePage />, { route: '/people?q=grace', preloadedState: signedInState() });
    const results = await screen.findByRole('list', { name: 'Search results' });
    expect(within(results).getByRole('link', { name: /Grace Hopper/ })).toHaveAttribute('href', '/u/grace');
    expect(within(results).getByRole('button', { name: 'Follow' })).toBeInTheDocument();
    expect(server.calls[0]?.path).toBe('/users/search');
  });

  it('before anything is typed, opens on the most followed and the newest makers', async () => {
    const person = (id: string, fullName: string) => ({ id, username: id, fullName, avatar: null, isFollowing: false });
    const server = mockServer({
      'GET /users/search': ({ search }) =>
        jsonResponse(200, {
          data: search.get('sort') === 'followers' ? [person('star', 'Star Maker')] : [person('newbie', 'New Maker')],
          pagination: { page: 1, pageSize: 8, total: 1, totalPages: 1 },
        }),
    });
    renderWithStore(<PeoplePage />, { route: '/people' });
    const most = await screen.findByRole('list', { name: 'Most followed' });
    expect(within(most).getByRole('link', { name: /Star Maker/ })).toHaveAttribute('href', '/u/star');
    const newest = await screen.findByRole('list', { name: 'New on Atelier' });
    expect(within(newest).getByRole('link', { name: /New Maker/ })).toHaveAttribute('href', '/u/newbie');
    expect(server.calls.map((c) => c.search.get('sort')).sort()).toEqual(['followers', 'newest']);
  });
});
