import { act, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ChatMessage } from '@atelier/shared';
import { jsonResponse, makeUser, mockServer, renderWithStore, signedInState } from '../../../testing/render-with-store';
import { FakeSocket } from '../../../testing/fake-socket';
import { RealtimeConnection, RealtimeProvider } from '../../realtime';
import type { Socket } from 'socket.io-client';
import { SupportChat } from './support-chat';

const me = makeUser({ id: '11111111-1111-4111-8111-111111111111', role: 'user' });
const SUPPORT_ID = '22222222-2222-4222-8222-222222222222';
let sockets: FakeSocket[];
let connection: RealtimeConnection;

function message(overrides: Partial<ChatMessage>): ChatMessage {
  return {
    id: 'm-1',
    conversationId: 'c-1',
    senderId: SUPPORT_ID,
    recipientId: me.id,
    content: 'Hello from support',
    createdAt: '2026-01-05T10:00:00.000Z',
    readAt: null,
    ...overrides,
  };
}

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
  mockServer({
    'GET /messages/support': () =>
      jsonResponse(200, {
        data: { supportUser: { id: SUPPORT_ID, username: 'support', fullName: 'Atelier Support', avatar: null } },
      }),
    [`GET /messages/conversations/${SUPPORT_ID}/messages`]: () => jsonResponse(200, { data: [], hasMore: false }),
    [`POST /messages/conversations/${SUPPORT_ID}/read`]: () =>
      jsonResponse(200, { data: { count: 1, readAt: '2026-01-05T10:01:00.000Z' } }),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  localStorage.clear();
});

function renderChat(user = me, isSignedIn = true) {
  return renderWithStore(
    <RealtimeProvider connection={connection}>
      <SupportChat />
    </RealtimeProvider>,
    { preloadedState: isSignedIn ? signedInState(user) : {} },
  );
}

describe('SupportChat', () => {
  it('is offered to people whose role is user, not to admins or visitors', () => {
    const visitor = renderChat(me, false);
    expect(screen.queryByRole('button', { name: /support chat/i })).not.toBeInTheDocument();
    visitor.unmount();
    const admin = renderChat(makeUser({ role: 'admin' }));
    expect(screen.queryByRole('button', { name: /support chat/i })).not.toBeInTheDocument();
    admin.unmount();
    renderChat();
    expect(screen.getByRole('button', { name: /open support chat/i })).toBeInTheDocument();
  });

  it('shows a red dot and the offline notice until connected, then a green dot', async () => {
    const { user } = renderChat();
    expect(screen.getByTestId('support-chat-dot')).toHaveClass('support-chat__dot--offline');
    await user.click(screen.getByRole('button', { name: /open support chat \(not connected\)/i }));
    expect(screen.getByRole('heading', { name: 'Support Chat' })).toBeInTheDocument();
    expect(screen.getByText('Not connected to chat server')).toBeInTheDocument();
    expect(await screen.findByText('No messages yet. Start a conversation!')).toBeInTheDocument();

    act(() => sockets.at(-1)!.serverAccepts());
    expect(screen.getByTestId('support-chat-dot')).toHaveClass('support-chat__dot--online');
    expect(screen.queryByText('Not connected to chat server')).not.toBeInTheDocument();
  });

  it('shows incoming messages once, with the typing indicator, and sends to the support account', async () => {
    const { user } = renderChat();
    await user.click(screen.getByRole('button', { name: /open support chat/i }));
    act(() => sockets.at(-1)!.serverAccepts());
    await screen.findByText('No messages yet. Start a conversation!');
    const socket = sockets.at(-1)!;
    await waitFor(() =>
      expect(socket.emitted).toContainEqual(['joinConversation', { otherUserId: SUPPORT_ID, asSupport: false }]),
    );

    act(() => socket.serverSends('typing', { senderId: SUPPORT_ID, recipientId: me.id }));
    expect(screen.getByText('Typing...')).toBeInTheDocument();
    const incoming = message({});
    act(() => {
      socket.serverSends('newMessage', incoming);
      socket.serverSends('messageHistory', { otherUserId: SUPPORT_ID, messages: [incoming], hasMore: false });
    });
    expect(screen.getAllByText('Hello from support')).toHaveLength(1);
    expect(screen.queryByText('Typing...')).not.toBeInTheDocument();
    // A message between other people never lands in this panel.
    act(() => socket.serverSends('newMessage', message({ id: 'm-x', senderId: 'someone', content: 'Not for you' })));
    expect(screen.queryByText('Not for you')).not.toBeInTheDocument();

    const stored = message({ id: 'm-2', senderId: me.id, recipientId: SUPPORT_ID, content: 'My render is stuck' });
    socket.answerAck = () => ({ ok: true, message: stored });
    await user.type(screen.getByRole('textbox', { name: 'Message to support' }), 'My render is stuck{Enter}');
    expect(await screen.findByText('My render is stuck')).toBeInTheDocument();
    expect(socket.emitted).toContainEqual([
      'sendMessage',
      { recipientId: SUPPORT_ID, content: 'My render is stuck', asSupport: false },
    ]);
    expect(socket.emitted).toContainEqual(['typing', { recipientId: SUPPORT_ID, asSupport: false }]);
    expect(socket.emitted).toContainEqual(['stopTyping', { recipientId: SUPPORT_ID, asSupport: false }]);
    // The same message heard again as messageSent stays one message.
    act(() => socket.serverSends('messageSent', stored));
    expect(screen.getAllByText('My render is stuck')).toHaveLength(1);
  });

  it('logs and shows the spec texts when a message cannot be sent', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { user } = renderChat();
    await user.click(screen.getByRole('button', { name: /open support chat/i }));
    await screen.findByText('No messages yet. Start a conversation!');
    await user.type(screen.getByRole('textbox', { name: 'Message to support' }), 'Anyone there?{Enter}');
    expect(await screen.findByText('Cannot send message: Not connected to server')).toBeInTheDocument();
    expect(logged).toHaveBeenCalled();

    act(() => sockets.at(-1)!.serverAccepts());
    sockets.at(-1)!.answerAck = () => ({ ok: false, error: 'You are sending messages too fast' });
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('You are sending messages too fast')).toBeInTheDocument();
    sockets.at(-1)!.answerAck = null;
    await user.click(screen.getByRole('button', { name: 'Send' }));
    expect(await screen.findByText('Send message timeout')).toBeInTheDocument();
    // Nothing was stored, so nothing shows as sent.
    expect(screen.getByText('No messages yet. Start a conversation!')).toBeInTheDocument();
  });

  it('steps aside while the person types in a field of the page, and leaves room at the foot of the page', async () => {
    const { user } = renderWithStore(
      <RealtimeProvider connection={connection}>
        <label>
          Add a comment
          <textarea />
        </label>
        <button type="button">Post comment</button>
        <SupportChat />
      </RealtimeProvider>,
      { preloadedState: signedInState(me) },
    );
    expect(document.body).toHaveClass('has-support-chat');
    const chatButton = screen.getByRole('button', { name: /open support chat/i });

    await user.click(screen.getByRole('textbox', { name: 'Add a comment' }));
    expect(chatButton).not.toBeVisible();
    await user.keyboard('Lovely light');
    expect(chatButton).not.toBeVisible();

    // Leaving the field brings it back, a moment later (a tap on "Post comment" must land there first).
    await user.click(screen.getByRole('button', { name: 'Post comment' }));
    expect(chatButton).not.toBeVisible();
    await waitFor(() => expect(chatButton).toBeVisible());
  });

  it('has no landmark of its own inside the panel (one banner per page)', async () => {
    const { user } = renderChat();
    await user.click(screen.getByRole('button', { name: /open support chat/i }));
    const panel = screen.getByRole('dialog', { name: 'Support Chat' });
    expect(panel.querySelector('header')).toBeNull();
    expect(screen.queryByRole('banner')).not.toBeInTheDocument();
  });
});
