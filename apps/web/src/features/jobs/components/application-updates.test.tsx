import { act, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { ToastContainer } from 'react-toastify';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { makeStore } from '../../../testing/store';
import { initialAuthState } from '../../auth';
import { testUser } from '../../../testing/generation-test-utils';
import type { FakeSocket } from '../../../testing/fake-socket';
import { loadSocketClient, RealtimeProvider } from '../../realtime';
import { ApplicationUpdates } from './application-updates';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../../testing/fake-socket');
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

describe('ApplicationUpdates', () => {
  it('tells the applicant about a status change as it happens', async () => {
    localStorage.setItem('accessToken', 'token-1');
    const store = makeStore({ auth: { ...initialAuthState, user: testUser, isAuthenticated: true } });
    render(
      <Provider store={store}>
        <RealtimeProvider>
          <ApplicationUpdates />
        </RealtimeProvider>
        <ToastContainer />
      </Provider>,
    );
    act(() => sockets.at(-1)!.serverAccepts());
    act(() =>
      sockets.at(-1)!.serverSends('application:updated', {
        applicationId: 'a1',
        jobId: 'j1',
        jobTitle: 'Motion designer',
        company: 'Northlight',
        status: 'shortlisted',
      }),
    );
    expect(
      await screen.findByText('Your application for Motion designer at Northlight is now shortlisted'),
    ).toBeInTheDocument();
  });
});
