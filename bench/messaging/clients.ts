/**
 * The messaging bench's clients, in a process of their own (forked by run.ts), so the measured
 * server's process does only server work: it neither encodes the clients' frames nor decodes what
 * it sends them. The parent sends one request at a time and gets one answer back:
 *   open  → opens every socket (in batches) and answers `opened`;
 *   run   → pairs exchange messages on a fixed schedule and answers the figures;
 *   close → disconnects every socket and answers `closed`.
 */
import { io as connect, type Socket } from 'socket.io-client';
import { percentile } from '../lib.js';

export interface ClientPeer {
  id: string;
  token: string;
}

export interface ExchangeResult {
  scenario: string;
  clients: number;
  seconds: number;
  intervalMs: number;
  /** Sends per second the clients offered. */
  offeredPerSecond: number;
  sent: number;
  delivered: number;
  /** Sends the server answered with an error (rate limit, validation); 0 for the relay. */
  refused: number;
  /** Refusals by the server's reason. */
  refusedBy: Record<string, number>;
  lost: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** From the first send until the last delivery. */
  wallSeconds: number;
  /** CPU time (user + system) the clients' process spent on the exchange. */
  clientsCpuMs: number;
}

export type ClientRequest =
  | { kind: 'open'; url: string; peers: ClientPeer[] }
  | {
      kind: 'run';
      scenario: string;
      /** `relay`: emit `relay` {to, content}, hear `relayed`. `app`: `sendMessage` with an ack, hear `newMessage`. */
      protocol: 'relay' | 'app';
      seconds: number;
      intervalMs: number;
    }
  | { kind: 'close' };

export type ClientAnswer = { kind: 'opened' } | { kind: 'result'; result: ExchangeResult } | { kind: 'closed' };

/** After the last send, wait for stragglers while deliveries still arrive; give up after this much silence. */
const DRAIN_IDLE_MS = 15_000;
const DRAIN_MAX_MS = 600_000;
/** Sockets opened at once: a burst of 500 handshakes measures the handshake, not messaging. */
const CONNECT_BATCH = 50;

const wait = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Peer {
  id: string;
  socket: Socket;
}

let peers: Peer[] = [];

function open(url: string, token: string): Promise<Socket> {
  const socket = connect(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true });
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}

async function openAll(url: string, list: ClientPeer[]): Promise<void> {
  peers = [];
  for (let i = 0; i < list.length; i += CONNECT_BATCH) {
    const batch = list.slice(i, i + CONNECT_BATCH);
    const sockets = await Promise.all(batch.map((p) => open(url, p.token)));
    peers.push(...sockets.map((socket, j) => ({ id: batch[j]!.id, socket })));
  }
}

/**
 * Pairs send to each other until time is up, open loop (a slow server does not slow the senders
 * down, so its delay shows in the latency); latency is send → the partner hearing it.
 */
async function exchange(req: Extract<ClientRequest, { kind: 'run' }>): Promise<ExchangeResult> {
  const event = req.protocol === 'relay' ? 'relayed' : 'newMessage';
  const latencies: number[] = [];
  let refused = 0;
  const refusedBy: Record<string, number> = {};
  const tag = `${req.scenario}-${Date.now()}`;
  let lastHeard = 0;
  for (const peer of peers) {
    peer.socket.on(event, (payload: { content?: string; senderId?: string }) => {
      const content = payload?.content ?? '';
      // The real server also echoes to the sender's other tabs; only the partner's copy counts.
      if (!content.startsWith(tag) || payload.senderId === peer.id) return;
      lastHeard = performance.now();
      latencies.push(lastHeard - Number(content.slice(tag.length + 1)));
    });
  }
  const sendOne = (from: Peer, to: Peer, content: string) => {
    if (req.protocol === 'relay') {
      from.socket.emit('relay', { to: to.id, content });
      return;
    }
    from.socket.emit('sendMessage', { recipientId: to.id, content }, (ack: { ok: boolean; error?: string }) => {
      if (ack.ok) return;
      refused += 1;
      refusedBy[ack.error ?? '?'] = (refusedBy[ack.error ?? '?'] ?? 0) + 1;
    });
  };
  let sent = 0;
  const cpu = process.cpuUsage();
  const started = performance.now();
  const deadline = started + req.seconds * 1000;
  await Promise.all(
    peers.map(async (peer, i) => {
      const partner = peers[i % 2 === 0 ? i + 1 : i - 1]!;
      // Spread the clients' first sends over one interval, so the load is even rather than in waves.
      let due = started + (i * req.intervalMs) / peers.length;
      await wait(Math.max(0, due - performance.now()));
      while (due < deadline) {
        const sentAt = performance.now();
        // Stamped with when it was due when the timer got round to it late (the clients' own
        // process was busy). A timer may also fire a fraction of a millisecond early; then the
        // real time is the stamp.
        sendOne(peer, partner, `${tag}:${Math.min(due, performance.now())}`);
        sent += 1;
        // A fixed schedule, not "interval after the last send": timer lateness must not add up.
        // But a client that fell behind (its process was busy) does not catch up with sends closer
        // together than the interval: that would break the send limit the interval keeps under.
        due = Math.max(due + req.intervalMs, sentAt + req.intervalMs);
        if (due >= deadline) break;
        await wait(Math.max(0, due - performance.now()));
      }
    }),
  );
  const drainStarted = performance.now();
  while (
    latencies.length + refused < sent &&
    performance.now() - Math.max(lastHeard, drainStarted) < DRAIN_IDLE_MS &&
    performance.now() - drainStarted < DRAIN_MAX_MS
  )
    await wait(50);
  // Delivered per second over the time it took: the sending time, or longer when the server lagged.
  const wallS = (Math.max(lastHeard, deadline) - started) / 1000;
  const used = process.cpuUsage(cpu);
  for (const peer of peers) peer.socket.off(event);
  return {
    scenario: req.scenario,
    clients: peers.length,
    seconds: req.seconds,
    intervalMs: req.intervalMs,
    offeredPerSecond: Number(((peers.length * 1000) / req.intervalMs).toFixed(1)),
    sent,
    delivered: latencies.length,
    refused,
    refusedBy,
    lost: sent - latencies.length,
    perSecond: Number((latencies.length / wallS).toFixed(1)),
    p50Ms: Number(percentile(latencies, 50).toFixed(2)),
    p99Ms: Number(percentile(latencies, 99).toFixed(2)),
    wallSeconds: Number(wallS.toFixed(1)),
    clientsCpuMs: Math.round((used.user + used.system) / 1000),
  };
}

async function answer(req: ClientRequest): Promise<ClientAnswer> {
  switch (req.kind) {
    case 'open':
      await openAll(req.url, req.peers);
      return { kind: 'opened' };
    case 'run':
      return { kind: 'result', result: await exchange(req) };
    case 'close':
      for (const p of peers) p.socket.disconnect();
      peers = [];
      return { kind: 'closed' };
  }
}

process.on('message', (req: ClientRequest) => {
  answer(req).then(
    (a) => process.send?.(a),
    (err: unknown) => {
      console.error(err);
      process.exit(1);
    },
  );
});
// Nothing to do once the parent has gone.
process.on('disconnect', () => process.exit(0));
