import { afterEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { AuthControls } from './auth-controls';
import { authApi } from '../auth-api';
import { creditsUpdated } from '../auth-slice';
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

/** The account menu's own button: the look-alike drawn while the menu's chunk loads has no expanded state. */
const accountButton = (name: RegExp) => screen.findByRole('button', { name, expanded: false });

function renderControls(preloadedState = signedInState()) {
  return renderWithStore(
    <>
      <AuthControls />
      <Routes>
        <Route path="/" element={<p>Home page</p>} />
        <Route path="/settings" element={<p>Settings page</p>} />
        <Route path="/credits" element={<p>Credits page</p>} />
        <Route path="/verify-email" element={<p>Verify page</p>} />
      </Routes>
    </>,
    { preloadedState },
  );
}

describe('header auth controls', () => {
  it('offers Sign in and Sign up when signed out, each opening its mode', async () => {
    const { user, store } = renderControls({});
    await user.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'login', intent: null });
    await user.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(store.getState().ui.authModal).toEqual({ isOpen: true, mode: 'signup', intent: null });
  });

  it('shows initials, name and credits, and a menu with Dashboard, Profile, Collections, Referrals, Settings, Credits, Billing and Sign out', async () => {
    const { user } = renderControls(signedInState(makeUser({ name: 'Ada Lovelace', credits: 1250 })));
    // The menu is its own chunk, so it arrives after the first render.
    const trigger = await accountButton(/Ada Lovelace/);
    expect(trigger).toHaveTextContent('AL');
    expect(trigger).toHaveTextContent('1,250 credits');
    expect(trigger).toHaveAttribute('aria-expanded', 'false');

    await user.click(trigger);
    expect(trigger).toHaveAttribute('aria-expanded', 'true');
    const items = screen.getAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual([
      'Dashboard',
      'Profile',
      'Collections',
      'Referrals',
      'Settings',
      'Credits',
      'Billing',
      'Sign out',
    ]);
    expect(items[0]).toHaveFocus();

    await user.keyboard('{ArrowDown}');
    expect(items[1]).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(trigger).toHaveFocus();

    await user.click(trigger);
    await user.click(screen.getByRole('menuitem', { name: 'Credits' }));
    expect(screen.getByText('Credits page')).toBeInTheDocument();
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
  });

  it('says "1 credit" for a single credit and follows balance updates', async () => {
    const { store } = renderControls(signedInState(makeUser({ credits: 1 })));
    expect(await accountButton(/Ada/)).toHaveTextContent('1 credit');
    store.dispatch(creditsUpdated(40));
    expect(await screen.findByText('40 credits')).toBeInTheDocument();
  });

  it('offers email verification to an unverified user', async () => {
    const { user } = renderControls(signedInState(makeUser({ isVerified: false })));
    await user.click(await accountButton(/Ada/));
    await user.click(screen.getByRole('menuitem', { name: 'Verify your email' }));
    expect(screen.getByText('Verify page')).toBeInTheDocument();
  });

  it('signs out: revokes the refresh token, clears tokens, user and cached data', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    const server = mockServer({
      'POST /auth/logout': () => jsonResponse(200, { data: null, message: 'Logged out' }),
      'GET /auth/sessions': () => jsonResponse(200, { data: [] }),
    });
    const { user, store } = renderControls();
    await store.dispatch(authApi.endpoints.getSessions.initiate());
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    await user.click(await accountButton(/Ada/));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(server.callsTo('POST', '/auth/logout')[0]?.body).toEqual({ token: 'refresh-1' });
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(store.getState().auth).toMatchObject({ user: null, isAuthenticated: false, userSettings: null });
    expect(store.getState().api.queries).toEqual({});
    expect(screen.getByRole('button', { name: 'Sign in' })).toBeInTheDocument();
  });

  it('signs out locally even when the server call fails', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    mockServer({ 'POST /auth/logout': () => errorResponse(400, 'Session already ended') });
    const { user, store } = renderControls();

    await user.click(await accountButton(/Ada/));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(store.getState().auth.isAuthenticated).toBe(false));
    expect(localStorage.getItem('accessToken')).toBeNull();
    expect(localStorage.getItem('refreshToken')).toBeNull();
    expect(await screen.findByText('Signed out')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign up' })).toBeInTheDocument();
  });

  it('signs out locally when the network is down', async () => {
    localStorage.setItem('accessToken', 'access-1');
    localStorage.setItem('refreshToken', 'refresh-1');
    mockServer({ 'POST /auth/logout': () => Promise.reject(new TypeError('Failed to fetch')) });
    const { user, store } = renderControls();

    await user.click(await accountButton(/Ada/));
    await user.click(screen.getByRole('menuitem', { name: 'Sign out' }));

    await waitFor(() => expect(store.getState().auth.user).toBeNull());
    expect(localStorage.getItem('refreshToken')).toBeNull();
  });
});
