import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { AuthRoot } from './auth-root';
import { AuthControls } from './auth-controls';
import {
  errorResponse,
  jsonResponse,
  makeUser,
  mockServer,
  renderWithStore,
  signedInState,
} from '../../../testing/render-with-store';

afterEach(() => {
  vi.unstubAllGlobals();
});

const settings = { emailNotifications: true, marketingEmails: false, profileVisibility: 'public', theme: null };

describe('session restore on load', () => {
  it('loads the current user and settings when a token is stored', async () => {
    localStorage.setItem('accessToken', 'stored-access');
    localStorage.setItem('refreshToken', 'stored-refresh');
    const ada = makeUser({ credits: 75 });
    const server = mockServer({ 'GET /users/me': () => jsonResponse(200, { data: { user: ada, settings } }) });
    const { store } = renderWithStore(
      <>
        <AuthControls />
        <AuthRoot />
      </>,
    );

    expect(await screen.findByText('75 credits')).toBeInTheDocument();
    expect(store.getState().auth).toMatchObject({ isAuthenticated: true, user: ada, userSettings: settings });
    expect(server.callsTo('GET', '/users/me')[0]?.authorization).toBe('Bearer stored-access');
  });

  it('marks the user signed out when loading fails, and says so', async () => {
    localStorage.setItem('accessToken', 'stored-access');
    mockServer({ 'GET /users/me': () => errorResponse(400, 'Account is disabled') });
    const { store } = renderWithStore(<AuthRoot />, { preloadedState: signedInState() });

    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(store.getState().auth.user).toBeNull();
    expect(await screen.findByText('Account is disabled')).toBeInTheDocument();
  });

  it('makes no call without a stored token and forgets a persisted user whose tokens are gone', async () => {
    const server = mockServer({});
    const { store } = renderWithStore(<AuthRoot />, { preloadedState: signedInState() });
    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(server.calls).toHaveLength(0);
  });
});

describe('sessions across tabs', () => {
  it('signs this tab out when another tab signs out', async () => {
    localStorage.setItem('accessToken', 'shared-access');
    localStorage.setItem('refreshToken', 'shared-refresh');
    mockServer({ 'GET /users/me': () => jsonResponse(200, { data: { user: makeUser(), settings } }) });
    const { store } = renderWithStore(
      <>
        <AuthControls />
        <AuthRoot />
      </>,
    );
    await screen.findByText('50 credits');

    localStorage.removeItem('accessToken');
    localStorage.removeItem('refreshToken');
    window.dispatchEvent(
      new StorageEvent('storage', { key: 'accessToken', oldValue: 'shared-access', newValue: null }),
    );

    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeInTheDocument();
    expect(store.getState().auth.user).toBeNull();
  });

  it('signs this tab in when another tab signs in', async () => {
    const server = mockServer({
      'GET /users/me': () => jsonResponse(200, { data: { user: makeUser({ credits: 12 }), settings } }),
    });
    renderWithStore(
      <>
        <AuthControls />
        <AuthRoot />
      </>,
    );
    expect(server.calls).toHaveLength(0);

    localStorage.setItem('accessToken', 'new-access');
    localStorage.setItem('refreshToken', 'new-refresh');
    window.dispatchEvent(new StorageEvent('storage', { key: 'accessToken', oldValue: null, newValue: 'new-access' }));

    expect(await screen.findByText('12 credits')).toBeInTheDocument();
    expect(server.callsTo('GET', '/users/me')[0]?.authorization).toBe('Bearer new-access');
  });
});
