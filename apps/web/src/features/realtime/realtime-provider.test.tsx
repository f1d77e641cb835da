import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../testing/store';
import { initialAuthState, loggedOut, signedIn } from '../auth';
import { testUser } from '../../testing/generation-test-utils';
import type { FakeSocket } from '../../testing/fake-socket';
import { RealtimeProvider, useRealtimeStatus } from './realtime-provider';
import { loadSocketClient } from './realtime-connection';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../testing/fake-socket');
  return {
    io: (options: Record<string, unknown>) => {
      const socket = new FakeSocket(options);
      sockets.push(socket);
      return socket;
    },
  };
});

// The client is its own chunk in the app; loaded here once, sockets are created synchronously.
beforeAll(async () => {
  await loadSocketClient();
});

beforeEach(() => {
  sockets.length = 0;
});

function Status() {
  const { status, error } = useRealtimeStatus();
  return (
    <p>
      {status}
      {error ? `: ${error}` : ''}
    </p>
  );
}

function renderProvider(isSignedIn: boolean) {
  const store = makeStore({
    auth: { ...initialAuthState, user: isSignedIn ? testUser : null, isAuthenticated: isSignedIn },
  });
  const view = render(
    <Provider store={store}>
      <RealtimeProvider>
        <Status />
      </RealtimeProvider>
    </Provider>,
  );
  return { store, view };
}

describe('RealtimeProvider', () => {
  it('connects for a signed-in person and mirrors credit updates into the header balance', () => {
    localStorage.setItem('accessToken', 'token-1');
    const { store, view } = renderProvider(true);
    expect(view.getByText('connecting')).toBeInTheDocument();

    act(() => sockets.at(-1)!.serverAccepts());
    expect(view.getByText('connected')).toBeInTheDocument();
    act(() => sockets.at(-1)!.serverSends('credits:updated', { credits: 42 }));
    expect(store.getState().auth.user?.credits).toBe(42);
  });

  it('disconnects on sign-out, announcing the person offline', () => {
    localStorage.setItem('accessToken', 'token-1');
    const { store, view } = renderProvider(true);
    const socket = sockets.at(-1)!;
    act(() => socket.serverAccepts());

    localStorage.removeItem('accessToken');
    act(() => {
      store.dispatch(loggedOut());
    });
    expect(socket.emitted.at(-1)).toEqual(['goOffline']);
    expect(view.getByText('disconnected')).toBeInTheDocument();
  });

  it('stays away while nobody is signed in and connects after sign-in', () => {
    const { store, view } = renderProvider(false);
    expect(sockets).toHaveLength(0);
    expect(view.getByText('disconnected')).toBeInTheDocument();

    localStorage.setItem('accessToken', 'token-1');
    act(() => {
      store.dispatch(signedIn(testUser));
    });
    expect(sockets).toHaveLength(1);
    expect(sockets[0]!.handshakeAuth()).toEqual({ token: 'token-1', since: {} });
  });

  it('says why it cannot connect without a token', () => {
    const { view } = renderProvider(true);
    expect(view.getByText('disconnected: Authentication token not provided')).toBeInTheDocument();
  });
});
