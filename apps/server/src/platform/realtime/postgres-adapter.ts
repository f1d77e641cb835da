import pg from 'pg';
import { surviveConnectionLoss } from '../db/db.js';
import type { RealtimeOptions } from './realtime.js';

type Log = { info(msg: string): void; warn(msg: string): void; error?(obj: object, msg?: string): void };

// Kept in a variable so the build does not require the package: it is an optional add-on.
const ADAPTER_PACKAGE = '@socket.io/postgres-adapter';

/** The package's defaults: notifications go to `<prefix>#<namespace>`, larger payloads to a table. */
const CHANNEL_PREFIX = 'socket.io';
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more; larger ones go through the package's table. */
const PAYLOAD_LIMIT = 7900;

/** A message between processes, as the package's cluster adapter builds it (uid, nsp, type, data). */
type ClusterMessage = { nsp: string } & Record<string, unknown>;

/** The parts of the package's adapter that publishing goes through. */
interface PublishingAdapter {
  doPublish(message: ClusterMessage): Promise<string>;
  doPublishResponse(requesterUid: string, response: ClusterMessage): Promise<void>;
  /** Its own publisher: one NOTIFY per message, with the table for binary or large payloads. */
  client: PubSubClient;
}

/** The package's client: it publishes, and LISTENs on a connection of its own that it opens again when it ends. */
interface PubSubClient {
  publish(message: ClusterMessage): Promise<void>;
  /** (Re)opens the listening connection; catches its own errors and tries again later. */
  initClient(): Promise<void>;
  /** The listening connection, once it LISTENs. */
  client?: unknown;
}

function hasBinary(value: unknown, depth = 0): boolean {
  if (!value || typeof value !== 'object' || depth > 32) return false;
  if (value instanceof ArrayBuffer || ArrayBuffer.isView(value)) return true;
  if (Array.isArray(value)) return value.some((v) => hasBinary(v, depth + 1));
  for (const key in value) if (hasBinary((value as Record<string, unknown>)[key], depth + 1)) return true;
  return false;
}

/**
 * Publishes the adapter's messages in batches: whatever was emitted while the previous batch was
 * on its way goes in the next one, as one statement of several NOTIFYs. Batches go one after
 * another on one connection, so other processes receive messages in the order they were emitted.
 * Each notification is still one message in the package's own format, so every process reads them
 * as before. The emitting process does not wait for the database to deliver to its own sockets:
 * the package's publish resolved only after the NOTIFY's round trip, and its pool of two (one of
 * them LISTENing) made every emit of the process queue behind the previous one's NOTIFY.
 */
export class NotifyBatcher {
  private queue: { message: ClusterMessage; fallback: (m: ClusterMessage) => Promise<void> }[] = [];
  private draining: Promise<void> | null = null;
  /** Makes every payload distinct: PostgreSQL delivers identical payloads of one transaction once. */
  private seq = 0;

  constructor(
    private readonly pool: Pick<pg.Pool, 'query'>,
    private readonly onError: (err: unknown) => void,
  ) {}

  push(message: ClusterMessage, fallback: (m: ClusterMessage) => Promise<void>): void {
    this.queue.push({ message, fallback });
    // setImmediate gathers everything emitted in this turn of the event loop into the first batch.
    this.draining ??= new Promise<void>((resolve) => setImmediate(resolve)).then(() => this.drain());
  }

  /** Resolves once everything pushed so far is published. */
  async flushed(): Promise<void> {
    while (this.draining) await this.draining;
  }

  private async drain(): Promise<void> {
    while (this.queue.length > 0) {
      const batch = this.queue;
      this.queue = [];
      let channels: string[] = [];
      let payloads: string[] = [];
      const send = async () => {
        if (payloads.length === 0) return;
        const [c, p] = [channels, payloads];
        channels = [];
        payloads = [];
        // One JSON parameter: node-postgres escapes a text[] parameter character by character.
        await this.pool
          .query(
            'SELECT pg_notify(n->>0, n->>1) FROM json_array_elements($1::json) WITH ORDINALITY AS t(n, i) ORDER BY i',
            [JSON.stringify(c.map((channel, i) => [channel, p[i]]))],
          )
          .catch(this.onError);
      };
      for (const { message, fallback } of batch) {
        let payload: string | null = null;
        try {
          payload = hasBinary(message) ? null : JSON.stringify({ ...message, seq: (this.seq += 1) });
        } catch (err) {
          this.onError(err);
          continue;
        }
        if (payload === null || Buffer.byteLength(payload) > PAYLOAD_LIMIT) {
          // Binary or large: through the package's table, in its place in the order.
          await send();
          await fallback(message).catch(this.onError);
          continue;
        }
        channels.push(`${CHANNEL_PREFIX}#${message.nsp}`);
        payloads.push(payload);
      }
      await send();
    }
    this.draining = null;
  }
}

/**
 * With several API processes, Socket.IO events must cross processes (DESIGN.md §1). The
 * @socket.io/postgres-adapter package does that over LISTEN/NOTIFY on the same database; its
 * messages are published in batches here (NotifyBatcher). When the package is not installed,
 * realtime stays in-process, which is correct for one API process.
 */
export async function loadPostgresAdapter(
  databaseUrl: string,
  log: Log,
): Promise<{
  adapter: NonNullable<RealtimeOptions['adapter']>;
  /** Runs each time the listening connection is back after it was lost (events may have been missed). */
  onListenRestored(listener: () => void): void;
  close(): Promise<void>;
} | null> {
  let mod: { createAdapter(pool: pg.Pool, opts?: object): (nsp: unknown) => unknown };
  try {
    mod = (await import(ADAPTER_PACKAGE)) as typeof mod;
  } catch {
    log.warn(`${ADAPTER_PACKAGE} is not installed: socket events reach only this process's clients`);
    return null;
  }
  // Its table, socket_io_attachments, comes from the migrations (0013), which ran before this.
  // One connection LISTENs; the other publishes, one batch at a time.
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const onError = (err: unknown) => log.error?.({ err }, 'socket event not published to the other processes');
  // The package listens again on a new connection when its listening one ends.
  surviveConnectionLoss(pool, () => log.warn('the realtime fan-out lost a database connection; it opens another'));
  // But it never gives the ended one back to the pool: that would hold one of its two places for
  // ever (publishing would then wait for ever) and keep close() waiting. It is given back here,
  // after anything that was using it for a query has had its turn to.
  const held = new Set<pg.PoolClient>();
  pool.on('acquire', (client) => held.add(client));
  pool.on('release', (_err, client) => held.delete(client));
  pool.on('connect', (client) =>
    client.on('end', () =>
      setImmediate(() => {
        if (held.has(client)) client.release(true);
      }),
    ),
  );
  const batcher = new NotifyBatcher(pool, onError);
  // While the listening connection is down, this process hears nothing the others emit. The
  // package's first LISTEN happens when it is created; each later one follows a lost connection,
  // and then this process's sockets are told to catch up (realtime.resync).
  const restored = new Set<() => void>();
  const watched = new WeakSet<PubSubClient>();
  const watchListening = (client: PubSubClient) => {
    if (watched.has(client)) return;
    watched.add(client);
    const initClient = client.initClient.bind(client);
    client.initClient = async () => {
      await initClient();
      if (!client.client) return;
      log.warn('the realtime fan-out listens again; clients are told to catch up');
      for (const listener of restored) listener();
    };
  };
  const create = mod.createAdapter(pool, { channelPrefix: CHANNEL_PREFIX, errorHandler: onError });
  // Socket.IO calls it with `new`: a plain function returning the instance, as the package's own is.
  const adapter = function (nsp: unknown) {
    const instance = create(nsp) as PublishingAdapter;
    watchListening(instance.client);
    const fallback = (m: ClusterMessage) => instance.client.publish(m);
    // Resolving at once lets the cluster adapter deliver to this process's sockets without waiting.
    instance.doPublish = (message) => {
      batcher.push(message, fallback);
      return Promise.resolve('');
    };
    instance.doPublishResponse = (_requesterUid, response) => {
      batcher.push(response, fallback);
      return Promise.resolve();
    };
    return instance;
  };
  log.info('socket events fan out across processes through PostgreSQL');
  return {
    adapter: adapter as unknown as NonNullable<RealtimeOptions['adapter']>,
    onListenRestored: (listener) => void restored.add(listener),
    close: async () => {
      await batcher.flushed();
      await pool.end();
    },
  };
}
