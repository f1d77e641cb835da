import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import type { PublicUser, SessionInfo } from '@atelier/shared';
import { makeStore } from '../app/store';
import type { RootState } from '../lib/store';
import { initialAuthState } from '../features/auth/auth-slice';

export function makeUser(overrides: Partial<PublicUser> = {}): PublicUser {
  return {
    id: '6d1f0c36-3a62-4d8e-9a57-0a2b1f2f6b11',
    name: 'Ada',
    fullName: 'Ada Lovelace',
    username: 'ada',
    email: 'ada@example.com',
    avatar: null,
    role: 'user',
    credits: 50,
    isVerified: true,
    bio: null,
    website: null,
    location: null,
    referralCode: 'ADA123',
    createdAt: '2025-01-01T00:00:00.000Z',
    ...overrides,
  };
}

export function makeSession(overrides: Partial<SessionInfo> = {}): SessionInfo {
  return {
    id: 'c8a8f2a4-0000-4000-8000-000000000001',
    userAgent:
      'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    ip: '203.0.113.7',
    createdAt: '2025-03-01T09:00:00.000Z',
    lastUsedAt: '2025-03-02T10:30:00.000Z',
    isCurrent: false,
    ...overrides,
  };
}

/** State for a signed-in person, as the persisted auth slice would hold it. */
export function signedInState(user: PublicUser = makeUser()): Partial<RootState> {
  return { auth: { ...initialAuthState, user, isAuthenticated: true } };
}

interface Options {
  preloadedState?: Partial<RootState>;
  route?: string;
}

/** Renders with a real store, a router and the toast area, the way the app's layout does. */
export function renderWithStore(ui: ReactElement, { preloadedState, route = '/' }: Options = {}) {
  const store = makeStore(preloadedState);
  const user = userEvent.setup();
  const view = render(
    <Provider store={store}>
      <MemoryRouter initialEntries={[route]}>
        {ui}
        <ToastContainer autoClose={false} />
      </MemoryRouter>
    </Provider>,
  );
  return { store, user, ...view };
}

export { cursorPages, errorResponse, jsonResponse, mockServer, type RecordedCall } from './mock-server';
