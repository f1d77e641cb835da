import { act, screen, waitFor, within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage, Conversation } from '@atelier/shared';
import type { Socket } from 'socket.io-client';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { FakeSocket } from '../../../testing/fake-socket';
import { RealtimeConnection, RealtimeProvider } from '../../realtime';
import { MessagesPage } from './messages-page';

const me = makeUser({ id: '11111111-1111-4111-8111-111111111111' });
const GRACE = '33333333-3333-4333-8333-333333333333';
let sockets: FakeSocket[];
let connection: RealtimeConnection;
let server: ReturnType<typeof mockServer>;

const msg = (id: string, overrides: Partial<ChatMessage> = {}): ChatMessage => ({
  id,
  conversationId: 'c-1',
  senderId: GRACE,
  recipientId: me.id,
  content: `text ${id}`,
  createdAt: `2026-01-05T10:00:0${id.slice(-1)}.000Z`,
  readAt: null,
  ...overrides,
});

const conversation: Conversation = {
  id: 'c-1',
  otherUser: { id: GRACE, username: 'grace', fullName: 'Grace Hopper', avatar: null, isOnline: false },
  lastMessage: msg('m3'),
  unreadCount: 2,
  updatedAt: '2026-01-05T10:00:03.000Z',
};

beforeEach(() => {
  sockets = [];
  localStorage.setItem('accessToken', 'token-1');
  connection = new RealtimeConnection({
    readToken: () => localStorage.getItem('accessToken'),
    createSocket: (options) => {
      const socket = new FakeSocket(options as Record<string, unknown>);
      sockets.push(socket);
      return socket as unknown as Socket;
    },
  });
  server = mockServer({
    'GET /messages/conversations': () =>
      jsonResponse(200, { data: [conversation], pagination: { page: 1, pageSize: 50, total: 1, totalPages: 1 } }),
    [`GET /messages/users/${GRACE}`]: () =>
      jsonResponse(200, {
        data: { id: GRACE, username: 'grace', fullName: 'Grace Hopper', avatar: null, isOnline: false },
      }),
    [`GET /messages/conversations/${GRACE}/messages`]: () =>
      jsonResponse(200, {
        data: [
          msg('m1', {
            senderId: me.id,
            recipientId: GRACE,
            content: 'my read one',
            readAt: '2026-01-05T10:00:05.000Z',
          }),
          msg('m2', { senderId: me.id, recipientId: GRACE, content: 'my unread one' }),
          msg('m3', { content: 'from grace' }),
        ],
        hasMore: false,
      }),
    [`POST /messages/conversations/${GRACE}/read`]: () =>
      jsonResponse(200, { data: { count: 1, readAt: '2026-01-05T10:01:00.000Z' } }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
});

function renderPage(route: string) {
  return renderWithStore(
    <RealtimeProvider connection={connection}>
      <Routes>
        <Route path="/messages" element={<MessagesPage />} />
        <Route path="/messages/:userId" element={<MessagesPage />} />
      </Routes>
    </RealtimeProvider>,
    { preloadedState: signedInState(me), route },
  );
}

describe('MessagesPage', () => {
  it('lists conversations with unread counts, last message and presence', async () => {
    renderPage('/messages');
    const list = await screen.findByRole('list', { name: 'Conversations' });
    expect(within(list).getByText('Grace Hopper')).toBeInTheDocument();
    expect(within(list).getByLabelText('2 unread')).toBeInTheDocument();
    expect(within(list).getByText('text m3')).toBeInTheDocument();
    expect(within(list).getByRole('img', { name: 'Offline' })).toBeInTheDocument();
    act(() => sockets.at(-1)!.serverAccepts());
    act(() => sockets.at(-1)!.serverSends('presence', { userId: GRACE, isOnline: true }));
    expect(within(list).getByRole('img', { name: 'Online' })).toBeInTheDocument();
  });

  it('opens a thread with sent and read marks, marks it read and merges live messages once', async () => {
    renderPage(`/messages/${GRACE}`);
    expect(await screen.findByText('from grace')).toBeInTheDocument();
    const thread = screen.getByRole('log', { name: 'Messages' });
    expect(within(thread).getByLabelText('Read')).toHaveTextContent('✓✓');
    expect(within(thread).getByLabelText('Sent')).toHaveTextContent('✓');
    await waitFor(() => expect(server.callsTo('POST', `/messages/conversations/${GRACE}/read`)).toHaveLength(1));

    act(() => sockets.at(-1)!.serverAccepts());
    const socket = sockets.at(-1)!;
    act(() =>
      socket.serverSends('messageRead', {
        messageId: 'm2',
        messageIds: ['m2'],
        readAt: '2026-01-05T10:02:00.000Z',
        readerId: GRACE,
      }),
    );
    expect(within(thread).getAllByLabelText('Read')).toHaveLength(2);

    const live = msg('m7', { content: 'live one', createdAt: '2026-01-05T10:03:00.000Z' });
    act(() => {
      socket.serverSends('newMessage', live);
      socket.serverSends('newMessage', live);
    });
    expect(within(thread).getAllByText('live one')).toHaveLength(1);
    expect(within(thread).getByText('live one').closest('li')).toBe(within(thread).getAllByRole('listitem').at(-1));
  });
});
