import type * as SocketIoClient from 'socket.io-client';
import type { ManagerOptions, Socket, SocketOptions } from 'socket.io-client';
import { LIMITS, MSG, type CatchUpCursor } from '@atelier/shared';
import { tokenStore } from '../../lib/token-store';
import { CatchUpState } from './catch-up';

export type RealtimeStatus = 'disconnected' | 'connecting' | 'connected' | 'failed';

export interface RealtimeSnapshot {
  status: RealtimeStatus;
  error: string | null;
}

type Handler = (...args: unknown[]) => void;
/** May load the client first: socket.io-client is its own chunk, fetched only for a signed-in person. */
type SocketFactory = (options: Partial<ManagerOptions & SocketOptions>) => Socket | Promise<Socket>;

export interface RealtimeDeps {
  readToken: () => string | null;
  createSocket: SocketFactory;
}

/** Spec §4 "Messaging connection": first retry after 1 s, at most 5 s apart, 5 attempts. */
export function realtimeSocketOptions(
  readToken: () => string | null,
  readSince: () => CatchUpCursor | undefined = () => undefined,
): Partial<ManagerOptions & SocketOptions> {
  return {
    path: '/socket.io',
    autoConnect: false,
    // Each connection gets its own manager, so a closed one never lends its state to the next.
    forceNew: true,
    reconnection: true,
    reconnectionDelay: LIMITS.socketReconnectDelayMs,
    reconnectionDelayMax: LIMITS.socketReconnectDelayMaxMs,
    reconnectionAttempts: LIMITS.socketReconnectAttempts,
    // A function, not an object: every handshake (including automatic reconnects) reads the token
    // stored at that moment, so a refreshed access token is used without rebuilding the socket;
    // and the cursor of what this client holds, so the server replays what it missed meanwhile.
    auth: (cb) => cb({ token: readToken(), since: readSince() ?? {} }),
  };
}

const DISCONNECTED: RealtimeSnapshot = { status: 'disconnected', error: null };

/**
 * One Socket.IO connection for the signed-in person, shared by every feature that listens to the
 * server. Features subscribe by event name; the subscriptions survive reconnects and token changes
 * because they are kept here rather than on any one socket.
 */
export class RealtimeConnection {
  private socket: Socket | null = null;
  /** Bumped by every connect and close, so a socket whose client arrives late is not used. */
  private attempt = 0;
  private token: string | null = null;
  private userKey: string | null = null;
  private snapshot: RealtimeSnapshot = DISCONNECTED;
  private readonly handlers = new Map<string, Set<Handler>>();
  private readonly listeners = new Set<() => void>();
  /** What this client holds: the cursor of its catch-ups, and the ids that drop a second copy. */
  private readonly held = new CatchUpState();

  constructor(private readonly deps: RealtimeDeps) {}

  getSnapshot = (): RealtimeSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  get isConnected(): boolean {
    return this.snapshot.status === 'connected';
  }

  /**
   * Brings the connection in line with who is signed in: connects for a person, disconnects when
   * nobody is, reconnects when the person changes or a new token can rescue a failed connection.
   */
  sync(userKey: string | null): void {
    if (!userKey) {
      if (this.socket || this.snapshot !== DISCONNECTED) this.disconnect();
      return;
    }
    const token = this.deps.readToken();
    if (this.socket && userKey === this.userKey && token) {
      if (token === this.token) return;
      this.token = token;
      // A live or retrying socket picks the new token up on its next handshake; dropping it would
      // only make the person blink offline every time the access token rotates.
      if (this.snapshot.status !== 'failed') return;
    }
    this.connect(userKey);
  }

  /** Opens a fresh connection with the stored access token. */
  connect(userKey: string | null = this.userKey): void {
    this.closeSocket();
    if (userKey !== this.userKey) this.held.reset();
    this.userKey = userKey;
    const token = this.deps.readToken();
    if (!token) {
      this.setSnapshot({ status: 'disconnected', error: MSG.messaging.tokenMissing });
      return;
    }
    this.token = token;
    const attempt = this.attempt;
    const created = this.deps.createSocket(realtimeSocketOptions(this.deps.readToken, () => this.held.since()));
    if (!(created instanceof Promise)) {
      this.attach(created);
      return;
    }
    this.setSnapshot({ status: 'connecting', error: null });
    created.then(
      (socket) => {
        if (attempt === this.attempt) this.attach(socket);
        else socket.disconnect();
      },
      () => {
        if (attempt === this.attempt) this.setSnapshot({ status: 'failed', error: MSG.messaging.connectServiceFailed });
      },
    );
  }

  private attach(socket: Socket): void {
    this.socket = socket;

    socket.on('connect', () => {
      this.setSnapshot({ status: 'connected', error: null });
      socket.emit('goOnline');
    });
    socket.on('disconnect', (reason) => {
      if (reason === 'io client disconnect') return;
      this.setSnapshot({ status: 'connecting', error: null });
      // The manager does not retry a disconnect the server asked for; the spec wants one anyway.
      if (reason === 'io server disconnect') socket.connect();
    });
    socket.on('connect_error', (err: Error) => {
      // An active socket is still retrying on its own; an inactive one was refused by the server.
      if (socket.active) {
        this.setSnapshot({ status: 'connecting', error: null });
        return;
      }
      this.setSnapshot({ status: 'failed', error: err.message || MSG.messaging.connectServiceFailed });
    });
    socket.io.on('reconnect_failed', () => {
      if (this.socket === socket) this.setSnapshot({ status: 'failed', error: MSG.messaging.connectServiceFailed });
    });
    socket.onAny((event: string, ...args: unknown[]) => {
      // A message or notification heard live and again in a catch-up reaches the app once.
      if (!this.held.accept(event, args[0])) return;
      // This server process was not listening for a while: ask for what it missed.
      if (event === 'resync' && socket.connected) socket.emit('catchUp', this.held.since() ?? {});
      this.handlers.get(event)?.forEach((handler) => handler(...args));
    });

    this.setSnapshot({ status: 'connecting', error: null });
    socket.connect();
  }

  /** A deliberate disconnect announces the person offline first. */
  disconnect(): void {
    this.closeSocket();
    this.held.reset();
    this.token = null;
    this.userKey = null;
    this.setSnapshot(DISCONNECTED);
  }

  /** Listens to a server event on whichever socket is current; returns the unsubscribe. */
  on(event: string, handler: Handler): () => void {
    let set = this.handlers.get(event);
    if (!set) {
      set = new Set();
      this.handlers.set(event, set);
    }
    set.add(handler);
    return () => {
      set.delete(handler);
    };
  }

  emit(event: string, ...args: unknown[]): void {
    if (!this.socket || !this.isConnected) throw new Error(MSG.messaging.notConnected);
    this.socket.emit(event, ...args);
  }

  /** Sends and waits for the server's acknowledgement, giving up after the spec's 10 s. */
  async emitWithAck<T>(event: string, payload: unknown, timeoutMs: number = LIMITS.messageSendTimeoutMs): Promise<T> {
    if (!this.socket || !this.isConnected) throw new Error(MSG.messaging.cannotSend);
    try {
      const result = (await this.socket.timeout(timeoutMs).emitWithAck(event, payload)) as T;
      // One's own sent message, held now: a later catch-up does not hand it back as new.
      const sent = result as { ok?: unknown; message?: unknown } | null;
      if (event === 'sendMessage' && sent?.ok === true) this.held.noteMessage(sent.message as never);
      return result;
    } catch {
      throw new Error(MSG.messaging.sendTimeout);
    }
  }

  private closeSocket(): void {
    this.attempt++;
    const socket = this.socket;
    if (!socket) return;
    this.socket = null;
    if (socket.connected) socket.emit('goOffline');
    socket.offAny();
    socket.removeAllListeners();
    socket.disconnect();
  }

  private setSnapshot(next: RealtimeSnapshot): void {
    if (next.status === this.snapshot.status && next.error === this.snapshot.error) return;
    this.snapshot = next;
    this.listeners.forEach((listener) => listener());
  }
}

type SocketClient = typeof SocketIoClient;
let socketClient: SocketClient | null = null;

/** Fetches the Socket.IO client (its own chunk); once loaded, sockets are created at once. */
export async function loadSocketClient(): Promise<SocketClient> {
  socketClient ??= await import('socket.io-client');
  return socketClient;
}

/** The connection the app uses: same origin, tokens from localStorage. */
export const realtimeConnection = new RealtimeConnection({
  readToken: tokenStore.access,
  createSocket: (options) =>
    socketClient ? socketClient.io(options) : loadSocketClient().then(({ io }) => io(options)),
});
