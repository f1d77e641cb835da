import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { SettingsPage } from './settings-page';
import {
  errorResponse,
  jsonResponse,
  makeSession,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';

afterEach(() => {
  vi.unstubAllGlobals();
});

const current = makeSession({
  id: 'session-current',
  isCurrent: true,
  userAgent: 'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  ip: '198.51.100.1',
  lastUsedAt: '2025-03-05T08:00:00.000Z',
});
const phone = makeSession({
  id: 'session-phone',
  userAgent:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ip: '203.0.113.9',
  lastUsedAt: '2025-03-04T18:45:00.000Z',
});

describe('settings page', () => {
  it('asks a signed-out visitor to sign in', async () => {
    const server = mockServer({});
    const { user, store } = renderWithStore(<SettingsPage />);
    expect(screen.getByRole('heading', { name: 'Sign in to see your settings' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
    expect(server.calls).toHaveLength(0);
  });

  it("shows the profile basics with the email's verification state", () => {
    mockServer({ 'GET /auth/sessions': () => jsonResponse(200, { data: [] }) });
    renderWithStore(<SettingsPage />, { preloadedState: signedInState(makeUser({ isVerified: false })) });
    const profile = screen.getByRole('region', { name: 'Profile' });
    expect(within(profile).getByText('Ada Lovelace')).toBeInTheDocument();
    expect(within(profile).getByText('@ada')).toBeInTheDocument();
    expect(within(profile).getByText('ada@example.com')).toBeInTheDocument();
    expect(within(profile).getByText('Not verified')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'Verify your email' })).toHaveAttribute('href', '/verify-email');
  });

  it('lists sessions with device, IP, last use and "This device", and signs out another one', async () => {
    let sessions = [phone, current];
    const server = mockServer({
      'GET /auth/sessions': () => jsonResponse(200, { data: sessions }),
      'DELETE /auth/sessions/session-phone': () => {
        sessions = [current];
        return jsonResponse(200, { data: null, message: 'Session revoked' });
      },
    });
    const { user, store } = renderWithStore(<SettingsPage />, { preloadedState: signedInState() });

    const list = await screen.findByRole('list', { name: 'Signed-in devices' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('Firefox on Linux');
    expect(rows[0]).toHaveTextContent('This device');
    expect(rows[0]).toHaveTextContent('198.51.100.1');
    expect(within(rows[0]!).queryByRole('button', { name: /sign out/i })).not.toBeInTheDocument();
    expect(rows[1]).toHaveTextContent('Safari on iOS');
    expect(rows[1]).toHaveTextContent('203.0.113.9');
    expect(rows[1]).toHaveTextContent('Last used Mar 4, 2025, 6:45 PM');
    expect(rows[1]).not.toHaveTextContent('This device');
    expect(store.getState().auth.activeSessions).toHaveLength(2);

    await user.click(within(rows[1]!).getByRole('button', { name: /sign out safari on ios/i }));

    expect(await screen.findByText('Session revoked')).toBeInTheDocument();
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(1));
    expect(server.callsTo('DELETE', '/auth/sessions/session-phone')).toHaveLength(1);
    expect(screen.queryByText('Safari on iOS')).not.toBeInTheDocument();
    expect(store.getState().auth.activeSessions).toEqual([current]);
  });

  it("shows the spec's default when sessions cannot be loaded", async () => {
    mockServer({ 'GET /auth/sessions': () => new Response('', { status: 500 }) });
    renderWithStore(<SettingsPage />, { preloadedState: signedInState() });
    expect(await screen.findByText(/Failed to get active sessions/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it('signs out everywhere, then signs out here', async () => {
    localStorage.setItem('accessToken', 'a');
    localStorage.setItem('refreshToken', 'r');
    const server = mockServer({
      'GET /auth/sessions': () => jsonResponse(200, { data: [current, phone] }),
      'POST /auth/logout-all': () => jsonResponse(200, { data: null, message: 'Signed out of all devices' }),
    });
    const { user, store } = renderWithStore(<SettingsPage />, { preloadedState: signedInState() });
    await screen.findByRole('list', { name: 'Signed-in devices' });

    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));

    expect(await screen.findByText('Signed out of all devices')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/logout-all')).toHaveLength(1);
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().auth.isAuthenticated).toBe(false);
    expect(screen.getByRole('heading', { name: 'Sign in to see your settings' })).toBeInTheDocument();
  });

  it('stays signed in and says so when signing out everywhere fails', async () => {
    localStorage.setItem('accessToken', 'a');
    mockServer({
      'GET /auth/sessions': () => jsonResponse(200, { data: [current] }),
      'POST /auth/logout-all': () => new Response('', { status: 500 }),
    });
    const { user, store } = renderWithStore(<SettingsPage />, { preloadedState: signedInState() });
    await screen.findByRole('list', { name: 'Signed-in devices' });
    await user.click(screen.getByRole('button', { name: 'Sign out everywhere' }));
    expect(await screen.findByText('Logout from all devices failed')).toBeInTheDocument();
    expect(store.getState().auth.isAuthenticated).toBe(true);
    expect(localStorage.getItem('accessToken')).toBe('a');
  });

  it('changes the password after checking the rules, and reports failures', async () => {
    let reply = () => errorResponse(400, 'Current password is incorrect');
    const server = mockServer({
      'GET /auth/sessions': () => jsonResponse(200, { data: [current] }),
      'POST /auth/change-password': () => reply(),
    });
    const { user } = renderWithStore(<SettingsPage />, { preloadedState: signedInState() });
    const section = screen.getByRole('region', { name: 'Change password' });
    const currentField = within(section).getByLabelText(/^current password/i);
    const newField = within(section).getByLabelText(/^new password/i);
    const confirmField = within(section).getByLabelText(/^confirm new password/i);
    const submit = () => user.click(within(section).getByRole('button', { name: 'Change password' }));

    await submit();
    expect(await within(section).findByText('Current password is required')).toBeInTheDocument();
    expect(within(section).getByText('Password must be at least 8 characters long')).toBeInTheDocument();

    await user.type(currentField, 'Old-pass1');
    await user.type(newField, 'Newpass12');
    await user.type(confirmField, 'Newpass13');
    await submit();
    expect(await within(section).findByText('Passwords do not match')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/change-password')).toHaveLength(0);

    await user.clear(confirmField);
    await user.type(confirmField, 'Newpass12');
    await submit();
    expect(await screen.findByText('Current password is incorrect')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'Old-pass1',
      newPassword: 'Newpass12',
    });

    reply = () => new Response('', { status: 500 });
    await submit();
    expect(await screen.findByText('Failed to change password')).toBeInTheDocument();

    reply = () => jsonResponse(200, { data: null, message: 'Password changed successfully' });
    await submit();
    expect(await screen.findByText('Password changed successfully')).toBeInTheDocument();
    await waitFor(() => expect(currentField).toHaveValue(''));
    expect(newField).toHaveValue('');
  });

  it('switches between the five themes and keeps the choice on the account', async () => {
    const server = mockServer({
      'GET /auth/sessions': () => jsonResponse(200, { data: [] }),
      'PATCH /users/settings': (call) =>
        jsonResponse(200, {
          data: {
            settings: {
              emailNotifications: true,
              marketingEmails: false,
              profileVisibility: 'public',
              theme: (call.body as { theme: string }).theme,
            },
          },
        }),
    });
    const { user, store } = renderWithStore(<SettingsPage />, { preloadedState: signedInState() });
    const picker = screen.getByRole('radiogroup', { name: 'Theme' });
    const options = within(picker).getAllByRole('radio');
    expect(options.map((o) => (o as HTMLInputElement).value)).toEqual(['light', 'dark', 'ocean', 'forest', 'sunset']);
    expect(within(picker).getByRole('radio', { name: 'Light' })).toBeChecked();

    await user.click(within(picker).getByRole('radio', { name: 'Ocean' }));
    expect(store.getState().theme.theme).toBe('ocean');
    expect(within(picker).getByRole('radio', { name: 'Ocean' })).toBeChecked();
    expect(server.callsTo('PATCH', '/users/settings')[0]?.body).toEqual({ theme: 'ocean' });
    await waitFor(() => expect(store.getState().auth.userSettings?.theme).toBe('ocean'));
  });
});
