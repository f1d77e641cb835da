import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Notification } from '@atelier/shared';
import { makeStore } from '../../../testing/store';
import { initialAuthState } from '../../auth';
import { testUser } from '../../../testing/generation-test-utils';
import type { FakeSocket } from '../../../testing/fake-socket';
import { jsonResponse, mockServer } from '../../../testing/render-with-store';
import { loadSocketClient, RealtimeProvider } from '../../realtime';
import { generationApi } from '../../generation';
import { NotificationBell } from './notification-bell';

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

beforeAll(async () => {
  await loadSocketClient();
});
afterEach(() => {
  vi.unstubAllGlobals();
});

const bob = { id: 'b0b00000-0000-4000-8000-000000000001', username: 'bob', fullName: 'Bob Builder', avatar: null };

function liked(overrides: Partial<Notification> = {}): Notification {
  return {
    id: 'n0000000-0000-4000-8000-000000000001',
    kind: 'like',
    actors: [bob],
    actorCount: 3,
    subject: { type: 'content', id: 'c0000000-0000-4000-8000-000000000001', title: 'Harbour' },
    link: '/content/c0000000-0000-4000-8000-000000000001',
    excerpt: null,
    refunded: null,
    isRead: false,
    createdAt: '2026-01-01T10:00:00.000Z',
    updatedAt: '2026-01-01T10:00:00.000Z',
    ...overrides,
  };
}

function renderBell() {
  localStorage.setItem('accessToken', 'token-1');
  const store = makeStore({ auth: { ...initialAuthState, user: testUser, isAuthenticated: true } });
  render(
    <Provider store={store}>
      <MemoryRouter>
        <RealtimeProvider>
          <NotificationBell />
          <Routes>
            <Route path="/" element={<p>Home</p>} />
            <Route path="/content/:id" element={<p>The item page</p>} />
          </Routes>
        </RealtimeProvider>
      </MemoryRouter>
    </Provider>,
  );
  return Object.assign(userEvent.setup(), { store });
}

describe('NotificationBell', () => {
  it('shows the unread count, opens the list, and a row leads to its item and is marked read', async () => {
    let unread = 2;
    const server = mockServer({
      'GET /notifications/unread-count': () => jsonResponse(200, { data: { unread } }),
      'GET /notifications': () =>
        jsonResponse(200, {
          data: [liked(), liked({ id: 'n0000000-0000-4000-8000-000000000002', kind: 'follow', actorCount: 1, link: '/u/bob', isRead: true })],
          nextCursor: null,
        }),
      'POST /notifications/n0000000-0000-4000-8000-000000000001/read': () => {
        unread = 1;
        return jsonResponse(200, { data: { unread } });
      },
    });
    const user = renderBell();
    const bell = await screen.findByRole('button', { name: 'Notifications, 2 unread' });
    await user.click(bell);
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText('Bob Builder and 2 others liked "Harbour"')).toBeInTheDocument();
    expect(within(panel).getByText('Bob Builder started following you')).toBeInTheDocument();

    await user.click(within(panel).getByRole('link', { name: /liked "Harbour"/ }));
    expect(await screen.findByText('The item page')).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    expect(server.callsTo('POST', '/notifications/n0000000-0000-4000-8000-000000000001/read')).toHaveLength(1);
  });

  it('reads the list and the count again after the person deletes an item, which takes its notifications with it', async () => {
    let unread = 1;
    let rows = [liked()];
    const server = mockServer({
      'GET /notifications/unread-count': () => jsonResponse(200, { data: { unread } }),
      'GET /notifications': () => jsonResponse(200, { data: rows, nextCursor: null }),
      'DELETE /content/c0000000-0000-4000-8000-000000000001': () => {
        unread = 0;
        rows = [];
        return jsonResponse(200, { message: 'Content deleted successfully' });
      },
    });
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications, 1 unread' }));
    const panel = screen.getByRole('dialog', { name: 'Notifications' });
    expect(await within(panel).findByText(/liked "Harbour"/)).toBeInTheDocument();
    await act(() => user.store.dispatch(generationApi.endpoints.deleteContentItem.initiate('c0000000-0000-4000-8000-000000000001')));
    expect(await within(panel).findByText(/Nothing yet/)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    expect(server.callsTo('GET', '/notifications')).toHaveLength(2);
  });

  it('counts up live when a notification arrives on the socket, without a reload', async () => {
    let unread = 0;
    mockServer({
      'GET /notifications/unread-count': () => jsonResponse(200, { data: { unread } }),
      'GET /notifications': () => jsonResponse(200, { data: [], nextCursor: null }),
    });
    renderBell();
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
    act(() => sockets.at(-1)!.serverAccepts());
    unread = 2;
    // The event carries the count its writer saw (1); another was written meanwhile: the count is read again.
    act(() => sockets.at(-1)!.serverSends('notification', { notification: liked(), unread: 1 }));
    expect(await screen.findByRole('button', { name: 'Notifications, 2 unread' })).toBeInTheDocument();
    unread = 0;
    act(() => sockets.at(-1)!.serverSends('notifications:unread', { unread: 0 }));
    expect(await screen.findByRole('button', { name: 'Notifications' })).toBeInTheDocument();
  });

  it('opens the list with Alt+T, as the footer says, with keyboard focus in it', async () => {
    mockServer({
      'GET /notifications/unread-count': () => jsonResponse(200, { data: { unread: 0 } }),
      'GET /notifications': () => jsonResponse(200, { data: [], nextCursor: null }),
    });
    const user = renderBell();
    await screen.findByRole('button', { name: 'Notifications' });
    expect(screen.queryByRole('dialog', { name: 'Notifications' })).not.toBeInTheDocument();
    await user.keyboard('{Alt>}t{/Alt}');
    const panel = await screen.findByRole('dialog', { name: 'Notifications' });
    await vi.waitFor(() => expect(panel).toHaveFocus());
    expect(await within(panel).findByText(/Nothing yet/)).toBeInTheDocument();
  });

  it('says so when there is nothing yet, and offers Mark all read only with something unread', async () => {
    mockServer({
      'GET /notifications/unread-count': () => jsonResponse(200, { data: { unread: 0 } }),
      'GET /notifications': () => jsonResponse(200, { data: [], nextCursor: null }),
    });
    const user = renderBell();
    await user.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText(/Nothing yet/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Mark all read' })).not.toBeInTheDocument();
  });
});
