import { randomBytes } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Content } from '@atelier/shared';
import { PublicReadCache } from '../src/platform/cache/public-reads.js';
import { RedisReadLayer } from '../src/platform/cache/shared-reads.js';
import type { Database } from '../src/platform/db/db.js';
import { content as contentTable } from '../src/modules/content/content.schema.js';
import { createTestApp, openTestDatabase, type TestContext } from './app.js';
import { createUser, waitFor, type TestUser } from './factories.js';

/**
 * The public-read cache's shared level (Redis, platform/cache/shared-reads.ts) across app instances
 * on one PostgreSQL database: a reply one instance filled is served by another from Redis, and after
 * a write's reply no instance reads an entry from before it, even one that never hears the
 * database's notifications. Runs in the PostgreSQL leg, with TEST_REDIS_URL (.ci/run sets it).
 */
const redisUrl = process.env.TEST_REDIS_URL;

describe('the shared public-read cache is tested in CI', () => {
  it('has TEST_REDIS_URL whenever CI is set', () => {
    if (process.env.CI === 'true') expect(redisUrl, 'CI must set TEST_REDIS_URL').toBeTruthy();
  });
});

describe.runIf(redisUrl)('public reads shared through Redis', () => {
  const prefix = `atelier-test:pr:${randomBytes(4).toString('hex')}:`;
  let database: Database;
  let redis: Redis;
  let a: TestContext;
  let b: TestContext;
  /** An instance that never hears the database's notifications: only Redis's generation keeps it right. */
  let deaf: TestContext;
  const caches: PublicReadCache[] = [];
  let maker: TestUser;
  let fan: TestUser;
  let itemId: string;

  const openInstance = async (listening: boolean) => {
    const cache = new PublicReadCache({ database, shared: new RedisReadLayer(redisUrl!, prefix) });
    caches.push(cache);
    if (listening) await cache.start();
    return createTestApp({}, { database, publicReads: cache });
  };
  const visit = (t: TestContext, path: string) => t.app.inject({ method: 'GET', url: `/api/v1${path}` });
  const stats = (t: TestContext) => t.deps.publicReads!.stats;
  /**
   * Reads `path` through `t` until Redis holds its reply under the current generation (a fill's
   * store does not hold its reply back, and a change heard meanwhile rightly refuses it).
   */
  const filledThrough = (t: TestContext, path: string, marker: string) =>
    waitFor(
      async () => {
        const generation = (await redis.get(`${prefix}gen`)) ?? '0';
        if ((await redis.keys(`${prefix}${generation}:*`)).some((k) => k.includes(marker))) return true;
        t.deps.publicReads!.invalidateLocal();
        expect((await visit(t, path)).statusCode).toBe(200);
        return undefined;
      },
      5000,
      'the fill in Redis',
    );

  beforeAll(async () => {
    database = await openTestDatabase();
    redis = new Redis(redisUrl!);
    a = await openInstance(true);
    b = await openInstance(true);
    deaf = await openInstance(false);
    maker = await createUser(b.deps);
    fan = await createUser(b.deps);
    const [row] = await database.db
      .insert(contentTable)
      .values({ userId: maker.id, title: 'Shared light', prompt: 'plain words', model: 'stable-diffusion-xl', contentType: 'photo', status: 'ready', seed: 1, cost: 0 })
      .returning({ id: contentTable.id });
    itemId = row!.id;
  }, 120_000);

  afterAll(async () => {
    for (const t of [a, b, deaf]) await t?.close();
    for (const cache of caches) await cache.close();
    if (redis) {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    }
    await database?.close();
  }, 30_000);

  it('serves a reply one instance filled to another from Redis', async () => {
    for (const [path, marker] of [
      ['/content?pageSize=9', '"pageSize":9'],
      [`/content/${itemId}`, itemId],
    ] as const) {
      await filledThrough(a, path, marker);
      const filled = await visit(a, path);
      const shared = stats(b).sharedHits;
      const served = await visit(b, path);
      expect(stats(b).sharedHits, path).toBe(shared + 1);
      expect(served.body, path).toBe(filled.body);
      expect(served.headers.etag, path).toBe(filled.headers.etag);
      // Kept in b's own cache from then on.
      const hits = stats(b).hits;
      await visit(b, path);
      expect(stats(b).hits, path).toBe(hits + 1);
    }
  });

  it('after a write through one instance, a read through another never sees the old page', async () => {
    for (let round = 0; round < 4; round += 1) {
      const liked = round % 2 === 0;
      // Every instance holds the page (its own cache, and Redis) before the write.
      await filledThrough(a, `/content/${itemId}`, itemId);
      for (const t of [a, b, deaf]) expect((await visit(t, `/content/${itemId}`)).json().data.likeCount).toBe(liked ? 0 : 1);
      const res = await b.app.inject({ method: liked ? 'POST' : 'DELETE', url: `/api/v1/content/${itemId}/like`, headers: fan.headers });
      expect(res.statusCode).toBe(200);
      expect((await visit(a, `/content/${itemId}`)).json().data.likeCount).toBe(liked ? 1 : 0);
      const page = (await visit(a, '/content?pageSize=9')).json() as { data: Content[] };
      expect(page.data.find((c) => c.id === itemId)?.likeCount).toBe(liked ? 1 : 0);
      // The deaf instance's own cache is old (it heard nothing), but Redis holds nothing from before.
      deaf.deps.publicReads!.invalidateLocal();
      expect((await visit(deaf, `/content/${itemId}`)).json().data.likeCount).toBe(liked ? 1 : 0);
    }
  });

  it('an item written straight into the database (the worker) retires Redis through those who hear it', async () => {
    await filledThrough(a, '/content?pageSize=9', '"pageSize":9');
    const [row] = await database.db
      .insert(contentTable)
      .values({ userId: maker.id, title: 'Worker light', prompt: 'plain words', model: 'stable-diffusion-xl', contentType: 'photo', status: 'ready', seed: 2, cost: 0 })
      .returning({ id: contentTable.id });
    const has = async (t: TestContext) => ((await visit(t, '/content?pageSize=9')).json() as { data: Content[] }).data.some((c) => c.id === row!.id);
    for (const t of [a, b]) await waitFor(async () => ((await has(t)) ? true : undefined), 3000, 'the new item');
    await waitFor(
      async () => {
        deaf.deps.publicReads!.invalidateLocal();
        return (await has(deaf)) ? true : undefined;
      },
      3000,
      'the new item through Redis',
    );
  });

  it('refuses a fill read before the generation moved on', async () => {
    const layer = new RedisReadLayer(redisUrl!, prefix);
    try {
      const { ticket } = await layer.lookup('raced');
      await layer.bump();
      await layer.store('raced', ticket, '{"old":true}');
      expect((await layer.lookup('raced')).body).toBeNull();
      const fresh = await layer.lookup('raced');
      await layer.store('raced', fresh.ticket, '{"new":true}');
      expect((await layer.lookup('raced')).body).toBe('{"new":true}');
    } finally {
      await layer.close();
    }
  });
});
