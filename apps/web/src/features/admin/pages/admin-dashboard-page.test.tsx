import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';
import { AdminDashboardPage } from './admin-dashboard-page';

afterEach(() => vi.unstubAllGlobals());

const blockNamed = (name: string) => screen.getByRole('region', { name });

describe('/admin', () => {
  it('tells a member the area is for admins only and asks the server nothing', () => {
    const server = mockServer({});
    renderWithStore(
      <Routes>
        <Route path="/admin" element={<AdminDashboardPage />} />
      </Routes>,
      { preloadedState: signedInState(makeUser({ role: 'user' })), route: '/admin' },
    );
    expect(screen.getByText('Admins only')).toBeInTheDocument();
    expect(server.calls).toHaveLength(0);
  });

  it('each admin section fails on its own with the spec’s text', async () => {
    mockServer({
      'GET /admin/dashboard': () => errorResponse(500),
      'GET /admin/dashboard/recent-content': () => errorResponse(500),
      'GET /admin/dashboard/users': () => errorResponse(500),
      'GET /admin/dashboard/user-roles': () =>
        jsonResponse(200, {
          data: [
            { label: 'user', count: 3, share: 0.75 },
            { label: 'admin', count: 1, share: 0.25 },
          ],
        }),
    });
    renderWithStore(<AdminDashboardPage />, { preloadedState: signedInState(makeUser({ role: 'admin' })) });
    expect(await within(blockNamed('Overview')).findByRole('alert')).toHaveTextContent(
      'Failed to fetch dashboard overview',
    );
    expect(await within(blockNamed('Recent content')).findByRole('alert')).toHaveTextContent(
      'Failed to fetch recent content',
    );
    expect(await within(blockNamed('Users')).findByRole('alert')).toHaveTextContent('Failed to fetch user metrics');
    expect(
      await within(blockNamed('User roles')).findByRole('img', {
        name: 'Users by role, 4 in all: user 3 (75%), admin 1 (25%).',
      }),
    ).toBeInTheDocument();
  });
});
