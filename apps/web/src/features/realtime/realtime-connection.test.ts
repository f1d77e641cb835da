import { beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { FakeSocket } from '../../testing/fake-socket';
import { RealtimeConnection, loadSocketClient, realtimeConnection } from './realtime-connection';

const sockets = vi.hoisted(() => [] as FakeSocket[]);
const ioCalls = vi.hoisted(() => [] as unknown[][]);
vi.mock('socket.io-client', async () => {
  const { FakeSocket } = await import('../../testing/fake-socket');
  return {
    io: (...args: unknown[]) => {
      ioCalls.push(args);
      const socket = new FakeSocket(args.at(-1) as Record<string, unknown>);
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
  ioCalls.length = 0;
  realtimeConnection.disconnect();
});

const lastSocket = () => sockets.at(-1)!;

describe('Realtime connection', () => {
  it('connects on the same origin at /socket.io with the spec reconnection policy and the stored token', () => {
    localStorage.setItem('accessToken', 'token-1');
    realtimeConnection.connect();

    expect(ioCalls).toHaveLength(1);
    expect(ioCalls[0]).toHaveLength(1);
    expect(lastSocket().options).toMatchObject({
      path: '/socket.io',
      reconnection: true,
      reconnectionDelay: 1000,
      reconnectionDelayMax: 5000,
      reconnectionAttempts: 5,
    });
    expect(lastSocket().handshakeAuth()).toEqual({ token: 'token-1', since: {} });
    expect(realtimeConnection.getSnapshot()).toEqual({ status: 'connecting', error: null });

    // Automatic reconnects read the token stored at that moment.
    localStorage.setItem('accessToken', 'token-2');
    expect(lastSocket().handshakeAuth()).toEqual({ token: 'token-2', since: {} });
  });

  it('refuses to connect without a token', () => {
    realtimeConnection.connect();
    expect(ioCalls).toHaveLength(0);
    expect(realtimeConnection.getSnapshot()).toEqual({
      status: 'disconnected',
      error: 'Authentication token not provided',
    });
  });

  it('announces itself online on connect and offline before a deliberate disconnect', () => {
    localStorage.setItem('accessToken', 'token-1');
    realtimeConnection.connect();
    const socket = lastSocket();
    socket.serverAccepts();
    expect(realtimeConnection.getSnapshot().status).toBe('connected');
    expect(socket.emitted).toEqual([['goOnline']]);

    realtimeConnection.disconnect();
    expect(socket.emitted).toEqual([['goOnline'], ['goOffline']]);
    expect(socket.connected).toBe(false);
    expect(realtimeConnection.getSnapshot()).toEqual({ status: 'disconnected', error: null });
  });

  it('fails with "Failed to connect to messaging service" once the retries are used up', () => {
    localStorage.setItem('accessToken', 'token-1');
    realtimeConnection.connect();
    const socket = lastSocket();
    socket.connectFails('xhr poll error', { isRetrying: true });
    expect(realtimeConnection.getSnapshot()).toEqual({ status: 'connecting', error: null });

    socket.retriesExhausted();
    expect(realtimeConnection.getSnapshot()).toEqual({
      status: 'failed',
      error: 'Failed to connect to messaging service',
    });
  });

  it('reports a refusal by the server, which the client does not retry', () => {
    localStorage.setItem('accessToken', 'token-1');
    realtimeConnection.connect();
    lastSocket().connectFails('Invalid or expired token', { isRetrying: false });
    expect(realtimeConnection.getSnapshot()).toEqual({ status: 'failed', error: 'Invalid or expired token' });
  });

  it('reconnects when the server forces a disconnect, and waits for the manager otherwise', () => {
    localStorage.setItem('accessToken', 'token-1');
    realtimeConnection.connect();
    const socket = lastSocket();
    socket.serverAccepts();
    expect(socket.connectCalls).toBe(1);

    socket.serverDrops('io server disconnect');
    expect(socket.connectCalls).toBe(2);
    expect(realtimeConnection.getSnapshot().status).toBe('connecting');

    socket.serverAccepts();
    socket.serverDrops('transport close');
    expect(socket.connectCalls).toBe(2);
    expect(realtimeConnection.getSnapshot().status).toBe('connecting');
  });

  it('keeps event subscriptions across a reconnect with a new token', () => {
    localStorage.setItem('accessToken', 'token-1');
    const received: unknown[] = [];
    const unsubscribe = realtimeConnection.on('credits:updated', (payload) => received.push(payload));
    realtimeConnection.sync('u-1');
    lastSocket().connectFails('Invalid or expired token', { isRetrying: false });

    localStorage.setItem('accessToken', 'token-2');
    realtimeConnection.sync('u-1');
    expect(sockets).toHaveLength(2);
    expect(lastSocket().handshakeAuth()).toEqual({ token: 'token-2', since: {} });
    lastSocket().serverAccepts();
    lastSocket().serverSends('credits:updated', { credits: 7 });
    expect(received).toEqual([{ credits: 7 }]);

    unsubscribe();
    lastSocket().serverSends('credits:updated', { credits: 8 });
    expect(received).toEqual([{ credits: 7 }]);
  });

  it('keeps a live socket when only the token rotates, and drops it on sign-out', () => {
    localStorage.setItem('accessToken', 'token-1');
    realtimeConnection.sync('u-1');
    lastSocket().serverAccepts();
    localStorage.setItem('accessToken', 'token-2');
    realtimeConnection.sync('u-1');
    expect(sockets).toHaveLength(1);

    realtimeConnection.sync('u-2');
    expect(sockets).toHaveLength(2);

    const socket = lastSocket();
    socket.serverAccepts();
    realtimeConnection.sync(null);
    expect(socket.emitted.at(-1)).toEqual(['goOffline']);
    expect(realtimeConnection.getSnapshot().status).toBe('disconnected');
  });

  it('refuses to send while not connected', async () => {
    const connection = new RealtimeConnection({ readToken: () => null, createSocket: vi.fn() });
    expect(() => connection.emit('typing', { recipientId: 'u-2' })).toThrow('WebSocket not connected');
    await expect(connection.emitWithAck('sendMessage', {})).rejects.toThrow(
      'Cannot send message: Not connected to server',
    );
  });
});
