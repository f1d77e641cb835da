/**
 * A stand-in for a socket.io-client Socket, for tests: records what the client does and lets a test
 * play the server's part (connect, send events, drop the connection).
 */
type Listener = (...args: unknown[]) => void;

export class FakeSocket {
  readonly emitted: unknown[][] = [];
  connected = false;
  active = false;
  connectCalls = 0;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly anyListeners = new Set<Listener>();
  private readonly managerListeners = new Map<string, Set<Listener>>();

  readonly io = {
    on: (event: string, listener: Listener) => {
      const set = this.managerListeners.get(event) ?? new Set();
      set.add(listener);
      this.managerListeners.set(event, set);
      return this.io;
    },
  };

  constructor(readonly options: Record<string, unknown>) {}

  on(event: string, listener: Listener) {
    const set = this.listeners.get(event) ?? new Set();
    set.add(listener);
    this.listeners.set(event, set);
    return this;
  }

  onAny(listener: Listener) {
    this.anyListeners.add(listener);
    return this;
  }

  offAny() {
    this.anyListeners.clear();
    return this;
  }

  removeAllListeners() {
    this.listeners.clear();
    return this;
  }

  emit(...args: unknown[]) {
    this.emitted.push(args);
    return this;
  }

  /** How the fake server answers `emitWithAck`; unset, the call never gets an answer. */
  answerAck: ((event: string, payload: unknown) => unknown) | null = null;

  timeout(_ms: number) {
    return {
      emitWithAck: async (event: string, payload: unknown) => {
        this.emitted.push([event, payload]);
        if (!this.answerAck) throw new Error('operation has timed out');
        return this.answerAck(event, payload);
      },
    };
  }

  connect() {
    this.connectCalls += 1;
    this.active = true;
    return this;
  }

  disconnect() {
    const wasConnected = this.connected;
    this.connected = false;
    this.active = false;
    if (wasConnected) this.fire('disconnect', 'io client disconnect');
    return this;
  }

  /** The token the client would send in its next handshake. */
  handshakeAuth(): Record<string, unknown> {
    const auth = this.options.auth as ((cb: (data: object) => void) => void) | object;
    let data: object = {};
    if (typeof auth === 'function') auth((d) => (data = d));
    else data = auth;
    return data as Record<string, unknown>;
  }

  serverAccepts() {
    this.connected = true;
    this.fire('connect');
  }

  serverSends(event: string, payload: unknown) {
    this.anyListeners.forEach((listener) => listener(event, payload));
  }

  serverDrops(reason: string) {
    this.connected = false;
    if (reason === 'io server disconnect') this.active = false;
    this.fire('disconnect', reason);
  }

  connectFails(message: string, { isRetrying }: { isRetrying: boolean }) {
    this.active = isRetrying;
    this.fire('connect_error', new Error(message));
  }

  retriesExhausted() {
    this.active = false;
    this.managerListeners.get('reconnect_failed')?.forEach((listener) => listener());
  }

  private fire(event: string, ...args: unknown[]) {
    this.listeners.get(event)?.forEach((listener) => listener(...args));
  }
}
