import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { ToastContainer } from 'react-toastify';
import { vi } from 'vitest';
import type { PublicUser, SessionInfo } from '@atelier/shared';
import { makeStore, type RootState } from '../../../app/store';
import { initialAuthState } from '../auth-slice';

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

export interface RecordedCall {
  method: string;
  path: string;
  body: unknown;
  authorization: string | null;
}

type Handler = (call: RecordedCall) => Response | Promise<Response>;

export function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

export function errorResponse(status: number, message?: string): Response {
  const error = status === 401 ? 'Unauthorized' : status === 404 ? 'Not Found' : 'Bad Request';
  return jsonResponse(status, {
    statusCode: status,
    code: error.toUpperCase().replace(' ', '_'),
    error,
    ...(message ? { message } : {}),
  });
}

/**
 * Stands in for the server: routes are "METHOD /path" under /api/v1. Every call is recorded; a call
 * with no route answers 404 so an unexpected request shows up as a failure, not a hang.
 */
export function mockServer(routes: Record<string, Handler>) {
  const calls: RecordedCall[] = [];
  // Node's Request refuses relative URLs; the browser resolves them against the page.
  const NodeRequest = globalThis.Request;
  class PageRequest extends NodeRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' && input.startsWith('/') ? new URL(input, location.origin) : input, init);
    }
  }
  vi.stubGlobal('Request', PageRequest);
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof NodeRequest ? input : new PageRequest(input, init);
    const url = new URL(request.url);
    const path = url.pathname.replace(/^\/api\/v1/, '');
    const text = await request.text();
    const call: RecordedCall = {
      method: request.method,
      path,
      body: text ? (JSON.parse(text) as unknown) : undefined,
      authorization: request.headers.get('authorization'),
    };
    calls.push(call);
    const handler = routes[`${request.method} ${path}`];
    if (!handler) return errorResponse(404, `No mock for ${request.method} ${path}`);
    return handler(call);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}
