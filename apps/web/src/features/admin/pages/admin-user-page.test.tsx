import { screen, waitFor, within } from '@testing-library/react';
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
import { AdminUserPage } from './admin-user-page';

afterEach(() => vi.unstubAllGlobals());

const USER_ID = '11111111-2222-4333-8444-555555555555';
const detail = (credits: number, role: 'user' | 'admin' = 'user') => ({
  data: {
    user: {
      id: USER_ID,
      username: 'penny_lane',
      fullName: 'Penny Lane',
      email: 'penny@example.com',
      role,
      credits,
      isVerified: true,
      contentCount: 2,
      deletedAt: null,
      createdAt: '2025-05-01T10:00:00.000Z',
      referralCode: 'PENNY',
      bio: null,
    },
    counts: { content: 2, ready: 1, failed: 1, referrals: 0, ledgerEntries: 1 },
    ledger: [
      {
        id: 'l1',
        delta: 30,
        kind: 'signup_grant',
        reason: null,
        balanceAfter: 30,
        actor: null,
        createdAt: '2025-05-01T10:00:00.000Z',
      },
    ],
  },
});

function renderPage(server: Parameters<typeof mockServer>[0]) {
  const calls = mockServer(server);
  const view = renderWithStore(
    <Routes>
      <Route path="/admin/users/:id" element={<AdminUserPage />} />
    </Routes>,
    { preloadedState: signedInState(makeUser({ role: 'admin' })), route: `/admin/users/${USER_ID}` },
  );
  return { ...view, calls };
}

describe('/admin/users/:id', () => {
  it('adds credits with a reason, confirms it and refreshes the balance', async () => {
    let credits = 30;
    const { user, calls } = renderPage({
      [`GET /admin/users/${USER_ID}`]: () => jsonResponse(200, detail(credits)),
      'POST /credits/admin/add': () => {
        credits = 42;
        return jsonResponse(200, { data: { userId: USER_ID, credits: 42 }, message: 'Credits added successfully' });
      },
    });
    expect(await screen.findByRole('heading', { name: /Penny Lane/ })).toBeInTheDocument();
    const form = screen.getByRole('region', { name: 'Adjust credits' });
    const add = within(form).getByRole('button', { name: 'Add credits' });
    expect(add).toBeDisabled();
    await user.type(within(form).getByLabelText('Amount'), '12');
    await user.type(within(form).getByLabelText('Reason'), 'Contest prize');
    await user.click(add);
    expect(await screen.findByText('Credits added successfully')).toBeInTheDocument();
    expect(calls.callsTo('POST', '/credits/admin/add')[0]?.body).toEqual({
      userId: USER_ID,
      amount: 12,
      reason: 'Contest prize',
    });
    await waitFor(() => expect(screen.getByText('42')).toBeInTheDocument());
  });

  it('shows the spec’s text when a deduction fails', async () => {
    const { user } = renderPage({
      [`GET /admin/users/${USER_ID}`]: () => jsonResponse(200, detail(30)),
      'POST /credits/admin/deduct': () => errorResponse(500),
    });
    const form = await screen.findByRole('region', { name: 'Adjust credits' });
    await user.type(within(form).getByLabelText('Amount'), '5');
    await user.type(within(form).getByLabelText('Reason'), 'Chargeback');
    await user.click(within(form).getByRole('button', { name: 'Deduct credits' }));
    expect(await screen.findByText('Failed to deduct credits')).toBeInTheDocument();
  });

  it('changes the role', async () => {
    let role: 'user' | 'admin' = 'user';
    const { user, calls } = renderPage({
      [`GET /admin/users/${USER_ID}`]: () => jsonResponse(200, detail(30, role)),
      [`PATCH /admin/users/${USER_ID}/role`]: () => {
        role = 'admin';
        return jsonResponse(200, { ...detail(30, 'admin'), message: 'Role updated successfully' });
      },
    });
    const card = await screen.findByRole('region', { name: /Role/ });
    await user.selectOptions(within(card).getByLabelText('New role'), 'admin');
    await user.click(within(card).getByRole('button', { name: 'Change role' }));
    expect(await screen.findByText('Role updated successfully')).toBeInTheDocument();
    expect(calls.callsTo('PATCH', `/admin/users/${USER_ID}/role`)[0]?.body).toEqual({ role: 'admin' });
  });

  it("lists the account's API keys and revokes one", async () => {
    let revoked: string | null = null;
    const key = () => ({
      id: 'key-1',
      name: 'Render farm',
      prefix: 'atl_1a2b3c4d',
      scopes: ['generate'],
      createdAt: '2025-05-01T10:00:00.000Z',
      lastUsedAt: null,
      revokedAt: revoked,
      owner: { id: USER_ID, username: 'penny_lane' },
    });
    vi.stubGlobal('confirm', () => true);
    const { user, calls } = renderPage({
      [`GET /admin/users/${USER_ID}`]: () => jsonResponse(200, detail(30)),
      'GET /admin/api-keys': () =>
        jsonResponse(200, { data: [key()], pagination: { page: 1, pageSize: 100, total: 1, totalPages: 1 } }),
      'DELETE /admin/api-keys/key-1': () => {
        revoked = '2025-05-02T10:00:00.000Z';
        return jsonResponse(200, { data: key(), message: 'API key revoked' });
      },
    });
    const card = await screen.findByRole('region', { name: 'API keys' });
    expect(await within(card).findByText('atl_1a2b3c4d…')).toBeInTheDocument();
    expect(calls.callsTo('GET', '/admin/api-keys')[0]?.search.get('userId')).toBe(USER_ID);
    await user.click(within(card).getByRole('button', { name: 'Revoke Render farm' }));
    expect(await within(card).findByText('Revoked')).toBeInTheDocument();
    expect(calls.callsTo('DELETE', '/admin/api-keys/key-1')).toHaveLength(1);
  }, 20_000);
});
