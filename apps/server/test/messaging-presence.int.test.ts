import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_RATE_LIMIT } from '@atelier/shared';
import type { Database } from '../src/platform/db/db.js';
import { TokenService } from '../src/platform/http/auth.js';
import { Presence } from '../src/modules/messaging/messaging.presence.js';
import { insertMessage } from '../src/modules/messaging/messaging.repository.js';
import { openTestDatabase } from './app.js';
import { createUser } from './factories.js';

/**
 * Presence and the send limit are shared by every API process through the database. Each
 * `Presence` here is one process ("node") on the same database, as several ROLE=api processes are;
 * the two-process version with real servers is messaging-processes.pg.test.ts.
 */
let database: Database;
let tokens: TokenService;
const clock = () => new Date();
const nodes: Presence[] = [];

interface Change {
  userId: string;
  isOnline: boolean;
}

function node(changes: Change[] = [], opts: { ttlMs?: number } = {}): Presence {
  const presence = new Presence({
    db: database.db,
    onChange: (userId, isOnline) => changes.push({ userId, isOnline }),
    heartbeatMs: 60_000,
    ...opts,
  });
  nodes.push(presence);
  return presence;
}

/** As if the process stopped beating long ago (crashed or frozen), without it cleaning up. */
async function stall(presence: Presence) {
  await database.db.execute(
    sql`UPDATE presence_nodes SET last_seen = now() - interval '1 hour' WHERE node_id = ${presence.nodeId}`,
  );
}

const person = async () => (await createUser({ database, tokens, clock })).id;

beforeAll(async () => {
  database = await openTestDatabase();
  tokens = new TokenService(randomBytes(32).toString('hex'));
});
afterAll(async () => {
  for (const n of nodes) await n.close().catch(() => undefined);
  await database.close();
});

describe('presence across processes', () => {
  it('sees a person online from another node, once per person, until their last socket goes', async () => {
    const seenA: Change[] = [];
    const seenB: Change[] = [];
    const a = node(seenA);
    const b = node(seenB);
    const ana = await person();

    expect(await b.isOnline(ana)).toBe(false);
    // Two tabs on two processes at the same moment: exactly one "came online".
    const added = await Promise.all([a.add(ana, 'tab-1'), b.add(ana, 'tab-2')]);
    expect(added.filter(Boolean)).toHaveLength(1);
    expect([...seenA, ...seenB]).toEqual([{ userId: ana, isOnline: true }]);
    expect(await b.isOnline(ana)).toBe(true);
    expect(await a.onlineAmong([ana, 'not-a-user-id', '00000000-0000-4000-8000-000000000000'])).toEqual(new Set([ana]));

    expect(await a.remove(ana, 'tab-1')).toBe(false);
    expect(await a.isOnline(ana)).toBe(true);
    expect(await b.remove(ana, 'tab-2')).toBe(true);
    expect(await a.isOnline(ana)).toBe(false);
    expect([...seenA, ...seenB]).toEqual([
      { userId: ana, isOnline: true },
      { userId: ana, isOnline: false },
    ]);
  });

  it("runs one socket's online and offline in the order they were asked, however fast", async () => {
    const a = node();
    const ben = await person();
    const added = a.add(ben, 'flicker');
    const removed = a.remove(ben, 'flicker');
    expect(await added).toBe(true);
    expect(await removed).toBe(true);
    expect(await a.isOnline(ben)).toBe(false);
  });

  it('treats the sockets of a node that stopped beating as gone, and announces who left', async () => {
    const seenLive: Change[] = [];
    const crashed = node();
    const live = node(seenLive);
    const cy = await person();
    const dee = await person();
    await crashed.add(cy, 's1');
    await crashed.add(dee, 's2');
    await live.add(dee, 's3');

    await stall(crashed);
    // Stale rows stop counting at once, before anyone sweeps them.
    expect(await live.isOnline(cy)).toBe(false);
    expect(await live.isOnline(dee)).toBe(true);

    await live.beat();
    // Only cy went offline: dee still has a socket on the live node.
    expect(seenLive).toEqual([{ userId: cy, isOnline: false }]);
    const left = await database.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM presence_nodes WHERE node_id = $1',
      [crashed.nodeId],
    );
    expect(left.rows[0]?.n).toBe(0);
  });

  it("brings a node's sockets back when it beats again after being swept", async () => {
    const seenFrozen: Change[] = [];
    const frozen = node(seenFrozen);
    const sweeper = node();
    const eli = await person();
    await frozen.add(eli, 's1');
    seenFrozen.length = 0;

    await stall(frozen);
    await sweeper.beat();
    expect(await sweeper.isOnline(eli)).toBe(false);

    await frozen.beat();
    expect(await sweeper.isOnline(eli)).toBe(true);
    expect(seenFrozen).toEqual([{ userId: eli, isOnline: true }]);
  });

  it("takes a closing node's sockets away with it", async () => {
    const seen: Change[] = [];
    const closing = node(seen);
    const other = node();
    const fay = await person();
    await closing.add(fay, 's1');
    await closing.close();
    expect(await other.isOnline(fay)).toBe(false);
    expect(seen.at(-1)).toEqual({ userId: fay, isOnline: false });
    // A closed node takes no new sockets.
    expect(await closing.add(fay, 's2')).toBe(false);
  });
});

describe('the send limit across processes', () => {
  it('stores at most the limit when many sends race, whoever the sender', async () => {
    const [gus, hal] = [await person(), await person()];
    const now = new Date();
    const attempts = MESSAGE_RATE_LIMIT.count + 6;
    const results = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        insertMessage(database.db, {
          senderId: gus,
          authorId: gus,
          recipientId: hal,
          content: `race ${i}`,
          now,
          limit: MESSAGE_RATE_LIMIT,
        }),
      ),
    );
    expect(results.filter((r) => r !== null)).toHaveLength(MESSAGE_RATE_LIMIT.count);

    // Once the window has passed, the same person may send again.
    const later = await insertMessage(database.db, {
      senderId: gus,
      authorId: gus,
      recipientId: hal,
      content: 'later',
      now: new Date(now.getTime() + MESSAGE_RATE_LIMIT.windowMs),
      limit: MESSAGE_RATE_LIMIT,
    });
    expect(later?.message.content).toBe('later');
  });
});
