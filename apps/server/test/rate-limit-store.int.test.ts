import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../src/platform/db/db.js';
import { DatabaseCounterStore, RedisCounterStore, openCounterStore, type CounterStore } from '../src/platform/http/counter-store.js';
import { TestClock, createTestApp, openTestDatabase, type TestContext } from './app.js';

const redisUrl = process.env.TEST_REDIS_URL;

describe('the Redis counters are tested in CI', () => {
  it('has TEST_REDIS_URL whenever CI is set', () => {
    // Without it the Redis cases below would not run; CI must never pass without them.
    if (process.env.CI === 'true') expect(redisUrl, 'CI must set TEST_REDIS_URL').toBeTruthy();
  });
});

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => database.close());

interface StoreKind {
  name: string;
  /** Two handles on one shared store, as two processes would have. */
  open(clock: TestClock): { a: CounterStore; b: CounterStore };
}

const kinds: StoreKind[] = [
  {
    name: 'database',
    open: (clock) => ({
      a: new DatabaseCounterStore(database, clock.now),
      b: new DatabaseCounterStore(database, clock.now),
    }),
  },
];
if (redisUrl) {
  kinds.push({
    name: 'redis',
    open: (clock) => {
      const prefix = `atelier-test:${randomBytes(4).toString('hex')}:`;
      return {
        a: new RedisCounterStore(redisUrl, prefix, clock.now),
        b: new RedisCounterStore(redisUrl, prefix, clock.now),
      };
    },
  });
}

describe.each(kinds)('$name counters', (kind) => {
  let clock: TestClock;
  let a: CounterStore;
  let b: CounterStore;
  beforeAll(() => {
    clock = new TestClock();
    ({ a, b } = kind.open(clock));
  });
  afterAll(async () => {
    await a.close();
    await b.close();
  });

  it('counts every hit once, in parallel and across two handles', async () => {
    const hits = await Promise.all(Array.from({ length: 40 }, (_, i) => (i % 2 ? a : b).hit('parallel', 60_000)));
    expect(hits.map((h) => h.count).sort((x, y) => x - y)).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(await b.peek('parallel')).toMatchObject({ count: 40 });
  });

  it('starts a new window once the old one has passed, and keeps the end of a live one', async () => {
    expect(await a.hit('window', 10_000)).toEqual({ count: 1, ttlMs: 10_000 });
    clock.advance(4_000);
    expect(await b.hit('window', 10_000)).toEqual({ count: 2, ttlMs: 6_000 });
    clock.advance(6_000);
    expect(await a.peek('window')).toBeNull();
    expect(await a.hit('window', 10_000)).toEqual({ count: 1, ttlMs: 10_000 });
  });

  it('forgets a key on reset', async () => {
    await a.hit('reset-me', 60_000);
    await b.reset('reset-me');
    expect(await a.peek('reset-me')).toBeNull();
    expect((await a.hit('reset-me', 60_000)).count).toBe(1);
  });
});

describe.runIf(redisUrl)('Redis counters of the configuration', () => {
  it('are shared by the processes of one database, and apart from another database on the same Redis', async () => {
    const tag = randomBytes(4).toString('hex');
    const of = (name: string) => openCounterStore({ REDIS_URL: redisUrl, DATABASE_URL: `postgres://127.0.0.1:5432/${name}_${tag}` }, database, () => new Date());
    const [first, second, other] = [of('one'), of('one'), of('two')];
    try {
      expect((await first.hit('login:203.0.113.9', 60_000)).count).toBe(1);
      expect((await second.hit('login:203.0.113.9', 60_000)).count).toBe(2);
      expect((await other.hit('login:203.0.113.9', 60_000)).count).toBe(1);
    } finally {
      await Promise.all([first.close(), second.close(), other.close()]);
    }
  });
});

describe('limits shared by app instances on one database', () => {
  const login = (t: TestContext) =>
    t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: {}, remoteAddress: '203.0.113.70' });

  it('hold across two processes and across a restart', async () => {
    const shared = await openTestDatabase();
    const env = { RATE_LIMIT_DISABLED: 'false' };
    const first = await createTestApp(env, { database: shared });
    const second = await createTestApp(env, { database: shared });
    try {
      for (let i = 0; i < 5; i++) expect((await login(first)).statusCode).toBe(400);
      for (let i = 0; i < 5; i++) expect((await login(second)).statusCode).toBe(400);
      // Ten calls, five on each: the limit of ten is reached on both.
      expect((await login(first)).statusCode).toBe(429);
      expect((await login(second)).statusCode).toBe(429);
      await first.close();
      await second.close();
      const restarted = await createTestApp(env, { database: shared });
      try {
        expect((await login(restarted)).statusCode).toBe(429);
      } finally {
        await restarted.close();
      }
    } finally {
      await shared.close();
    }
  }, 60_000);

  it.runIf(redisUrl)(
    'hold across two processes and a restart with REDIS_URL',
    async () => {
      const prefix = `atelier-test:${randomBytes(4).toString('hex')}:`;
      const env = { RATE_LIMIT_DISABLED: 'false' };
      const open = async () => {
        const counters = new RedisCounterStore(redisUrl!, prefix);
        // The database is shared only to start quickly: these counters live in Redis.
        const t = await createTestApp(env, { counters, database });
        return { t, close: async () => (await t.close(), await counters.close()) };
      };
      const first = await open();
      const second = await open();
      for (let i = 0; i < 5; i++) expect((await login(first.t)).statusCode).toBe(400);
      for (let i = 0; i < 5; i++) expect((await login(second.t)).statusCode).toBe(400);
      expect((await login(second.t)).statusCode).toBe(429);
      await first.close();
      await second.close();
      const restarted = await open();
      expect((await login(restarted.t)).statusCode).toBe(429);
      await restarted.close();
    },
    60_000,
  );
});
