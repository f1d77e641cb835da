import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  errorResponse,
  jsonResponse,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';
import { DashboardPage } from './dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const range = { start: '2025-03-03T00:00:00.000Z', end: '2025-03-05T00:00:00.000Z', bucket: 'day', timeRange: null };
const overview = {
  range,
  totals: { content: 3, ready: 2, failed: 1, creditsSpent: 45, creditsRefunded: 25, likes: 7, comments: 4, plays: 11 },
  series: [
    { date: '2025-03-03', generations: 1, creditsSpent: 10 },
    { date: '2025-03-04', generations: 2, creditsSpent: 35 },
  ],
  topContent: [
    {
      id: 'c1',
      title: 'Sunrise',
      contentType: 'photo',
      status: 'ready',
      likes: 5,
      comments: 1,
      plays: 10,
      createdAt: '2025-03-03T11:00:00Z',
    },
  ],
};
const engagement = {
  range,
  series: [
    { date: '2025-03-03', likes: 5, comments: 1, plays: 10 },
    { date: '2025-03-04', likes: 2, comments: 3, plays: 1 },
  ],
  byType: [{ contentType: 'photo', count: 2, likes: 7, comments: 4, plays: 11 }],
};
const social = {
  range,
  followers: 12,
  following: 3,
  referrals: 2,
  newFollowers: [
    { date: '2025-03-03', count: 1 },
    { date: '2025-03-04', count: 0 },
  ],
};

const blockNamed = (name: string) => screen.getByRole('region', { name });

describe('/dashboard', () => {
  it('a failing block shows its own error and retry while the others render', async () => {
    let overviewFails = true;
    const server = mockServer({
      'GET /users/dashboard/overview': () =>
        overviewFails ? errorResponse(500) : jsonResponse(200, { data: overview }),
      'GET /users/dashboard/content-engagement': () => jsonResponse(200, { data: engagement }),
      'GET /users/dashboard/social-stats': () => jsonResponse(200, { data: social }),
    });
    const { user } = renderWithStore(<DashboardPage />, { preloadedState: signedInState() });

    const failed = blockNamed('Overview');
    expect(await within(failed).findByRole('alert')).toHaveTextContent('Failed to load dashboard overview');
    const social$ = blockNamed('Social');
    await waitFor(() => expect(within(social$).getByText('12')).toBeInTheDocument());
    expect(
      within(social$).getByRole('img', { name: /New followers, 2 points.*total 1, peak 1 on 2025-03-03/ }),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(blockNamed('Content engagement')).getByRole('img', { name: 'Pieces by content type: Photo 2.' }),
      ).toBeInTheDocument(),
    );

    overviewFails = false;
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(failed).getByRole('link', { name: 'Sunrise' })).toBeInTheDocument());
    expect(within(failed).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(failed).getByText('45')).toBeInTheDocument();
    expect(server.callsTo('GET', '/users/dashboard/overview')).toHaveLength(2);
    expect(server.callsTo('GET', '/users/dashboard/social-stats')).toHaveLength(1);
  });

  it('shows your all-time totals from /users/stats, whatever the range', async () => {
    let statsFail = true;
    const server = mockServer({
      'GET /users/stats': () =>
        statsFail
          ? errorResponse(500)
          : jsonResponse(200, {
              data: {
                stats: {
                  content: 14,
                  publicContent: 9,
                  likesReceived: 1234,
                  plays: 56,
                  followers: 12,
                  following: 3,
                  collections: 2,
                  credits: 40,
                  referrals: 1,
                },
              },
            }),
      'GET /users/dashboard/overview': () => jsonResponse(200, { data: overview }),
      'GET /users/dashboard/content-engagement': () => jsonResponse(200, { data: engagement }),
      'GET /users/dashboard/social-stats': () => jsonResponse(200, { data: social }),
    });
    const { user } = renderWithStore(<DashboardPage />, { preloadedState: signedInState() });
    const totals = blockNamed('All-time totals');
    expect(await within(totals).findByRole('alert')).toHaveTextContent('Failed to get user statistics');

    statsFail = false;
    await user.click(within(totals).getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(within(totals).getByText('Likes received').nextSibling).toHaveTextContent('1,234'));
    expect(within(totals).getByText('Pieces').nextSibling).toHaveTextContent('14');
    expect(within(totals).getByText('Referrals').nextSibling).toHaveTextContent('1');

    await user.selectOptions(screen.getByRole('combobox', { name: 'Time range' }), 'week');
    await waitFor(() => expect(server.callsTo('GET', '/users/dashboard/overview').length).toBeGreaterThan(1));
    expect(server.callsTo('GET', '/users/stats')).toHaveLength(2);
  });

  it('shows the server’s message when it sends one', async () => {
    mockServer({
      'GET /users/dashboard/overview': () => jsonResponse(200, { data: overview }),
      'GET /users/dashboard/content-engagement': () => errorResponse(400, 'startDate must be before endDate'),
      'GET /users/dashboard/social-stats': () => errorResponse(500),
    });
    renderWithStore(<DashboardPage />, { preloadedState: signedInState() });
    expect(await within(blockNamed('Content engagement')).findByRole('alert')).toHaveTextContent(
      'startDate must be before endDate',
    );
    expect(await within(blockNamed('Social')).findByRole('alert')).toHaveTextContent(
      'Failed to load social statistics',
    );
  });

  it('dismissing an error clears it without a new request, and Load asks again', async () => {
    let socialFails = true;
    const server = mockServer({
      'GET /users/dashboard/overview': () => jsonResponse(200, { data: overview }),
      'GET /users/dashboard/content-engagement': () => jsonResponse(200, { data: engagement }),
      'GET /users/dashboard/social-stats': () =>
        socialFails ? errorResponse(500) : jsonResponse(200, { data: social }),
    });
    const { user } = renderWithStore(<DashboardPage />, { preloadedState: signedInState() });
    const block = blockNamed('Social');
    await within(block).findByRole('alert');

    await user.click(within(block).getByRole('button', { name: 'Dismiss' }));
    expect(within(block).queryByRole('alert')).not.toBeInTheDocument();
    expect(within(block).getByText('Not loaded.')).toBeInTheDocument();
    expect(server.callsTo('GET', '/users/dashboard/social-stats')).toHaveLength(1);

    socialFails = false;
    await user.click(within(block).getByRole('button', { name: 'Load' }));
    await waitFor(() => expect(within(block).getByText('12')).toBeInTheDocument());
    expect(server.callsTo('GET', '/users/dashboard/social-stats')).toHaveLength(2);
  });
});
