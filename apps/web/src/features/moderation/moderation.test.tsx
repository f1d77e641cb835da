import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Route, Routes } from 'react-router';
import { jsonResponse, errorResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../testing/render-with-store';
import { ReportButton } from './components/report-button';
import { AdminReportsPage } from './pages/admin-reports-page';
import { BlockedPeopleSection } from './components/blocked-people';

afterEach(() => vi.unstubAllGlobals());

const report = { id: 'r1', targetType: 'comment', targetId: 'c1', reason: 'harassment', details: null, status: 'open', createdAt: '2026-11-01T10:00:00.000Z' };

describe('the report button', () => {
  it('sends the chosen reason and says the moderators have it', async () => {
    const calls = mockServer({ 'POST /reports': () => jsonResponse(201, { data: report, message: 'Thanks, your report was sent to our moderators' }) });
    const { user } = renderWithStore(<ReportButton targetType="comment" targetId="c1" ownerId="someone-else" />, {
      preloadedState: signedInState(makeUser({ id: 'me' })),
    });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    const dialog = await screen.findByRole('dialog', { name: 'Report this comment' });
    const send = within(dialog).getByRole('button', { name: 'Send report' });
    expect(send).toBeDisabled();
    await user.click(within(dialog).getByLabelText('Harassment or bullying'));
    await user.type(within(dialog).getByLabelText(/Anything else/), 'Insults in every reply');
    await user.click(send);
    expect(await screen.findByText('Thanks, your report was sent to our moderators')).toBeInTheDocument();
    expect(calls.callsTo('POST', '/reports')[0]?.body).toEqual({
      targetType: 'comment',
      targetId: 'c1',
      reason: 'harassment',
      details: 'Insults in every reply',
    });
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The first test loads the dialog's lazy chunk and the server API cold, on a busy machine.
  }, 20_000);

  it('shows the server’s refusal and is not offered on one’s own things', async () => {
    mockServer({ 'POST /reports': () => errorResponse(400, 'You cannot report yourself') });
    const { user, unmount } = renderWithStore(<ReportButton targetType="user" targetId="u2" ownerId="u2" />, {
      preloadedState: signedInState(makeUser({ id: 'me' })),
    });
    await user.click(screen.getByRole('button', { name: 'Report' }));
    await user.click(await screen.findByLabelText('Spam'));
    await user.click(screen.getByRole('button', { name: 'Send report' }));
    expect(await screen.findByText('You cannot report yourself')).toBeInTheDocument();
    unmount();
    renderWithStore(<ReportButton targetType="user" targetId="me" ownerId="me" />, { preloadedState: signedInState(makeUser({ id: 'me' })) });
    expect(screen.queryByRole('button', { name: 'Report' })).not.toBeInTheDocument();
  });
});

describe('/admin/reports', () => {
  const queue = {
    data: [
      {
        targetType: 'comment',
        targetId: 'c1',
        targetUser: { id: 'a', username: 'alice' },
        summary: 'You are all idiots',
        isHidden: false,
        count: 2,
        reasons: ['harassment', 'hate'],
        reports: [
          { ...report, reporter: { id: 'b', username: 'bob' }, action: null, note: null, resolvedAt: null },
          { ...report, id: 'r2', reason: 'hate', reporter: { id: 'c', username: 'cara' }, action: null, note: null, resolvedAt: null },
        ],
      },
    ],
    pagination: { page: 1, pageSize: 20, total: 1, totalPages: 1 },
    openCount: 2,
  };

  it('lists open reports grouped by target and hides a comment from the queue', async () => {
    let open = true;
    const calls = mockServer({
      'GET /admin/reports': () => jsonResponse(200, open ? queue : { ...queue, data: [], openCount: 0, pagination: { ...queue.pagination, total: 0 } }),
      'PATCH /admin/reports/r1': () => {
        open = false;
        return jsonResponse(200, { data: { closed: 2, status: 'actioned' }, message: 'Done' });
      },
    });
    const { user } = renderWithStore(
      <Routes>
        <Route path="/admin/reports" element={<AdminReportsPage />} />
      </Routes>,
      { preloadedState: signedInState(makeUser({ role: 'admin' })), route: '/admin/reports' },
    );
    expect(await screen.findByText('You are all idiots')).toBeInTheDocument();
    expect(screen.getByText('2 reports: Harassment or bullying, Hate')).toBeInTheDocument();
    expect(screen.getByText(/from @bob/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Hide' }));
    expect(await screen.findByText('2 reports closed')).toBeInTheDocument();
    expect(calls.callsTo('PATCH', '/admin/reports/r1')[0]?.body).toEqual({ action: 'hide' });
    expect(await screen.findByText('Nothing to review')).toBeInTheDocument();
  });
});

describe('the blocked people in settings', () => {
  it('lists the people one blocked and unblocks one', async () => {
    let blocked = [{ id: 'u9', username: 'rude_rita', fullName: 'Rita Rude', avatar: null, blockedAt: '2026-11-01T10:00:00.000Z' }];
    const calls = mockServer({
      'GET /users/blocked': () => jsonResponse(200, { data: blocked, pagination: { page: 1, pageSize: 20, total: blocked.length, totalPages: 1 } }),
      'DELETE /users/block/u9': () => {
        blocked = [];
        return jsonResponse(200, { data: { isBlocked: false }, message: 'Unblocked' });
      },
    });
    const { user } = renderWithStore(<BlockedPeopleSection />, { preloadedState: signedInState(makeUser({ id: 'me' })) });
    const list = await screen.findByRole('list', { name: 'Blocked people' });
    expect(list).toHaveTextContent('Rita Rude');
    expect(list).toHaveTextContent('@rude_rita');
    await user.click(within(list).getByRole('button', { name: 'Unblock @rude_rita' }));
    expect(await screen.findByText('You unblocked @rude_rita')).toBeInTheDocument();
    expect(calls.callsTo('DELETE', '/users/block/u9')).toHaveLength(1);
    expect(await screen.findByText(/You have not blocked anyone/)).toBeInTheDocument();
  });
});
