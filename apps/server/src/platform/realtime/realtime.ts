import type { Server as HttpServer } from 'node:http';
import type { Socket as NetSocket } from 'node:net';
import { Server, type Socket } from 'socket.io';
import {
  MSG,
  userRoom,
  type CatchUpCursor,
  type CaughtUpPayload,
  type ClientToServerEvents,
  type ServerEventName,
  type ServerEventPayload,
  type ServerToClientEvents,
} from '@atelier/shared';
import type { Db } from '../db/db.js';
import { resolveSession, type AuthUser, type TokenService } from '../http/auth.js';
import { requestIdReader } from '../observability/http.js';
import { socketsConnected } from '../observability/metrics.js';

export interface SocketLog {
  info(obj: object, msg?: string): void;
  warn(obj: object, msg?: string): void;
  error(obj: object, msg?: string): void;
  debug?(obj: object, msg?: string): void;
  child?(bindings: Record<string, unknown>): SocketLog;
}

export interface SocketData {
  /** Who connected, with the role they had then; privileged actions read the role again. */
  user: AuthUser;
  /** The sign-in (device session family) the socket belongs to. */
  familyId: string;
  /** The handshake's x-request-id (or a fresh one): every log line of this socket carries it. */
  requestId: string;
  log: SocketLog;
}

export type RealtimeServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;
export type RealtimeSocket = Socket<ClientToServerEvents, ServerToClientEvents, Record<string, never>, SocketData>;

/** The Socket.IO side of the app, usable before it is attached to a server (events then reach nobody). */
export interface Realtime {
  readonly io: RealtimeServer;
  /** Sends an event to every open socket of one user. */
  toUser<E extends ServerEventName>(userId: string, event: E, payload: ServerEventPayload<E>): void;
  /** Runs for every authenticated connection; modules (messaging) register their handlers here. */
  onConnection(handler: (socket: RealtimeSocket) => void): void;
  /**
   * Registers one part of a catch-up (messages, notifications): it sends the socket, in order,
   * what the person missed after the cursor, and says how many it sent and whether that was all.
   */
  onCatchUp(handler: CatchUpHandler): void;
  /**
   * Tells this process's sockets that they may have missed events (its fan-out's LISTEN connection
   * came back): each client answers with `catchUp` and its cursor.
   */
  resync(): void;
  attach(server: HttpServer): void;
  /** Disconnects this process's clients (not other processes'); the HTTP server itself is closed by the app. */
  close(): Promise<void>;
}

export interface RealtimeOptions {
  db: Db;
  tokens: TokenService;
  corsOrigins?: string[];
  /**
   * Fans events out across processes (DESIGN.md §1). Unset, events reach only this process's
   * sockets, which is all a single-process deployment has. See postgres-adapter.ts.
   */
  adapter?: Parameters<RealtimeServer['adapter']>[0];
  /** Connection and event logs; silent when absent. */
  log?: SocketLog;
  /** The app's clock: a catch-up's `at` is on the same clock as the rows it is compared with. */
  clock?: () => Date;
  /** Whether a handshake's x-request-id is believed (TRUST_PROXY is set); a fresh id otherwise. */
  trustRequestId?: boolean;
}

/** The most one part of a catch-up sends; beyond it the client reloads its lists. */
export const CATCH_UP_LIMIT = 500;

export type CatchUpHandler = (
  socket: RealtimeSocket,
  since: CatchUpCursor,
  limit: number,
) => Promise<{ sent: number; complete: boolean }>;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const isTime = (v: unknown): v is string => typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v));

/** The cursor a client sent, with anything malformed left out (no cursor at all: null). */
export function readCatchUpCursor(raw: unknown): CatchUpCursor | null {
  if (!raw || typeof raw !== 'object') return null;
  const r = raw as Record<string, unknown>;
  const since: CatchUpCursor = {};
  if (typeof r.messageId === 'string' && UUID.test(r.messageId)) since.messageId = r.messageId;
  if (isTime(r.notificationsAt)) since.notificationsAt = new Date(r.notificationsAt).toISOString();
  if (isTime(r.at)) since.at = new Date(r.at).toISOString();
  return Object.keys(since).length > 0 ? since : null;
}

const silentLog: SocketLog = { info: () => undefined, warn: () => undefined, error: () => undefined };

function handshakeToken(socket: RealtimeSocket): string | undefined {
  const auth = socket.handshake.auth as { token?: unknown } | undefined;
  if (typeof auth?.token === 'string' && auth.token !== '') return auth.token.replace(/^Bearer\s+/i, '');
  const header = socket.handshake.headers.authorization;
  if (typeof header === 'string' && /^Bearer\s+\S+/i.test(header)) return header.replace(/^Bearer\s+/i, '');
  return undefined;
}

export function createRealtime(opts: RealtimeOptions): Realtime {
  const io: RealtimeServer = new Server({
    serveClient: false,
    cors: opts.corsOrigins ? { origin: opts.corsOrigins, credentials: true } : undefined,
    ...(opts.adapter ? { adapter: opts.adapter } : {}),
  });
  const handlers: ((socket: RealtimeSocket) => void)[] = [];
  const catchUps: CatchUpHandler[] = [];
  let isAttached = false;

  /**
   * Replays what one socket missed, then `caughtUp`. One socket's catch-ups run one after another,
   * so two requests never interleave their events.
   */
  const running = new WeakMap<RealtimeSocket, Promise<unknown>>();
  const catchUp = (socket: RealtimeSocket, since: CatchUpCursor | null): Promise<CaughtUpPayload> => {
    const run = async (): Promise<CaughtUpPayload> => {
      const at = (opts.clock?.() ?? new Date()).toISOString();
      let replayed = 0;
      let complete = true;
      if (since) {
        for (const handler of catchUps) {
          if (!socket.connected) break;
          try {
            const result = await handler(socket, since, CATCH_UP_LIMIT);
            replayed += result.sent;
            complete &&= result.complete;
          } catch (err) {
            // The client cannot tell what is missing: it reloads its lists.
            complete = false;
            socket.data.log.warn({ err }, 'catch-up failed');
          }
        }
      }
      const payload = { at, replayed, complete };
      socket.emit('caughtUp', payload);
      return payload;
    };
    const next = (running.get(socket) ?? Promise.resolve()).then(run, run);
    running.set(socket, next);
    return next;
  };

  const requestIdOf = requestIdReader(opts.trustRequestId ?? false);
  io.use((socket, next) => {
    socket.data.requestId = requestIdOf(socket.request);
    const token = handshakeToken(socket);
    if (!token) return next(new Error(MSG.messaging.tokenMissing));
    resolveSession(opts.db, opts.tokens, token).then(
      ({ user, familyId }) => {
        socket.data.user = user;
        socket.data.familyId = familyId;
        const bindings = { reqId: socket.data.requestId, socketId: socket.id, userId: user.id };
        socket.data.log = opts.log?.child?.(bindings) ?? opts.log ?? silentLog;
        next();
      },
      (err: unknown) => next(new Error(err instanceof Error ? err.message : MSG.auth.authenticationFailed)),
    );
  });

  io.on('connection', (socket) => {
    writeOncePerTurn(socket);
    void socket.join([userRoom(socket.data.user.id), sessionRoom(socket.data.familyId)]);
    socketsConnected.inc();
    socket.data.log.info({}, 'socket connected');
    socket.on('disconnect', (reason) => {
      socketsConnected.dec();
      socket.data.log.info({ reason }, 'socket disconnected');
    });
    for (const handler of handlers) handler(socket);
    // A reconnecting client says what it holds; it hears what it missed before anything else ends.
    socket.on('catchUp', (since, ack) => {
      void catchUp(socket, readCatchUpCursor(since)).then((payload) => {
        if (typeof ack === 'function') ack({ ok: true, ...payload });
      });
    });
    // Only a client that sends `since` (an empty one on its first connect) takes part: it gets `caughtUp`.
    const auth = socket.handshake.auth as { since?: unknown } | undefined;
    if (auth?.since && typeof auth.since === 'object') void catchUp(socket, readCatchUpCursor(auth.since));
  });

  return {
    io,
    toUser(userId, event, payload) {
      // The generic event/payload pair is checked by the signature; Socket.IO's own typing can't follow it.
      (io.to(userRoom(userId)).emit as (e: string, p: unknown) => boolean)(event, payload);
    },
    onConnection(handler) {
      handlers.push(handler);
    },
    onCatchUp(handler) {
      catchUps.push(handler);
    },
    resync() {
      io.local.emit('resync');
    },
    attach(server) {
      if (isAttached) return;
      io.attach(server);
      isAttached = true;
    },
    async close() {
      // This process's sockets only: without `local` the adapter passes the disconnect to every
      // process, and stopping one API would drop every client of every API.
      io.local.disconnectSockets(true);
      if (isAttached) io.engine.close();
      // Adapters with their own connections (Postgres) release them here.
      await Promise.resolve(io.of('/').adapter.close()).catch(() => undefined);
    },
  };
}

/** What writeOncePerTurn reaches into: engine.io's connection and, over WebSocket, its TCP socket. */
interface EngineConnection {
  transport?: { name?: string; socket?: { _socket?: NetSocket } };
  on(event: 'packetCreate', listener: () => void): void;
}

/**
 * Frames for one client within one turn of the event loop leave in one write: the first frame
 * corks the client's TCP socket and the next turn uncorks it. A sent message gives its sender an
 * acknowledgement and a conversation update in quick succession, and a write to a socket is a
 * system call (it was the largest single cost of a send). Long-polling clients are left alone.
 */
function writeOncePerTurn(socket: RealtimeSocket): void {
  const conn = socket.conn as unknown as EngineConnection;
  let corked: NetSocket | null = null;
  const uncork = () => {
    const raw = corked;
    corked = null;
    if (raw && !raw.destroyed) raw.uncork();
  };
  conn.on('packetCreate', () => {
    if (corked) return;
    const raw = conn.transport?.name === 'websocket' ? conn.transport.socket?._socket : undefined;
    if (!raw || raw.destroyed || typeof raw.cork !== 'function') return;
    raw.cork();
    corked = raw;
    setImmediate(uncork);
  });
}

/** The room of one sign-in's sockets (its device session family), for signing that one out. */
export const sessionRoom = (familyId: string) => `session:${familyId}`;

/**
 * Closes every open socket of one user, on every process (the adapter carries the request), so a
 * deleted, signed-out-everywhere, re-passworded or re-roled account stops receiving events at once.
 * `exceptFamilyId` keeps the sockets of the one sign-in that made the change (a password change).
 */
export function disconnectUser(io: RealtimeServer, userId: string, opts: { exceptFamilyId?: string | null } = {}): void {
  const target = io.in(userRoom(userId));
  (opts.exceptFamilyId ? target.except(sessionRoom(opts.exceptFamilyId)) : target).disconnectSockets(true);
}

/** Closes the sockets of the given sign-ins only, on every process. */
export function disconnectSessions(io: RealtimeServer, familyIds: string[]): void {
  if (familyIds.length > 0) io.in(familyIds.map(sessionRoom)).disconnectSockets(true);
}
